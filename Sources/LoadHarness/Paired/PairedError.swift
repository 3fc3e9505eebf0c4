/// Why `roost paired` refused its input or stopped, naming the operation and the bad input.
public enum PairedError: Error, Equatable, CustomStringConvertible {
    /// No executable file at the path given for `role` (baseline or candidate).
    case missingBinary(role: String, path: String)
    /// The file runs but is not a `roost`: `--version` did not answer with a version.
    case notRoost(role: String, path: String, reason: String)
    /// The build cannot read the scenario (`roost validate` refused it): another scenario format.
    case scenarioFormat(role: String, path: String, scenario: String, message: String)
    /// The build's `roost run` lacks an option paired timing needs.
    case missingOption(role: String, path: String, option: String)
    /// A run folder's steps.csv could not be read.
    case unreadableRun(path: String, reason: String)
    /// A run of one build failed (exit status other than 0 or 2).
    case runFailed(role: String, path: String, round: Int, status: Int32, message: String)
    /// An option's value is out of range.
    case badOption(name: String, value: String, reason: String)

    public var description: String {
        switch self {
        case let .missingBinary(role, path):
            return "the \(role) build \(path) does not exist or is not executable: pass the path of a built roost (e.g. .build/release/roost)"
        case let .notRoost(role, path, reason):
            return "the \(role) build \(path) is not a roost: \(reason)"
        case let .scenarioFormat(role, path, scenario, message):
            return "the \(role) build \(path) cannot read \(scenario) (another scenario format): \(message)"
        case let .missingOption(role, path, option):
            return "the \(role) build \(path) has no `roost run \(option)`: it is too old for paired timing"
        case let .unreadableRun(path, reason):
            return "cannot read \(path): \(reason)"
        case let .runFailed(role, path, round, status, message):
            return "round \(round): the \(role) build \(path) failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
        case let .badOption(name, value, reason):
            return "--\(name) \(value): \(reason)"
        }
    }
}
