import Yams

/// One load model (design section 15; k6's `lib/executor/`, one executor a file): which keys
/// of `load:` it reads and how, its branch of the JSON schema, and when its iterations start
/// and how many virtual users play them. The scenario reader, the schema, the runner and the
/// reports ask the model, so a new shape is one file (and its line in `LoadModels.all`).
protocol LoadShape: Hashable, Sendable {
    /// Its registered name (`closed`, `ramping-arrival-rate`), in `run.csv` and the docs.
    static var name: String { get }
    /// What messages call it: `the closed model`, `the open model`.
    static var title: String { get }
    /// Every key of `load:` it reads.
    static var keys: [String] { get }
    /// Its keys that say a `load:` section means this model (they weigh twice its other keys
    /// when the reader decides which model a section is).
    static var selectingKeys: [String] { get }
    /// Its keys as a message lists them: `virtual_users, iterations or duration, ramp_up`.
    static var usage: String { get }
    /// How much the section's values (not its keys) say it is this model: a target written as
    /// a rate says an open model. 0 for none.
    static func claim(_ fields: ScenarioReader.Fields) -> Int
    /// The model from the section's fields (only its own keys), every problem reported to
    /// `reader`; nil when any. `checkRequired`: missing required keys are problems (not when
    /// the section already mixes models).
    static func read(_ fields: ScenarioReader.Fields, _ reader: inout ScenarioReader, checkRequired: Bool) -> Self?
    /// Its branch of `load`'s `oneOf` in the JSON schema.
    static var schema: JSONValue { get }

    /// The most virtual users it runs at once: one thread each, made before measuring.
    var virtualUsers: Int { get }
    /// Unmeasured iterations each virtual user plays before the measured phase.
    var warmup: Int { get }
    /// Its stages, named, as thresholds and `stages.csv` know them (one for a constant load).
    var stages: [LoadStage] { get }
    /// When it starts iterations and how many users it keeps active, from the measured
    /// phase's start: what the runner plays and the reports compare with what happened.
    var plan: LoadPlan { get }
    /// Plays the measured phase through `driver`: makes the users, starts the phase, waits
    /// for the last iteration.
    func play(_ driver: LoadDriver) -> LoadOutcome
}

extension LoadShape {
    static func claim(_ fields: ScenarioReader.Fields) -> Int { 0 }
    var warmup: Int { 0 }
}
