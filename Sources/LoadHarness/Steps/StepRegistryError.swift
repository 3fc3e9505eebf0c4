/// Why a set of registrations cannot be used: every problem found, each naming the
/// registrations involved. Reported at start-up, before any scenario is read.
public struct StepRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One problem, in words.
    public var problems: [String]

    public var description: String {
        "the registered steps and edges have \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n"
            + problems.map { "  " + $0 }.joined(separator: "\n")
    }
}
