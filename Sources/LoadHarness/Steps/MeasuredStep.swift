import Screens

/// A step that is timed and counted: one type in one file, registered by name
/// (docs/custom-steps.md). The scenario reader, `roost validate`, `roost list`, the lifetime
/// check and `roost schema` read everything they need from it.
public protocol MeasuredStep: Hashable, Sendable {
    /// Its name in scenarios, reports and thresholds (`open_profile`): lowercase letters, digits and `_`.
    static var name: String { get }
    /// One line for `roost list` and the JSON schema.
    static var summary: String { get }
    /// The arguments its map takes, each with a kind and a default (none: it is written bare).
    static var arguments: [StepSyntax.Argument] { get }
    /// The screen it opens or closes; after a close, the closed screen's lifetime is checked.
    static var screen: ScreenChange { get }
    /// The step from its arguments, each already read and checked against its kind; throws a
    /// `StepArgumentError` for anything else wrong with them (reported with the other problems).
    init(_ arguments: StepArguments) throws
    /// Plays the step for one virtual user, inside its measured span.
    func play(_ vu: VirtualUser) throws
}

extension MeasuredStep {
    public static var arguments: [StepSyntax.Argument] { [] }
    public static var screen: ScreenChange { .none }
}

/// A measured step that takes no arguments (written bare in a scenario): made with `init()`,
/// and from its (empty) arguments the same way, so its type declares `init()` alone.
public protocol ArgumentFreeStep: MeasuredStep {
    /// The step.
    init()
}

extension ArgumentFreeStep {
    /// The step from its (no) arguments.
    public init(_ arguments: StepArguments) { self.init() }
}

/// Where the built-in steps live, one type per file under `Steps/<area>/`.
public enum Steps {}
