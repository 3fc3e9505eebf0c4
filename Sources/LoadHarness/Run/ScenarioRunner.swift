import Foundation
import MemoryProbes

/// Runs every variant of a scenario, one after another, each on its own fresh stack, and
/// evaluates the thresholds.
public struct ScenarioRunner: Sendable {
    public let scenario: Scenario
    public var clock: any RunClock = SystemClock()
    public var stop = StopFlag()
    public var progress: @Sendable (RunProgress) -> Void = { _ in }
    /// Only these variants (all when empty).
    public var variants: [String] = []
    /// The part of the run this process plays (`roost run --shard I/N`); nil: all of it.
    public var shard: Shard?
    /// Where measurements are streamed as they are taken (a run folder), or nil.
    public var stream: StreamingRunFolder?
    /// What the allocation profile records; nil: the scenario's `allocation_profile:`
    /// (`roost run --allocation-profile` sets it).
    public var allocationProfile: AllocationProfileMode?
    /// Memory readings (and retention points) each variant keeps in memory when streaming.
    var keptReadings = MemorySampler.streamedLimit
    /// Readings (and closes) of each variant that get a row of their own in `memory.csv`
    /// (`retention.csv`) before rows become seconds.
    var rowPerReadingLimit = MemorySampler.rowPerReadingLimit
    /// A test's change to every variant's stack (StackPatch), or nil.
    var patch: StackPatch?
    /// Only the steps' timings are wanted (`roost run --timings-only`, what `roost paired`
    /// plays): no allocation profiles are built and no metric or threshold is evaluated.
    public var timingsOnly = false

    /// Where built datasets are kept between runs; nil: each variant builds its own.
    public var datasetCache: DatasetCache?
    /// Told when the dataset cache cannot be used or an entry was damaged (the run goes on).
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Samples each variant's virtual users on a wall clock (one run of one variant: a
    /// capacity probe); nil: not sampled.
    var wallClockSampler: WallClockSampler?

    /// A runner for `scenario`.
    public init(scenario: Scenario) { self.scenario = scenario }

    /// Runs and returns every variant's results with the thresholds' verdicts.
    public func run() throws -> RunResult {
        InstructionCounter.scenarioBegins()
        let started = Date()
        var results: [VariantResult] = []
        let chosen = scenario.variants.filter { variants.isEmpty || variants.contains($0.name) }
        let parts = try Self.parts(of: chosen, shard: shard, populations: scenario.playedPopulations)
        let selected = parts.map(\.variant)
        let prebuilt = try datasetCache.map {
            try DatasetPrebuild(scenario: scenario, variants: selected, cache: $0, progress: progress, warn: warn).run()
        } ?? [:]
        for part in parts {
            guard !stop.isSet else { break }
            var runner = VariantRunner(scenario: scenario, variant: part.variant, clock: clock, stop: stop, progress: progress)
            runner.share = part.share
            runner.sink = stream
            runner.keptReadings = keptReadings
            runner.rowPerReadingLimit = rowPerReadingLimit
            runner.datasetCache = datasetCache
            runner.prebuiltDatasets = prebuilt
            runner.warn = warn
            runner.patch = patch
            runner.timingsOnly = timingsOnly
            runner.wallClockSampler = wallClockSampler
            runner.allocationProfile = allocationProfile ?? scenario.allocationProfile
            results.append(try runner.run())
        }
        InstructionCounter.finishCounting()
        if timingsOnly {
            var result = RunResult(scenario: scenario, variants: results, thresholds: [], unjudged: scenario.thresholds,
                                   metrics: MetricTable(scenario: scenario, results: []), started: started, ended: Date(),
                                   wasInterrupted: stop.isSet)
            result.shard = shard
            return result
        }
        results = AllocationProfileBuilder.profiled(results)
        let table = MetricTable(scenario: scenario, results: results)
        let ran = Set(results.map(\.variant))
        // Instruction counts are judged by `roost run --instructions` after the run (InstructionThresholds).
        let (counted, judged) = scenario.thresholds.partitioned(by: \.metric.isInstructionCount)
        var result = RunResult(scenario: scenario, variants: results, thresholds: table.evaluate(judged),
                               unjudged: scenario.thresholds.filter { $0.variant.map { !ran.contains($0) } ?? false } + counted,
                               metrics: table, started: started, ended: Date(), wasInterrupted: stop.isSet)
        result.shard = shard
        return result
    }

    /// The variants this process plays, with their shares of the load: all of `chosen` whole,
    /// or `shard`'s part (`ShardPlan`); throws when a share would have no virtual user.
    /// (Each population's users are split: every one must have a user in every share.)
    static func parts(of chosen: [VariantSpec], shard: Shard?, populations: [Population]) throws -> [ShardPlan.Part] {
        guard let shard else { return chosen.map { ShardPlan.Part(variant: $0, share: nil) } }
        let parts = ShardPlan(shard: shard, variants: chosen).parts
        for part in parts {
            for users in populations.map(\.load.virtualUsers) {
                guard let share = part.share, share.users(of: users).isEmpty else { continue }
                throw ShardError.tooFewUsers(variant: part.variant.name, users: users, parts: share.sequence.segments.count, shard: shard)
            }
        }
        return parts
    }
}

/// A finished run.
public struct RunResult: Sendable {
    public let scenario: Scenario
    public let variants: [VariantResult]
    public internal(set) var thresholds: [ThresholdVerdict]
    /// Thresholds on a variant that did not run (left out with `--variant`, or the run was
    /// stopped), and on instructions in a run that counted none.
    public internal(set) var unjudged: [Threshold]
    public let metrics: MetricTable
    public let started: Date
    public let ended: Date
    public let wasInterrupted: Bool
    /// What rebuilt this result from a killed run's streamed files (`roost report`), or nil.
    public var rebuiltBy: String? = nil
    /// The killed run's own `run.csv` facts (its commit, host, command line), kept by a rebuild.
    public var recordedRunInfo: [String: String] = [:]
    /// What callgrind counted (`roost run --instructions`, in the counted process); nil otherwise.
    var instructions: InstructionCounts? = nil
    /// Datasets the driving process of `roost run --instructions` built before this one
    /// started (seconds by cache entry name): `run.csv` says `built` for them (`PreparedDatasets`).
    var datasetsBuiltBeforehand: [String: Double] = [:]
    /// The part of a sharded run this is (`roost run --shard`); nil for a whole run.
    public internal(set) var shard: Shard? = nil
    /// The shards' folders `roost merge` made this run of; nil for a run played here.
    public internal(set) var mergedFrom: [String]? = nil

    /// Where the run stands: complete, interrupted (Ctrl-C) or incomplete (killed, rebuilt).
    public var state: RunState { rebuiltBy != nil ? .incomplete : wasInterrupted ? .interrupted : .complete }

    /// Whether every threshold passed; false when no variant ran (nothing was shown to pass).
    public var passed: Bool { !variants.isEmpty && thresholds.allSatisfy(\.passed) }
}

/// One threshold's outcome, per variant it applies to.
public struct ThresholdVerdict: Sendable, Hashable {
    public let threshold: Threshold
    public let variant: String
    /// nil when the metric could not be evaluated (a step that never ran): counted as failed.
    public let observed: Double?
    public let passed: Bool
}
