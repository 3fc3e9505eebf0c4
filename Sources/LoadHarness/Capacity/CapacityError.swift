/// Why `roost capacity` could not start: input it was given that does not fit.
public enum CapacityError: Error, Equatable, CustomStringConvertible, Sendable {
    /// An `--slo` that is not a threshold.
    case malformedObjective(text: String, reason: String)
    /// An `--slo` naming a step the scenario does not measure.
    case unknownStep(objective: String, step: String, suggestion: String?)
    /// An `--slo` on a metric a probe cannot judge (instruction counts, or per-variant memory).
    case unjudgedMetric(objective: String, metric: String)
    /// Neither `--slo` nor thresholds in the scenario: nothing would judge a probe.
    case noObjective(scenario: String)
    /// A rate option that does not read (`--start`, `--require`).
    case badRate(option: String, text: String)
    /// A duration option that does not read or is not above zero.
    case badDuration(option: String, text: String)
    /// `--precision` not above 0% and below 100%.
    case badPrecision(text: String)
    /// A variant the scenario does not have.
    case unknownVariant(name: String, variants: [String])

    public var description: String {
        switch self {
        case let .malformedObjective(text, reason): "--slo '\(text)': \(reason)"
        case let .unknownStep(objective, step, suggestion):
            "--slo '\(objective)': step '\(step)' is not measured in this scenario" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .unjudgedMetric(objective, metric):
            "--slo '\(objective)': '\(metric)' cannot judge a probe (a probe judges its steps' latency, errors, throughput and work, "
                + "and the schedule)"
        case let .noObjective(scenario):
            "\(scenario) has no thresholds and no --slo was given: nothing would judge a probe (e.g. --slo 'p99(open_feed) < 20ms')"
        case let .badRate(option, text): "\(option) '\(text)': expected a rate like 200/s (or 200)"
        case let .badDuration(option, text): "\(option) '\(text)': expected a duration above 0 like 10s, 500ms or 2m"
        case let .badPrecision(text): "--precision '\(text)': expected a percentage above 0% and below 100%, like 5%"
        case let .unknownVariant(name, variants): "no variant '\(name)'; the scenario has \(variants.joined(separator: ", "))"
        }
    }
}
