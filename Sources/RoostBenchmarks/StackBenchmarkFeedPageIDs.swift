import SocialStack

/// A feed page's post ids and cursor, as both sides report it.
struct FeedPageIDs: Equatable, CustomStringConvertible {
    var ids: [Int64]
    var nextCursor: Int64?

    init(_ page: Page<Post>) {
        ids = page.items.map(\.id.rawValue)
        nextCursor = page.nextCursor
    }

    init(_ page: StackReference.FeedPage) {
        ids = page.ids
        nextCursor = page.nextCursor
    }

    var description: String { "\(ids) next \(nextCursor.map(String.init) ?? "none")" }
}
