import SocialStack

/// The home timeline: pages of tweet cells (`loadNextPage()`, `refresh()`) and a live
/// observation of new posts. The `feedObserver` edge's weak form cancels the observation
/// on close; the strong form is the apps' bug: the observation's token is dropped, its
/// callback captures the controller, and each refresh starts one more, so callbacks repeat
/// and keep arriving after the screen closed.
public final class FeedController: Screen, TweetCellDelegate, MentionOpening, @unchecked Sendable {
    public let app: App
    public private(set) var cells: [TweetCell] = []
    public private(set) var isOpen = false
    /// Whether an older page may exist.
    public private(set) var hasMorePages = false
    private var cursor: Int64?
    private var observation: FeedObservation?
    /// Posts the live observation delivered, one entry per callback (repeats included).
    private let delivered = Locked<[PostID]>([])
    private let pageSize: Int

    /// A feed of `pageSize` posts per page for the signed-in user.
    public init(app: App, pageSize: Int = PageSize.default) {
        self.app = app
        self.pageSize = pageSize
    }

    public var title: String { "Home" }

    /// Every callback the live observation made, in order (a post twice if two observations
    /// delivered it).
    public var deliveredPosts: [PostID] { delivered.withLock { $0 } }

    public func load() throws {
        cells = []
        cursor = nil
        try loadNextPage()
        try startObserving()
        isOpen = true
    }

    /// Appends the next older page; does nothing when there is none.
    public func loadNextPage() throws {
        let viewer = try app.viewer()
        guard cells.isEmpty || hasMorePages else { return }
        let page = try app.stack.feed.homeFeed(for: viewer, before: cursor, limit: pageSize)
        let list = TweetList(app: app)
        cells += list.cells(for: try list.viewModels(for: page.items, viewer: viewer), controller: self)
        cursor = page.nextCursor
        hasMorePages = page.nextCursor != nil
    }

    /// Reloads the first page (pull to refresh). The strong variant starts another observation.
    public func refresh() throws {
        cells = []
        cursor = nil
        hasMorePages = false
        try loadNextPage()
        if app.strength(of: .feedObserver) == .strong { try startObserving() }
    }

    public func close() {
        if app.strength(of: .feedObserver) == .weak {
            observation?.cancel()
            observation = nil
        }
        isOpen = false
    }

    public var parts: [AnyObject] { [self] + cells }

    private func startObserving() throws {
        let viewer = try app.viewer()
        switch app.strength(of: .feedObserver) {
        case .weak:
            observation?.cancel()
            observation = try app.stack.feed.observe(for: viewer) { [weak self] post in self?.receive(post) }
        case .strong:
            // The apps' code: the handle is not kept, so nothing can ever cancel it.
            _ = try app.stack.feed.observe(for: viewer) { post in self.receive(post) }
        }
    }

    private func receive(_ post: Post) {
        delivered.withLock { $0.append(post.id) }
    }

    public func cellDidTapLike(_ cell: TweetCell) throws {
        try TweetList(app: app).toggleLike(cell, viewer: try app.viewer())
    }
}
