/// Reads `roost capacity`'s options: each mistake a typed error naming the option and what it expected.
public enum CapacityOptions {
    /// `200/s`, `12/m` or a bare `200` (per second), above zero.
    public static func rate(_ text: String, option: String) throws(CapacityError) -> Double {
        let value = DurationSyntax.rate(text) ?? Double(text).flatMap { $0.isFinite ? $0 : nil }
        guard let value, value > 0 else { throw .badRate(option: option, text: text) }
        return value
    }

    /// A duration above zero.
    public static func duration(_ text: String, option: String) throws(CapacityError) -> Duration {
        guard let value = DurationSyntax.duration(text), value > .zero else { throw .badDuration(option: option, text: text) }
        return value
    }

    /// `5%` or `0.05`: above 0 and below 1.
    public static func precision(_ text: String) throws(CapacityError) -> Double {
        let value = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        guard let value, value > 0, value < 1 else { throw .badPrecision(text: text) }
        return value
    }

    /// The thresholds a probe is judged by: `slos` when given (each checked against the
    /// scenario's populations and measured steps: those of the population it names, else of
    /// every population), else the scenario's own.
    public static func thresholds(_ slos: [String], for scenario: Scenario) throws(CapacityError) -> [Threshold] {
        guard !slos.isEmpty else {
            let judged = scenario.thresholds.filter { !$0.metric.isInstructionCount }
            guard !judged.isEmpty else { throw .noObjective(scenario: scenario.path.isEmpty ? scenario.name : scenario.path) }
            return judged
        }
        let populations = scenario.populations.map(\.name)
        return try slos.map { text throws(CapacityError) in
            let threshold: Threshold
            do throws(ThresholdSyntaxError) {
                threshold = try Threshold(parsing: text)
            } catch {
                throw .malformedObjective(text: text, reason: error.message)
            }
            if let population = threshold.population, !populations.contains(population) {
                throw .unknownObjectivePopulation(objective: text, population: population,
                                                  suggestion: Suggestion.nearest(to: population, in: populations))
            }
            let measured = scenario.playedPopulations.filter { threshold.population == nil || $0.name == threshold.population }
                .flatMap { ScenarioSteps.measuredNames(in: $0.steps) + ScenarioSteps.setupNames(in: $0.setup) }
            if let step = threshold.step, !measured.contains(step) {
                throw .unknownStep(objective: text, step: step, suggestion: Suggestion.nearest(to: step, in: measured))
            }
            if threshold.metric.isInstructionCount || (!threshold.metric.isPerStage && threshold.metric.isVariantWide) {
                throw .unjudgedMetric(objective: text, metric: threshold.metric.name)
            }
            return threshold
        }
    }

    /// `variant`, or the scenario's first when nil.
    public static func variant(_ name: String?, of scenario: Scenario) throws(CapacityError) -> String {
        let names = scenario.variants.map(\.name)
        guard let name else { return names[0] }
        guard names.contains(name) else { throw .unknownVariant(name: name, variants: names) }
        return name
    }
}
