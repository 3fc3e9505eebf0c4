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
        /// One line for `roost list` and the JSON schema (nil: the kind says enough).
        public var doc: String?

        /// An argument.
        public init(_ name: String, _ kind: Kind, default defaultValue: String? = nil, doc: String? = nil) {
            self.name = name
            self.kind = kind
            self.defaultValue = defaultValue
            self.doc = doc
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

/// Every step the format knows, with its arguments: the registered measured steps
/// (`StepRegistry.current`) and the control steps, the one table the loader, `roost list`
/// and `roost schema` share.
public enum StepCatalog {
    /// The control steps: part of the format, not registered.
    public static let controlSteps: [StepSyntax] = [
        .init("think", .duration),
        .init("choose", .branches, [.init("weight", .integer(minimum: 1)), .init("steps", .steps)]),
        .init("repeat", .block, [.init("times", .integer(minimum: 1)), .init("steps", .steps)]),
    ]

    /// Every step: the registered ones in registration order, then the control steps.
    public static var all: [StepSyntax] { all(in: .current) }

    /// Every step `registry` knows, then the control steps.
    public static func all(in registry: StepRegistry) -> [StepSyntax] { registry.syntaxes + controlSteps }

    /// Every step name `registry` knows, then the control steps'.
    public static func names(in registry: StepRegistry) -> [String] { all(in: registry).map(\.name) }

    /// The syntax of the step called `name`, if there is one.
    public static func syntax(named name: String, in registry: StepRegistry = .current) -> StepSyntax? {
        if let type = registry.step(named: name) { return StepSyntax(type.name, .plain, type.arguments) }
        return controlSteps.first { $0.name == name }
    }
}
