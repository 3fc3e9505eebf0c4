extension BulkLoad {
    /// One account for `BulkLoad.signUp(_:)`: what `AuthService.signUp` takes.
    public struct Account: Sendable {
        public var email: String
        public var password: String
        public var username: String
        public var fullName: String
        public var profileImage: [UInt8]?

        public init(email: String, password: String, username: String, fullName: String, profileImage: [UInt8]? = nil) {
            self.email = email
            self.password = password
            self.username = username
            self.fullName = fullName
            self.profileImage = profileImage
        }
    }
}
