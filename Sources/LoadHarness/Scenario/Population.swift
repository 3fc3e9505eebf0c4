/// One group of virtual users a variant plays at once with the scenario's others, on one stack
/// (design section 20; k6's `scenarios:`, Gatling's `setUp(a.inject(...), b.inject(...))`): its
/// own load in any model, its own setup and steps, started `startAfter` into the measured phase.
public struct Population: Hashable, Sendable {
    /// `[a-z0-9-]+`, unique in its scenario; "" for the one population of a scenario written
    /// without `populations:` (its results carry no population, as before populations).
    public var name: String
    public var load: LoadModel
    /// Played once by each of its virtual users before their first iteration.
    public var setup: [Step]
    public var steps: [Step]
    /// How long after the measured phase begins its load starts (k6's `startTime`).
    public var startAfter: Duration

    /// A population; the loader builds these from `populations:`.
    public init(name: String, load: LoadModel = .closed(.init()), setup: [Step] = [], steps: [Step], startAfter: Duration = .zero) {
        self.name = name
        self.load = load
        self.setup = setup
        self.steps = steps
        self.startAfter = startAfter
    }

    /// Whether it is the unnamed one population of a scenario without `populations:`.
    public var isUnnamed: Bool { name.isEmpty }

    /// Names no population may take: `setup` reads as the setup steps' prefix (`setup.login`).
    public static let reservedNames = ["setup"]

    /// When its load's plan ends, from the measured phase's start; nil when its users stop
    /// after their iterations instead (no planned end).
    public var plannedEnd: Duration? {
        guard let end = load.shape.plan.plannedEnd else { return nil }
        return startAfter + .nanoseconds(Int64(clamping: end))
    }
}

extension Scenario {
    /// The populations each variant plays at once: those of `populations:`, or the one
    /// unnamed population a plain `load:` and `steps:` make.
    public var playedPopulations: [Population] {
        populations.isEmpty ? [Population(name: "", load: load, setup: setup, steps: steps)] : populations
    }

    /// Whether the file gave `populations:` (results then carry a population on each row).
    public var hasPopulations: Bool { !populations.isEmpty }
}

extension Scenario {
    /// Every population's measured steps as the run names them (`readers.open_feed`; plain
    /// names without populations), in order.
    var measuredStepNames: [String] {
        playedPopulations.flatMap { population in
            ScenarioSteps.measuredNames(in: population.steps).map { PopulationStepName.qualified($0, population: population.name) }
        }
    }

    /// The most virtual users its populations run at once, together.
    public var virtualUsers: Int { playedPopulations.reduce(0) { $0 + $1.load.virtualUsers } }

    /// Its load model's name (`run.csv`'s `load_model`), or each population's as
    /// `readers:ramping-arrival-rate,writers:open`.
    public var loadModelName: String {
        hasPopulations ? populations.map { "\($0.name):\($0.load.name)" }.joined(separator: ",") : load.name
    }

    /// Whether any population's users or rate change during the run (the report's load charts).
    public var loadVariesOverTime: Bool { playedPopulations.contains { $0.load.variesOverTime || $0.startAfter > .zero } }
}
