extension BulkLoad {
    /// One top-level post for `BulkLoad.compose(_:)`: what `PostService.compose(.post(text, image:), by:)` takes.
    public struct Draft: Sendable {
        public var text: String
        public var image: [UInt8]?
        public var author: UserID

        public init(_ text: String, image: [UInt8]? = nil, by author: UserID) {
            self.text = text
            self.image = image
            self.author = author
        }
    }
}
