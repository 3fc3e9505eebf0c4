/// How one step is written and which arguments it takes (design section 5).
public struct StepSyntax: Hashable, Sendable {
    /// What may follow the step's name.
    public enum Form: Hashable, Sendable {
        /// `- name`, or `- name: { arguments }`; every argument is optional.
        case plain
        /// `- think: 10ms`: a duration, not a map.
        case duration
        /// `- choose: [{ weight: 2, steps: [...] }, ...]`: the arguments are each branch's keys.
        case branches
        /// `- repeat: { times: 3, steps: [...] }`: every argument is required.
        case block
    }

    /// One argument of a step.
    public struct Argument: Hashable, Sendable {
        /// What an argument's value is.
        public enum Kind: Hashable, Sendable {
            /// `random`, `self`, `followed`, `from_feed` or a username.
            case user
            /// `random`, `self`, `followed`, `from_feed` or a post id.
            case post
            /// Text with `{vu}`, `{iteration}`, `{seed}` placeholders.
            case text
            /// An integer no smaller than `minimum`.
            case integer(minimum: Int)
            /// A non-empty list of steps.
            case steps
        }

        /// The argument's key.
        public var name: String
        /// What its value is.
        public var kind: Kind
        /// Its value when omitted, as it would be written; nil when required.
        public var defaultValue: String?

        /// An argument.
        public init(_ name: String, _ kind: Kind, default defaultValue: String? = nil) {
            self.name = name
            self.kind = kind
            self.defaultValue = defaultValue
        }
    }

    /// The step's name, as written in scenarios and reports.
    public var name: String
    /// What follows the name.
    public var form: Form
    /// The keys its map (or each branch's map) takes.
    public var arguments: [Argument]

    /// A step's syntax.
    public init(_ name: String, _ form: Form = .plain, _ arguments: [Argument] = []) {
        self.name = name
        self.form = form
        self.arguments = arguments
    }

    /// The names of its arguments, in order.
    public var argumentNames: [String] { arguments.map(\.name) }

    /// Whether `- name` alone is a complete step.
    public var canBeBare: Bool { form == .plain }
}

/// Every step the format knows, with its arguments: the one table the loader, `roost list`
/// and the schema tests share.
public enum StepCatalog {
    private static let user = StepSyntax.Argument("user", .user, default: "random")
    private static let post = StepSyntax.Argument("post", .post, default: "random")
    private static func text(_ defaultValue: String) -> StepSyntax.Argument { .init("text", .text, default: defaultValue) }
    private static let query = StepSyntax.Argument("query", .text, default: "a")
    private static let steps = StepSyntax.Argument("steps", .steps)

    /// Every step, in the order of `Step.names`.
    public static let all: [StepSyntax] = [
        .init("signup"), .init("login"), .init("logout"), .init("restore_session"),
        .init("post", .plain, [text("post {vu}-{iteration}")]),
        .init("reply", .plain, [post, text("reply {vu}-{iteration}")]),
        .init("edit_post", .plain, [post, text("post {vu}-{iteration}")]),
        .init("delete_post", .plain, [post]),
        .init("like", .plain, [post]),
        .init("unlike", .plain, [post]),
        .init("comment", .plain, [post, text("comment {vu}-{iteration}")]),
        .init("follow", .plain, [user]),
        .init("unfollow", .plain, [user]),
        .init("change_username", .plain, [.init("username", .text, default: "vu{vu}_{iteration}")]),
        .init("update_profile_image", .plain, [.init("bytes", .integer(minimum: 0), default: "4096")]),
        .init("open_feed", .plain, [.init("pages", .integer(minimum: 1), default: "1")]),
        .init("refresh_feed"), .init("close_feed"),
        .init("open_profile", .plain, [user]),
        .init("close_profile"),
        .init("open_post", .plain, [post]),
        .init("close_post"), .init("open_notifications"), .init("close_notifications"), .init("open_explore"), .init("close_explore"),
        .init("search_users", .plain, [query]),
        .init("search_posts", .plain, [query]),
        .init("open_comments", .plain, [post]),
        .init("close_comments"), .init("show_action_sheet"),
        .init("think", .duration),
        .init("choose", .branches, [.init("weight", .integer(minimum: 1)), steps]),
        .init("repeat", .block, [.init("times", .integer(minimum: 1)), steps]),
    ]

    /// The syntax of the step called `name`, if there is one.
    public static func syntax(named name: String) -> StepSyntax? {
        all.first { $0.name == name }
    }
}
