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
    /// `--scale` naming no population of the scenario; with its open populations, and the
    /// nearest of them to the name given.
    case unknownPopulation(name: String, open: [String], suggestion: String?)
    /// `--scale` naming a closed population: its load has users, not a rate to search.
    case closedPopulation(name: String, open: [String])
    /// `--scale` for a scenario without `populations:`.
    case scaleWithoutPopulations(name: String)
    /// A scenario whose populations are all closed: no rate to search.
    case noOpenPopulation(scenario: String)
    /// An `--slo` naming a population the scenario does not have.
    case unknownObjectivePopulation(objective: String, population: String, suggestion: String?)

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
        case let .unknownPopulation(name, open, suggestion):
            "--scale '\(name)': no population '\(name)' in the scenario" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (its open populations, whose rates can be searched: \(open.joined(separator: ", ")))"
        case let .closedPopulation(name, open):
            "--scale '\(name)': population '\(name)' has a closed load (virtual users, not a rate): a search holds it at its own "
                + "users; the open populations, whose rates can be searched: \(open.joined(separator: ", "))"
        case let .scaleWithoutPopulations(name):
            "--scale '\(name)': the scenario has no 'populations'; its one load is the one searched (leave --scale out)"
        case let .noOpenPopulation(scenario):
            "\(scenario): no population has an open load (arrival_rate, or stages of rates): a search scales the open populations' "
                + "rates and holds the closed ones at their users; give the population to search an open load"
        case let .unknownObjectivePopulation(objective, population, suggestion):
            "--slo '\(objective)': no population '\(population)' in this scenario" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        }
    }
}
