import SocialStack

/// Search: users by username or name prefix, posts by full text (as tweet cells).
public final class ExploreController: Screen, TweetCellDelegate, MentionOpening, @unchecked Sendable {
    public let app: App
    public private(set) var users: [User] = []
    public private(set) var postCells: [TweetCell] = []
    public private(set) var isOpen = false

    /// The explore screen.
    public init(app: App) { self.app = app }

    public var title: String { "Explore" }

    public func load() throws {
        _ = try app.viewer()
        isOpen = true
    }

    /// Searches users; the results replace the previous ones.
    public func searchUsers(_ query: String) throws {
        guard isOpen else { throw ScreenError.notOpen(screen: "ExploreController") }
        users = try app.stack.search.users(matching: query)
    }

    /// Searches posts; the results replace the previous ones.
    public func searchPosts(_ query: String) throws {
        guard isOpen else { throw ScreenError.notOpen(screen: "ExploreController") }
        let viewer = try app.viewer()
        let list = TweetList(app: app)
        postCells = list.cells(for: try list.viewModels(for: try app.stack.search.posts(matching: query), viewer: viewer),
                               controller: self)
    }

    public func close() { isOpen = false }

    public var parts: [AnyObject] { [self] + postCells }

    public func cellDidTapLike(_ cell: TweetCell) throws {
        try TweetList(app: app).toggleLike(cell, viewer: try app.viewer())
    }
}
