import SocialStack

/// A post's comments (Instagram style), newest first: add one, delete one's own.
public final class CommentsController: Screen, @unchecked Sendable {
    public let app: App
    public let postID: PostID
    public private(set) var comments: [Comment] = []
    /// The comments' authors, by id.
    public private(set) var authors: [UserID: User] = [:]
    public private(set) var isOpen = false

    /// The comments screen of `post`.
    public init(app: App, post: PostID) {
        self.app = app
        postID = post
    }

    public var title: String { "Comments" }

    public func load() throws {
        _ = try app.viewer()
        comments = try app.stack.comments.comments(on: postID).items
        authors = try app.stack.users.users(Array(uniqueInOrder: comments.lazy.map(\.author)))
        isOpen = true
    }

    /// Comments as the signed-in user and reloads.
    @discardableResult
    public func add(_ text: String) throws -> Comment {
        guard isOpen else { throw ScreenError.notOpen(screen: "CommentsController") }
        let comment = try app.stack.comments.comment(on: postID, text: text, as: try app.viewer())
        try load()
        return comment
    }

    /// Deletes one of the signed-in user's comments and reloads.
    public func delete(_ comment: CommentID) throws {
        guard isOpen else { throw ScreenError.notOpen(screen: "CommentsController") }
        try app.stack.comments.delete(comment, as: try app.viewer())
        try load()
    }

    public func close() { isOpen = false }

    public var parts: [AnyObject] { [self] }
}
