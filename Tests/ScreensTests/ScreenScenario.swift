import MemoryProbes
import Screens
import SocialStack

/// One way of opening, using and closing a screen through the navigator, as the leak tests
/// repeat it. Every object that was ever one of the screen's `parts` during the run is
/// tracked once (old cells dropped by a refresh or a new search included).
enum ScreenScenario: String, CaseIterable, Sendable, CustomStringConvertible {
    /// bob's profile: header, avatar, 4 cells.
    case profile
    /// bob's profile, "..." tapped (sheet shown: launcher, dimming, table, 3 options) and "Copy link" chosen.
    case profileWithActionSheet
    /// ada's feed, pages of 5: load (5 cells), refresh (5 new), next page (10 cells).
    case feed
    /// posts[0] with its one reply: 2 cells.
    case postDetail
    /// The composer for a new post (presented).
    case composePost
    /// The composer for a reply to posts[0] (presented).
    case composeReply
    /// ada's notifications, live while open.
    case notifications
    /// Users "b", then posts "read" (10 cells, links), then posts "roost" (10 cells).
    case explore
    /// posts[0]'s comments.
    case comments
    /// The login screen (presented), its fields filled and checked.
    case login

    var description: String { rawValue }

    /// The screen types, and the parts screens are built from.
    static let screenTypeNames: Set<String> = [
        "ProfileController", "FeedController", "PostDetailController", "ComposeController",
        "NotificationsController", "ExploreController", "CommentsController", "LoginController",
        "ActionSheetLauncher", "ProfileHeader", "TweetCell", "PixelBuffer", "View", "LinkPreview",
    ]

    /// Opens, uses and closes the screen once in `app`, tracking its parts in `tracker`.
    func run(in app: App, world: ScreenWorld, tracker: LifetimeTracker? = nil) throws {
        var held: [ObjectIdentifier: AnyObject] = [:]
        func note(_ screen: any Screen) {
            for part in screen.parts where held[ObjectIdentifier(part)] == nil {
                held[ObjectIdentifier(part)] = part
                tracker?.track(part, label: Self.label(of: part))
            }
        }
        let navigator = app.navigator
        switch self {
        case .profile:
            try navigator.push(ProfileController(app: app, user: world.bob))
            note(navigator.stack.last!)
            navigator.pop()
        case .profileWithActionSheet:
            let profile = ProfileController(app: app, user: world.bob)
            try navigator.push(profile)
            try profile.header!.tapMore()
            note(profile)
            try profile.actionSheet!.choose(1)
            note(profile)
            navigator.pop()
        case .feed:
            let feed = FeedController(app: app, pageSize: 5)
            try navigator.push(feed)
            note(feed)
            try feed.refresh()
            note(feed)
            try feed.loadNextPage()
            note(feed)
            navigator.pop()
        case .postDetail:
            try navigator.push(PostDetailController(app: app, post: world.posts[0]))
            note(navigator.stack.last!)
            navigator.pop()
        case .composePost:
            try navigator.present(ComposeController(app: app, configuration: .post))
            note(navigator.presented.last!)
            navigator.dismiss()
        case .composeReply:
            try navigator.present(ComposeController(app: app, configuration: .reply(try world.stack.posts.post(world.posts[0]))))
            note(navigator.presented.last!)
            navigator.dismiss()
        case .notifications:
            try navigator.push(NotificationsController(app: app))
            note(navigator.stack.last!)
            navigator.pop()
        case .explore:
            let explore = ExploreController(app: app)
            try navigator.push(explore)
            try explore.searchUsers("b")
            try explore.searchPosts("read")
            note(explore)
            try explore.searchPosts("roost")
            note(explore)
            navigator.pop()
        case .comments:
            try navigator.push(CommentsController(app: app, post: world.posts[0]))
            note(navigator.stack.last!)
            navigator.pop()
        case .login:
            let login = LoginController(app: app)
            try navigator.present(login)
            login.email = "ada@example.com"
            login.password = "short"
            _ = login.signUpProblems
            note(login)
            navigator.dismiss()
        }
    }

    /// A part's tracking label: its type name, and for a plain view its name too
    /// ("View: action sheet dimming").
    static func label(of part: AnyObject) -> String {
        if let view = part as? View, type(of: view) == View.self { return "View: \(view.name)" }
        return String(describing: type(of: part))
    }
}

extension LifetimeTracker {
    /// The survivors as label: count (bytes left out, they depend on the allocator).
    var survivorCounts: [String: Int] {
        Dictionary(uniqueKeysWithValues: survivors().map { ($0.label, $0.count) })
    }
}

/// Multiplies every count of a survivor table by `n` (the expected survivors after n opens).
func times(_ n: Int, _ counts: [String: Int]) -> [String: Int] {
    counts.mapValues { $0 * n }
}
