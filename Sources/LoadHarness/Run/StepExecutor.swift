import Screens
import SocialStack

/// Plays one measured step for a virtual user through the stack and the screens. A step
/// that closes a screen keeps no reference to it: the screen's teardown (its frees) belongs
/// to the step's measured span, and the caller tracked its parts before the span began.
enum StepExecutor {
    static func perform(_ step: Step, by vu: VirtualUser) throws {
        let name = step.name
        let stack = vu.stack
        switch step {
        case .signup:
            vu.signups += 1
            let login = LoginController(app: vu.app)
            login.email = "vu\(vu.index)-\(vu.signups)-\(vu.seed)@signup.roost.test"
            login.password = Dataset.password
            login.username = "s\(vu.index)_\(vu.signups)"
            login.fullName = "Signup \(vu.index)"
            try login.signUp()
        case .login:
            let login = LoginController(app: vu.app)
            login.email = vu.dataset.emails[vu.ownSlot]
            login.password = Dataset.password
            try login.signIn()
        case .logout:
            if let session = vu.app.session { _ = try stack.auth.logOut(token: session.token) }
            vu.app.signOut()
        case .restoreSession:
            guard let session = vu.app.session else { throw ScreenError.notSignedIn }
            vu.app.signIn(try stack.auth.restoreSession(token: session.token))
        case .post(let text):
            try compose(.post, text: vu.text(text), vu: vu)
        case .reply(let target, let text):
            let post = try stack.posts.post(try vu.post(target, step: name))
            try compose(.reply(post), text: vu.text(text), vu: vu)
        case .editPost(let target, let text):
            _ = try stack.posts.edit(try vu.post(target, step: name), text: vu.text(text), as: try vu.app.viewer())
        case .deletePost(let target):
            try stack.posts.delete(try vu.post(target, step: name), as: try vu.app.viewer())
        case .like(let target):
            _ = try stack.likes.like(try vu.post(target, step: name), as: try vu.app.viewer())
        case .unlike(let target):
            _ = try stack.likes.unlike(try vu.post(target, step: name), as: try vu.app.viewer())
        case .comment(let target, let text):
            _ = try stack.comments.comment(on: try vu.post(target, step: name), text: vu.text(text), as: try vu.app.viewer())
        case .follow(let target):
            _ = try stack.follows.follow(try vu.user(target, step: name), as: try vu.app.viewer())
        case .unfollow(let target):
            _ = try stack.follows.unfollow(try vu.user(target, step: name), as: try vu.app.viewer())
        case .changeUsername(let text):
            _ = try stack.users.changeUsername(as: try vu.app.viewer(), to: vu.text(text))
        case .updateProfileImage(let bytes):
            _ = try stack.users.setProfileImage((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &+ vu.iteration) }, as: try vu.app.viewer())
        case .openFeed(let pages):
            let feed = FeedController(app: vu.app)
            try vu.app.navigator.push(feed)
            for _ in 1..<max(1, pages) { try feed.loadNextPage() }
            vu.lastFeed = feed.cells.map(\.viewModel.post.id)
        case .refreshFeed:
            let feed = try vu.top(FeedController.self, step: name, expected: "feed")
            try feed.refresh()
            vu.lastFeed = feed.cells.map(\.viewModel.post.id)
        case .closeFeed:
            try close(FeedController.self, step: name, expected: "feed", vu: vu)
        case .openProfile(let target):
            try vu.app.navigator.push(ProfileController(app: vu.app, user: try vu.user(target, step: name)))
        case .closeProfile:
            try close(ProfileController.self, step: name, expected: "profile", vu: vu)
        case .openPost(let target):
            try vu.app.navigator.push(PostDetailController(app: vu.app, post: try vu.post(target, step: name)))
        case .closePost:
            try close(PostDetailController.self, step: name, expected: "post", vu: vu)
        case .openNotifications:
            try vu.app.navigator.push(NotificationsController(app: vu.app))
        case .closeNotifications:
            try close(NotificationsController.self, step: name, expected: "notifications screen", vu: vu)
        case .openExplore:
            try vu.app.navigator.push(ExploreController(app: vu.app))
        case .closeExplore:
            try close(ExploreController.self, step: name, expected: "explore screen", vu: vu)
        case .searchUsers(let query):
            try vu.top(ExploreController.self, step: name, expected: "explore screen").searchUsers(vu.text(query))
        case .searchPosts(let query):
            try vu.top(ExploreController.self, step: name, expected: "explore screen").searchPosts(vu.text(query))
        case .openComments(let target):
            try vu.app.navigator.push(CommentsController(app: vu.app, post: try vu.post(target, step: name)))
        case .closeComments:
            try close(CommentsController.self, step: name, expected: "comments screen", vu: vu)
        case .showActionSheet:
            let profile = try vu.top(ProfileController.self, step: name, expected: "profile")
            guard let header = profile.header else { throw StepError.noOpenScreen(step: name, expected: "profile header") }
            try header.tapMore()
            if let sheet = profile.actionSheet { try sheet.choose(sheet.options.count - 1) }
        case .think, .choose, .repeat:
            break  // control steps: played by the virtual user's loop
        }
    }

    /// Presents a composer, sends, dismisses.
    private static func compose(_ configuration: ComposeConfiguration, text: String, vu: VirtualUser) throws {
        let composer = ComposeController(app: vu.app, configuration: configuration)
        try vu.app.navigator.present(composer)
        defer { vu.app.navigator.dismiss() }
        try composer.send(text)
    }

    /// Pops the top screen if it is a `T`.
    private static func close<T: Screen>(_ type: T.Type, step: String, expected: String, vu: VirtualUser) throws {
        _ = try vu.top(type, step: step, expected: expected)
        vu.app.navigator.pop()
    }
}
