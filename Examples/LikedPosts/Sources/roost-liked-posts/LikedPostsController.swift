import Screens
import SocialStack

/// A screen of this package's own: the posts the signed-in user liked. It listens on the
/// app's event bus for likes; its `likedPostsListener` edge is that listener's capture of
/// the screen, weak (the fix) or strong (the bug: the bus keeps the closed screen alive).
final class LikedPostsController: Screen, @unchecked Sendable {
    /// The listener's capture of the screen.
    static let listener = ReferenceEdge("likedPostsListener")

    let app: App
    let limit: Int
    private(set) var posts: [Post] = []
    private(set) var likesSeen = 0

    init(app: App, limit: Int) {
        self.app = app
        self.limit = limit
    }

    var title: String { "Liked" }

    func load() throws {
        posts = try app.stack.posts.liked(by: try app.viewer(), limit: limit).items
        switch app.policy.strength(of: Self.listener) {
        case .weak:
            app.eventBus.listen(owner: self) { [weak self] event in
                if case .postLiked = event { self?.likesSeen += 1 }
            }
        case .strong:
            app.eventBus.listen(owner: self) { event in
                if case .postLiked = event { self.likesSeen += 1 }
            }
        }
    }

    func close() {}

    var parts: [AnyObject] { [self] }
}
