/// One step a virtual user plays (design section 5). Each measured step's name is its YAML
/// key (`open_profile`), which is also its name in reports and thresholds.
public indirect enum Step: Hashable, Sendable {
    case signup
    case login
    case logout
    case restoreSession
    case post(text: TextTemplate)
    case reply(to: Target, text: TextTemplate)
    case editPost(Target, text: TextTemplate)
    case deletePost(Target)
    case like(Target)
    case unlike(Target)
    case comment(on: Target, text: TextTemplate)
    case follow(Target)
    case unfollow(Target)
    case changeUsername(TextTemplate)
    case updateProfileImage(bytes: Int)
    case openFeed(pages: Int)
    case refreshFeed
    /// Not in design section 5: without it a feed opened in a loop is never closed, and its
    /// observer edge (`feedObserver`) could not be checked.
    case closeFeed
    case openProfile(Target)
    case closeProfile
    case openPost(Target)
    case closePost
    case openNotifications
    case closeNotifications
    case openExplore
    /// Not in design section 5: closes what `open_explore` opened.
    case closeExplore
    case searchUsers(TextTemplate)
    case searchPosts(TextTemplate)
    case openComments(Target)
    case closeComments
    case showActionSheet
    /// Pause; not measured.
    case think(Duration)
    /// One branch, picked by weight.
    case choose([WeightedBranch])
    /// The steps, `times` times.
    case `repeat`(times: Int, steps: [Step])

    /// A branch of `choose`.
    public struct WeightedBranch: Hashable, Sendable {
        public var weight: Int
        public var steps: [Step]

        /// A branch with a positive weight.
        public init(weight: Int, steps: [Step]) {
            self.weight = weight
            self.steps = steps
        }
    }

    /// Every step name the format knows, in the order of design section 5.
    public static let names: [String] = [
        "signup", "login", "logout", "restore_session", "post", "reply", "edit_post", "delete_post", "like",
        "unlike", "comment", "follow", "unfollow", "change_username", "update_profile_image", "open_feed",
        "refresh_feed", "close_feed", "open_profile", "close_profile", "open_post", "close_post", "open_notifications",
        "close_notifications", "open_explore", "close_explore", "search_users", "search_posts", "open_comments",
        "close_comments", "show_action_sheet", "think", "choose", "repeat",
    ]

    /// The step's name in scenarios and reports.
    public var name: String {
        switch self {
        case .signup: "signup"
        case .login: "login"
        case .logout: "logout"
        case .restoreSession: "restore_session"
        case .post: "post"
        case .reply: "reply"
        case .editPost: "edit_post"
        case .deletePost: "delete_post"
        case .like: "like"
        case .unlike: "unlike"
        case .comment: "comment"
        case .follow: "follow"
        case .unfollow: "unfollow"
        case .changeUsername: "change_username"
        case .updateProfileImage: "update_profile_image"
        case .openFeed: "open_feed"
        case .refreshFeed: "refresh_feed"
        case .closeFeed: "close_feed"
        case .openProfile: "open_profile"
        case .closeProfile: "close_profile"
        case .openPost: "open_post"
        case .closePost: "close_post"
        case .openNotifications: "open_notifications"
        case .closeNotifications: "close_notifications"
        case .openExplore: "open_explore"
        case .closeExplore: "close_explore"
        case .searchUsers: "search_users"
        case .searchPosts: "search_posts"
        case .openComments: "open_comments"
        case .closeComments: "close_comments"
        case .showActionSheet: "show_action_sheet"
        case .think: "think"
        case .choose: "choose"
        case .repeat: "repeat"
        }
    }

    /// Whether the step is timed and counted (control steps are not).
    public var isMeasured: Bool {
        switch self {
        case .think, .choose, .repeat: false
        default: true
        }
    }

    /// Whether the step closes a screen (after it, the lifetime check runs).
    public var closesScreen: Bool {
        switch self {
        case .closeFeed, .closeProfile, .closePost, .closeNotifications, .closeExplore, .closeComments: true
        default: false
        }
    }
}

/// Whom or what a step acts on (`user:` / `post:`).
public enum Target: Hashable, Sendable {
    /// Picked at random (seeded) from the dataset.
    case random
    /// The virtual user's own account (or own latest post).
    case `self`
    /// Someone the virtual user follows (or a post by them).
    case followed
    /// A post (or its author) from the virtual user's first feed page.
    case fromFeed
    /// A username, or a post id.
    case literal(String)
}

/// Text with placeholders `{vu}`, `{iteration}`, `{seed}`, filled per iteration.
public struct TextTemplate: Hashable, Sendable, ExpressibleByStringLiteral {
    public var template: String

    /// A template.
    public init(_ template: String) { self.template = template }
    public init(stringLiteral value: String) { template = value }

    /// The placeholders the format knows.
    public static let placeholders = ["vu", "iteration", "seed"]

    /// The text with placeholders replaced.
    public func render(vu: Int, iteration: Int, seed: UInt64) -> String {
        template.replacingOccurrences(of: "{vu}", with: String(vu))
            .replacingOccurrences(of: "{iteration}", with: String(iteration))
            .replacingOccurrences(of: "{seed}", with: String(seed))
    }
}
