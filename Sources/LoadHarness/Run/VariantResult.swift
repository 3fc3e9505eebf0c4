import Foundation
import Histogram
import MemoryProbes

/// What one variant's run measured.
public struct VariantResult: Sendable {
    public let variant: String
    /// Per measured step, in the order steps first appear in the scenario.
    public let steps: [StepMetrics]
    public let memory: [MemorySample]
    /// Retained bytes and live tracked objects after each close, in order.
    public let retention: [RetentionPoint]
    public let leaks: [LeakRecord]
    /// Iterations completed (all virtual users).
    public let iterations: Int
    /// Open models: iterations that found no free virtual user.
    public let droppedIterations: Int
    /// Wall time of the measured phase, nanoseconds.
    public let elapsedNanoseconds: UInt64
    /// The largest resident set seen while this variant ran.
    public let peakResidentBytes: Int
    /// The largest live heap any memory reading saw while this variant ran (jemalloc's
    /// allocated bytes, the whole process); nil when not known (a folder of an older build).
    public var peakHeapBytes: Int? = nil
    /// Whether the run was stopped early (Ctrl-C).
    public let wasInterrupted: Bool
    /// Per step and second of the measured phase (`timeseries.csv`).
    public var timeSeries: [TimeSeriesRow] = []
    /// The load model's registered name (`closed`, `ramping-arrival-rate`, ...).
    public var loadModel = ""
    /// How late an open model's schedule started iterations; nil in a closed model.
    package var scheduleLag: ScheduleLag?
    /// Per stage: the load applied and each step's figures (empty without a time series).
    public var stages: [StageResult] = []
    /// Each population's whole figures (design section 20); empty for a scenario without `populations:`.
    public var populations: [PopulationResult] = []
    /// What the cores did over the measured phase (nil: read back or merged without it).
    public var coreUsage: CoreUsage? = nil
    /// The virtual users' threads sampled on a wall clock (nil: not sampled).
    public var wallClockProfile: WallClockProfile? = nil
    /// Whether the end-of-variant lifetime check ran (false in a killed variant rebuilt by
    /// `roost report`): without it the leak figures are unknown, not zero.
    public var leaksChecked = true
    /// Rebuilt from the files a killed run streamed: what a step freed is not among them,
    /// so retained bytes per step are unknown.
    public var isRebuilt = false
    /// Where the measured steps' allocations came from; nil when the profile was off.
    public var allocationProfile: VariantAllocationProfile? = nil
    /// The flame graphs' stacks `roost report` read back from the folder's folded files
    /// (a rebuilt run has no `allocationProfile`).
    var readBackFlameGraphStacks: FlameGraphStacks? = nil
    /// How long the dataset took to be ready (built, or copied from the cache), seconds;
    /// nil when not recorded (a rebuilt run).
    public var datasetSeconds: Double? = nil
    /// Where the dataset came from; nil when not recorded.
    public var datasetSource: DatasetSource? = nil
    /// SQLite's counts of each measured step's statements (empty in a rebuilt run).
    public var statements: [String: StepStatements] = [:]
    /// Each counted statement's `EXPLAIN QUERY PLAN` on one line, by SQL text.
    public var statementPlans: [String: String] = [:]
    /// When the measured phase began (wall clock; `roost merge` lines shards' time series up by it);
    /// nil when not recorded.
    public var measuredStarted: Date? = nil
    /// How the variant was loaded: its virtual users (the open model's most) and warm-up
    /// passes each; nil: as the scenario says. `roost compare` gates on means only with one
    /// user and a warm-up.
    public var virtualUsers: Int? = nil
    public var warmupIterations: Int? = nil
    /// Each step's latency per second of the measured phase, when read back from a folder's
    /// interval logs (`roost merge`); the writer writes them as the step's interval log. Empty
    /// for a run played here (its logs were streamed, or are written whole).
    var secondLatencies: [String: [Int: Histogram<UInt64>]] = [:]
    /// The raw recording, until the run names its frames (`AllocationProfileBuilder.profiled`).
    var allocationRecording: AllocationRecording? = nil

    /// Objects tracked after a close that were still alive at the end.
    public var leakedObjects: Int { leaks.reduce(0) { $0 + $1.leaked } }
    /// Their shallow bytes.
    public var leakedBytes: Int { leaks.reduce(0) { $0 + $1.leakedBytes } }
    /// Bytes the measured steps allocated and did not free.
    public var retainedBytes: Int { steps.reduce(0) { $0 + $1.netBytes } }
    /// `memory` and `retention` hold an evenly thinned copy of a long run's readings (the fit
    /// is over every close all the same).
    public var isThinned = false
    /// The fit over every close as the run made it (nil: the fit of `retention`).
    var fitOverAllCloses: RetentionFit? = nil
    /// The line through the retention points (nil with fewer than two closes).
    public var retentionFit: RetentionFit? { fitOverAllCloses ?? RetentionFit(retention) }
    /// `memory.csv` and `retention.csv` were streamed into the run folder as the run went,
    /// and only there are all their rows: the end of the run leaves them as they are.
    public var memoryRowsStreamed = false
    /// The rows of `memory.csv` and `retention.csv` when this result holds them (a run that did
    /// not stream, or one `roost report` read back); nil: a row per reading of `memory` and
    /// per close of `retention`.
    var memoryRows: [MemoryRow]? = nil
    var retentionRows: [RetentionRow]? = nil
    /// `memory.csv`'s rows (or what stands for them).
    var memoryTable: [MemoryRow] { memoryRows ?? memory.map(MemoryRow.init) }
    /// `retention.csv`'s rows (or what stands for them).
    var retentionTable: [RetentionRow] { retentionRows ?? retention.map(RetentionRow.init) }
}

/// One memory reading (design section 6, `memory.csv`).
public struct MemorySample: Sendable, Hashable {
    public let elapsedMilliseconds: Double
    /// Iterations done when it was taken.
    public let iteration: Int
    public let allocatedBytes: Int
    public let residentBytes: Int
    public let rssBytes: Int
    public let liveTrackedObjects: Int
}

/// Survivors of one type after the screens that made them closed (`leaks.csv`).
public struct LeakRecord: Sendable, Hashable {
    public let type: String
    /// How many were tracked (created and closed).
    public let created: Int
    /// How many were alive at the end.
    public let leaked: Int
    public let leakedBytes: Int
    /// The shortest retain cycle through one survivor, or why none is shown.
    public let cycle: String
    /// What the survivors keep alive: their bytes plus every live recorded allocation
    /// reachable only through them; nil when not measured (no exact allocation profile).
    public var retainedBytes: Int? = nil
}
