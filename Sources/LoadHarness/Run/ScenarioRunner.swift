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

    /// A runner for `scenario`.
    public init(scenario: Scenario) { self.scenario = scenario }

    /// Runs and returns every variant's results with the thresholds' verdicts.
    public func run() throws -> RunResult {
        InstructionCounter.scenarioBegins()
        let started = Date()
        var results: [VariantResult] = []
        let selected = scenario.variants.filter { variants.isEmpty || variants.contains($0.name) }
        let prebuilt = try datasetCache.map {
            try DatasetPrebuild(scenario: scenario, variants: selected, cache: $0, progress: progress, warn: warn).run()
        } ?? [:]
        for variant in selected {
            guard !stop.isSet else { break }
            var runner = VariantRunner(scenario: scenario, variant: variant, clock: clock, stop: stop, progress: progress)
            runner.sink = stream
            runner.keptReadings = keptReadings
            runner.rowPerReadingLimit = rowPerReadingLimit
            runner.datasetCache = datasetCache
            runner.prebuiltDatasets = prebuilt
            runner.warn = warn
            runner.patch = patch
            runner.timingsOnly = timingsOnly
            runner.allocationProfile = allocationProfile ?? scenario.allocationProfile
            results.append(try runner.run())
        }
        InstructionCounter.finishCounting()
        if timingsOnly {
            return RunResult(scenario: scenario, variants: results, thresholds: [], unjudged: scenario.thresholds,
                             metrics: MetricTable(scenario: scenario, results: []), started: started, ended: Date(),
                             wasInterrupted: stop.isSet)
        }
        results = AllocationProfileBuilder.profiled(results)
        let table = MetricTable(scenario: scenario, results: results)
        let ran = Set(results.map(\.variant))
        // Instruction counts are judged by `roost run --instructions` after the run (InstructionThresholds).
        let (counted, judged) = scenario.thresholds.partitioned(by: \.metric.isInstructionCount)
        return RunResult(scenario: scenario, variants: results, thresholds: table.evaluate(judged),
                         unjudged: scenario.thresholds.filter { $0.variant.map { !ran.contains($0) } ?? false } + counted,
                         metrics: table, started: started, ended: Date(), wasInterrupted: stop.isSet)
    }
}

/// A finished run.
public struct RunResult: Sendable {
    public let scenario: Scenario
    public let variants: [VariantResult]
    public let thresholds: [ThresholdVerdict]
    /// Thresholds on a variant that did not run (left out with `--variant`, or the run was stopped).
    public let unjudged: [Threshold]
    public let metrics: MetricTable
    public let started: Date
    public let ended: Date
    public let wasInterrupted: Bool
    /// What rebuilt this result from a killed run's streamed files (`roost report`), or nil.
    public var rebuiltBy: String? = nil
    /// The killed run's own `run.csv` facts (its commit, host, command line), kept by a rebuild.
    public var recordedRunInfo: [String: String] = [:]

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
