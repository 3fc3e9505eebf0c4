import SocialStack

/// One post with its replies as tweet cells: like the post or a reply, write a reply.
public final class PostDetailController: Screen, TweetCellDelegate, MentionOpening, @unchecked Sendable {
    public let app: App
    public let postID: PostID
    /// The post itself, as a cell.
    public private(set) var postCell: TweetCell?
    /// Its replies, oldest first.
    public private(set) var replyCells: [TweetCell] = []
    public private(set) var isOpen = false

    /// A detail screen for `post`.
    public init(app: App, post: PostID) {
        self.app = app
        postID = post
    }

    public var title: String { "Post" }

    public func load() throws {
        let viewer = try app.viewer()
        let post = try app.stack.posts.post(postID)
        let replies = try app.stack.posts.replies(to: postID).items
        let list = TweetList(app: app)
        let cells = list.cells(for: try list.viewModels(for: [post] + replies, viewer: viewer), controller: self)
        postCell = cells.first
        replyCells = Array(cells.dropFirst())
        isOpen = true
    }

    public func close() { isOpen = false }

    public var parts: [AnyObject] { [self] + [postCell].compactMap { $0 } + replyCells }

    /// Likes or unlikes the post.
    public func toggleLike() throws {
        guard let postCell else { throw ScreenError.notOpen(screen: "PostDetailController") }
        try cellDidTapLike(postCell)
    }

    /// Writes a reply as the signed-in user and reloads the replies.
    @discardableResult
    public func reply(_ text: String) throws -> Post {
        guard isOpen else { throw ScreenError.notOpen(screen: "PostDetailController") }
        let reply = try app.stack.posts.compose(.reply(to: postID, text), as: try app.viewer())
        try load()
        return reply
    }

    public func cellDidTapLike(_ cell: TweetCell) throws {
        try TweetList(app: app).toggleLike(cell, viewer: try app.viewer())
    }
}
