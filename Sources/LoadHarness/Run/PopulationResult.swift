/// What one population of a variant did as a whole (design section 20): its iterations, drops
/// and schedule lag, its users and load model. Its steps are the variant's steps whose names
/// are its (`readers.open_feed`); its stages are the variant's stages marked with it.
public struct PopulationResult: Sendable {
    public let name: String
    /// Its load model's registered name (`ramping-arrival-rate`).
    public let loadModel: String
    /// The users this run played of it.
    public let virtualUsers: Int
    public let iterations: Int
    public let droppedIterations: Int
    /// How late its schedule started iterations; nil in a closed model.
    var scheduleLag: ScheduleLag?

    /// Each named population's figures from its outcome (none for a scenario without `populations:`).
    static func results(_ plays: [PopulationPlay], outcomes: [LoadOutcome]) -> [PopulationResult] {
        zip(plays, outcomes).compactMap { play, outcome in
            guard !play.population.isUnnamed else { return nil }
            return PopulationResult(name: play.population.name, loadModel: play.population.load.name, virtualUsers: play.playing.count,
                                    iterations: outcome.results.reduce(0) { $0 + $1.iterations }, droppedIterations: outcome.dropped,
                                    scheduleLag: outcome.lag)
        }
    }
}

extension LoadOutcome {
    /// Several populations' outcomes as one: every user's results, the drops added, the lags
    /// merged (nil when none had one), the phase they shared.
    static func together(_ outcomes: [LoadOutcome]) -> LoadOutcome {
        guard outcomes.count > 1 else { return outcomes[0] }
        let lags = outcomes.compactMap(\.lag)
        return LoadOutcome(results: outcomes.flatMap(\.results), dropped: outcomes.reduce(0) { $0 + $1.dropped },
                           lag: lags.isEmpty ? nil : lags.reduce(into: ScheduleLag()) { $0.merge($1) }, phase: outcomes[0].phase)
    }
}

extension PopulationResult {
    /// A variant's populations read back from its folder (`roost merge`, `roost compare`): the
    /// scenario's populations, each with its figures from `summary.csv` (`figure(name, population)`)
    /// and its lag from its log. None for a scenario without populations.
    static func readBack(_ folder: RunFolder, scenario: Scenario, variant: String,
                         figure: (_ name: String, _ population: String) -> Double?) throws(RunFolderError) -> [PopulationResult] {
        var results: [PopulationResult] = []
        for population in scenario.populations {
            let name = population.name
            results.append(PopulationResult(
                name: name, loadModel: population.load.name, virtualUsers: Int(figure("virtual_users", name) ?? 0),
                iterations: Int(figure("iterations", name) ?? 0),
                droppedIterations: Int(figure(Threshold.Metric.droppedIterations.name, name) ?? 0),
                scheduleLag: try HistogramFiles.readLag(folder, variant: variant, population: name)))
        }
        return results
    }

    /// The same populations of a variant split over shards, added up: users, iterations and
    /// drops summed, the lags' histograms added (exact), by name in the first shard's order.
    static func merge(_ shards: [[PopulationResult]]) -> [PopulationResult] {
        guard let first = shards.first(where: { !$0.isEmpty }) else { return [] }
        return first.map { population in
            let parts = shards.compactMap { $0.first { $0.name == population.name } }
            let lags = parts.compactMap(\.scheduleLag)
            return PopulationResult(name: population.name, loadModel: population.loadModel,
                                    virtualUsers: parts.reduce(0) { $0 + $1.virtualUsers },
                                    iterations: parts.reduce(0) { $0 + $1.iterations },
                                    droppedIterations: parts.reduce(0) { $0 + $1.droppedIterations },
                                    scheduleLag: lags.isEmpty ? nil : lags.reduce(into: ScheduleLag()) { $0.merge($1) })
        }
    }
}
