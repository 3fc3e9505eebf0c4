import SocialStack

/// What the compose screen writes: a new post, or a reply to one.
public enum ComposeConfiguration: Hashable, Sendable {
    case post
    case reply(Post)
}

/// The composer: its title, placeholder and action differ for a post and a reply; sending
/// writes through the stack.
public final class ComposeController: Screen, @unchecked Sendable {
    public let app: App
    public let configuration: ComposeConfiguration
    /// The author of the post being replied to, once loaded.
    public private(set) var replyingTo: User?
    public private(set) var isOpen = false
    /// What the composer sent, if anything.
    public private(set) var sent: Post?

    /// A composer for a post or a reply.
    public init(app: App, configuration: ComposeConfiguration) {
        self.app = app
        self.configuration = configuration
    }

    public var title: String {
        switch configuration {
        case .post: "New Post"
        case .reply: "Reply"
        }
    }

    /// The send button's title.
    public var actionTitle: String {
        switch configuration {
        case .post: "Post"
        case .reply: "Reply"
        }
    }

    /// The text field's placeholder.
    public var placeholder: String {
        switch configuration {
        case .post: "What's happening?"
        case .reply: replyingTo.map { "Reply to @\($0.username)" } ?? "Post your reply"
        }
    }

    public func load() throws {
        _ = try app.viewer()
        if case .reply(let post) = configuration { replyingTo = try app.stack.users.user(post.author) }
        isOpen = true
    }

    public func close() { isOpen = false }

    public var parts: [AnyObject] { [self] }

    /// Sends `text` (with an optional image for a post) as the signed-in user.
    @discardableResult
    public func send(_ text: String, image: [UInt8]? = nil) throws -> Post {
        guard isOpen else { throw ScreenError.notOpen(screen: "ComposeController") }
        let compose: Compose = switch configuration {
        case .post: .post(text, image: image)
        case .reply(let post): .reply(to: post.id, text)
        }
        let post = try app.stack.posts.compose(compose, as: try app.viewer())
        sent = post
        return post
    }
}
