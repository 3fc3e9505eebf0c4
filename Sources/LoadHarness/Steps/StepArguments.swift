/// A measured step's arguments as the reader read them: each written or defaulted, and of its
/// declared kind. Asking for an argument the step did not declare is a programming error the
/// registry's checks rule out for declared names.
public struct StepArguments: Hashable, Sendable {
    /// One argument's value.
    public enum Value: Hashable, Sendable {
        case target(Target), text(TextTemplate), integer(Int)
    }

    /// The values by argument name.
    public let values: [String: Value]

    /// Arguments with these values.
    public init(_ values: [String: Value]) { self.values = values }

    /// A `user` or `post` argument (`random` when absent).
    public func target(_ name: String) -> Target {
        if case let .target(target)? = values[name] { target } else { .random }
    }

    /// A `text` argument (empty when absent).
    public func text(_ name: String) -> TextTemplate {
        if case let .text(text)? = values[name] { text } else { TextTemplate("") }
    }

    /// An `integer` argument (0 when absent).
    public func integer(_ name: String) -> Int {
        if case let .integer(value)? = values[name] { value } else { 0 }
    }
}

/// What a step's own validation found wrong with its arguments, beyond their kinds.
public struct StepArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The argument at fault.
    public var argument: String
    /// What is wrong, and what would be right.
    public var message: String

    /// A problem with one argument.
    public init(argument: String, _ message: String) {
        self.argument = argument
        self.message = message
    }

    public var description: String { "'\(argument)': \(message)" }
}
