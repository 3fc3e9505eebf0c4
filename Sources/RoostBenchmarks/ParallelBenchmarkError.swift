/// Why `roost-bench parallel` could not play.
public enum ParallelBenchmarkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The run ended without playing the scenario's first variant (it was interrupted).
    case noVariantPlayed(scenario: String)

    public var description: String {
        switch self {
        case let .noVariantPlayed(scenario): "\(scenario): the run ended before its first variant played (interrupted?)"
        }
    }
}
