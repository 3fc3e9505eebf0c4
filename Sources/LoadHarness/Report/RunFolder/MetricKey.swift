/// A metric as reports, thresholds and `roost compare` name it:
/// `allocs_per_op(open_profile){variant:weak}`: the metric, the step it was measured on (none:
/// the whole variant), the stage of the load it was measured in (none: the whole run;
/// `p99(open_feed){stage:hold}`), the population that played it (none: every population, or a
/// scenario without `populations:`; `p99(open_feed){population:readers}`) and the variant (none:
/// every variant, or a column of its own as in `summary.csv`). Printed here and nowhere else, parsed by
/// `MetricKeyParser` (a threshold's key too).
public struct MetricKey: Hashable, Sendable, CustomStringConvertible {
    /// `allocs_per_op`, `p99`, `instructions_p50`.
    public var name: String
    /// The step, or nil for a variant-wide figure.
    public var step: String?
    /// The variant, or nil when the key does not name one.
    public var variant: String?
    /// The stage of the load, or nil for the whole run.
    public var stage: String?
    /// The population, or nil for every population (or a scenario without populations).
    public var population: String?

    /// A key of `name`, on `step` of `variant` (in `stage`, of `population`).
    public init(_ name: String, step: String? = nil, variant: String? = nil, stage: String? = nil, population: String? = nil) {
        self.name = name
        self.step = step
        self.variant = variant
        self.stage = stage
        self.population = population
    }

    /// A key of `name` on a step as the run names it (`readers.open_feed`: the step `open_feed`
    /// of the population `readers`; `open_feed` alone in a scenario without populations), in
    /// `stage` of the load of `population` when there is no step to say it.
    init(_ name: String, runStep: String?, stage: String? = nil, population: String? = nil) {
        let split = runStep.map(PopulationStepName.split)
        let owner = split.map(\.population) ?? population ?? ""
        self.init(name, step: split?.step, stage: stage, population: owner.isEmpty ? nil : owner)
    }

    /// Reads a key as the run's files write it: the grammar's (`MetricKeyParser`), written as its
    /// `description` (the tags in that order, no spaces); nil for anything else.
    public init?(parsing text: String) {
        var parser = MetricKeyParser(Array(text.unicodeScalars))
        guard let written = try? parser.key(), written.key.description == text else { return nil }
        self = written.key
    }

    /// `allocs_per_op(open_profile){variant:weak}`, `p99(open_feed){stage:hold}{population:readers}{variant:weak}`.
    public var description: String {
        name + (step.map { "(\($0))" } ?? "") + (stage.map { "{stage:\($0)}" } ?? "") + (population.map { "{population:\($0)}" } ?? "")
            + (variant.map { "{variant:\($0)}" } ?? "")
    }

    /// The key without its variant: how `summary.csv`'s `metric` column writes it
    /// (`allocs_per_op(open_profile)`; the variant has a column of its own).
    public var withoutVariant: MetricKey { MetricKey(name, step: step, stage: stage, population: population) }

    /// The step as the run's own files name it (`readers.open_feed` for a population's step:
    /// `allocations.csv`, `queries.csv`, `hgrm/`); nil for a variant-wide figure.
    public var runStep: String? { step.map { PopulationStepName.qualified($0, population: population) } }

    /// The metric it names (nil for one Roost does not know, as a newer build's may be).
    public var metric: Threshold.Metric? { Threshold.Metric(name: name) }
}
