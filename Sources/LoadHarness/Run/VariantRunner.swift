import Foundation
import MemoryProbes
import Screens
import SocialStack
import Synchronization

/// Runs one variant: a fresh stack, the dataset, the virtual users playing the steps under
/// the load model, memory samples, and the lifetime check of every closed screen.
struct VariantRunner {
    let scenario: Scenario
    let variant: VariantSpec
    let clock: any RunClock
    let stop: StopFlag
    let progress: @Sendable (RunProgress) -> Void
    /// Memory sampling period, nanoseconds.
    var samplePeriod: UInt64 = 100_000_000
    /// Where the variant's measurements are streamed as they are taken (nil: kept in memory only).
    var sink: (any RunSink)?
    /// Memory readings (and retention points) kept in memory when `sink` has them all.
    var keptReadings = MemorySampler.streamedLimit
    /// Readings (and closes) that each get a row of `memory.csv` (`retention.csv`) before rows become seconds.
    var rowPerReadingLimit = MemorySampler.rowPerReadingLimit
    /// What the allocation profile records (VariantRunner+AllocationProfile.swift).
    var allocationProfile: AllocationProfileMode = .off
    /// Where built datasets are kept between runs; nil: built every time.
    var datasetCache: DatasetCache?
    /// Told when the dataset cache cannot be used (the dataset is then built).
    var warn: @Sendable (String) -> Void = { _ in }
    /// Cache entries this run built before its first variant, with their build seconds.
    var prebuiltDatasets: [String: Double] = [:]
    /// A test's change to the stack (StackPatch), or nil.
    var patch: StackPatch?
    /// Only the steps' timings are wanted (`roost run --timings-only`): each execution's latency
    /// is kept; no time series, leak check or query plans are made.
    var timingsOnly = false
    /// This shard's share of the variant's load (`roost run --shard`); nil: all of it.
    var share: LoadShare?
    /// Samples the virtual users' threads on a wall clock over the measured phase (`roost
    /// capacity`'s probes); nil: not sampled.
    var wallClockSampler: WallClockSampler?

    func run() throws -> VariantResult {
        // The stack's holders are normally the variant's own objects: it closes (deinit) as they
        // go, as it always has, so the next variant's allocations fall where they always did (the
        // exact profiles' retained bytes depend on it). A strong variant's leaked screens keep it
        // alive: it is closed here, after every measurement of the variant (the lifetime check,
        // the retention fit, the allocation profile, the streamed rows), and its connections and
        // folder go all the same.
        weak var leftOver: SocialStack?
        defer { leftOver?.close() }
        return try measure { leftOver = $0 }
    }

    /// The variant on a fresh stack, which `made` is told of: the stack made and patched, the
    /// populations' users playing it from one measured phase, their results assembled.
    private func measure(made: (SocialStack) -> Void) throws -> VariantResult {
        let settings = variant.stack ?? scenario.stack
        // The runner holds the stack's administration (the dataset, the query plans); the
        // virtual users and their screens get the stack alone.
        let (administration, dataset, datasetSource, datasetSeconds) = try makeStack(stackConfiguration(settings), settings: settings)
        let stack = administration.stack
        made(stack)
        try patch?.setUp(stack)

        AllocationCounters.requireJemalloc()
        let tracker = LifetimeTracker()
        let profiler = try makeAllocationProfiler()
        let shared = SharedRunState(profiler: profiler)
        // The time series is made unless only timings are wanted, or under callgrind (where it
        // would time valgrind, and its thread would run beside the counted steps): one record
        // queue of steps and one of iterations per virtual user, made before anyone measures.
        let makesTimeSeries = !timingsOnly && !InstructionCounter.isActive
        // Each population's users (numbered across the whole run: a shard's share of them) and
        // its share of its schedule (every iteration keeps its place), moved by its start.
        let plays = PopulationPlay.plays(of: scenario, share: share, makesTimeSeries: makesTimeSeries)
        let measured = plays.flatMap(\.measured)
        let stepIndex = Dictionary(measured.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
        // The variant's latency logs are opened (files created) before anyone measures.
        sink?.variantBegan(variant.name, steps: measured)
        let timeline = Mutex<TimeSeriesCollector?>(nil)
        // The measured phase starts here, once every user is ready: the clock's origin, the time
        // series, the memory sampler and the wall-clock sampler.
        let begin = { [clock, samplePeriod, sink, variant, rowPerReadingLimit] () -> MeasuredPhase in
            // `roost run --instructions`: callgrind instruments from the first measured phase on.
            InstructionCounter.beginMeasuredPhase()
            // The threads' run-queue times before the start (the users wait for it, so nothing
            // accrues in between): a reading takes a file per thread.
            let threads = RunQueueMeter.processThreads()
            let start = clock.now()
            if makesTimeSeries {
                let collector = TimeSeriesCollector(variant: variant.name, steps: measured, queues: plays.flatMap(\.stepQueues),
                                                    clock: clock, start: start, sink: sink,
                                                    writerBusy: { [stack] in stack.writerBusyNanoseconds },
                                                    runQueue: RunQueueMeter(origin: threads))
                for play in plays {
                    collector.follow(LoadTimeline(plan: play.plan, queues: play.iterationQueues), steps: play.measured)
                }
                collector.begin()
                timeline.withLock { $0 = collector }
            }
            let sampler = MemorySampler(clock: clock, start: start, tracker: tracker, shared: shared, period: samplePeriod,
                                        sink: sink, variant: variant.name, keeping: keptReadings,
                                        rowPerReadingLimit: rowPerReadingLimit)
            sampler.begin()
            wallClockSampler?.start()
            return MeasuredPhase(start: start, sampler: sampler, processCPU: CPUTime.process(), runQueue: threads)
        }
        let outcomes = PopulationPlay.playAll(plays, drivers: { play, begin in
            var context = LoadDriver.Context(scenario: scenario, variant: variant, stack: stack, dataset: dataset, tracker: tracker,
                                             shared: shared, progress: progress, samplePeriod: samplePeriod, patch: patch,
                                             keepsLatencies: timingsOnly, samplesWallClock: wallClockSampler != nil,
                                             population: play.population)
            context.userOffset = play.userOffset
            return LoadDriver(context: context, clock: clock, stop: stop, playing: play.playing, plan: play.plan,
                              stepQueues: play.stepQueues, iterationQueues: play.iterationQueues, stepIndex: stepIndex, begin: begin)
        }, begin: begin)
        let played = PlayedVariant(plays: plays, outcomes: outcomes, timeline: timeline.withLock { $0 }, tracker: tracker,
                                   profiler: profiler)
        var result = assemble(played, statementPlansOn: administration)
        result.datasetSeconds = datasetSeconds
        result.datasetSource = datasetSource
        sink?.variantEnded(result)
        return result
    }

    /// What the populations' users played, for `assemble`.
    private struct PlayedVariant {
        let plays: [PopulationPlay]
        let outcomes: [LoadOutcome]
        let timeline: TimeSeriesCollector?
        let tracker: LifetimeTracker
        let profiler: AllocationProfiler
    }

    /// The variant's result from what its users played, once they are done: the phase ended
    /// (time series, samplers), the steps and statements merged, the leak check and the profile.
    private func assemble(_ played: PlayedVariant, statementPlansOn administration: StackAdministration) -> VariantResult {
        let outcome = LoadOutcome.together(played.outcomes)
        let (results, start, sampler) = (outcome.results, outcome.phase.start, outcome.phase.sampler)
        let elapsed = clock.now() - start
        let processCPU = CPUTime.process() &- outcome.phase.processCPU
        // The users' threads may have ended: their last figures stand in for them.
        let ended = RunQueueMeter.figures(results.compactMap(\.runQueueAtEnd))
        let wallClockProfile = wallClockSampler?.stop()
        let timeSeries = played.timeline?.finish(elapsed: elapsed, endedThreads: ended) ?? []
        // The phase's waits: the time series' last reading when it counted from the phase's
        // origin (its stages then add up to it), else one reading of the threads now.
        let runQueue = outcome.phase.runQueue.flatMap { origin in
            played.timeline?.runQueueTotal ?? RunQueueMeter(origin: origin).advance(endedThreads: ended)
        }
        sampler.stopAndSample()

        let measured = played.plays.flatMap(\.measured)
        // Setup steps' rows first (`setup.login`), then the iterations' steps.
        let order = played.plays.flatMap(\.setupNames) + measured
        let merged = Self.mergedSteps(results)
        let (leaks, recording) = withExtendedLifetime(results) {
            finishAllocationProfile(played.profiler, tracker: played.tracker,
                                    leaks: timingsOnly ? [] : LeakCheck.records(tracker: played.tracker))
        }
        let statements = Self.mergedStatements(results)
        var result = VariantResult(
            variant: variant.name, steps: order.compactMap { merged[$0] }, memory: sampler.samples, retention: sampler.retention,
            leaks: leaks, iterations: results.reduce(0) { $0 + $1.iterations }, droppedIterations: outcome.dropped,
            elapsedNanoseconds: elapsed, peakResidentBytes: sampler.peakResidentBytes, wasInterrupted: stop.isSet,
            allocationRecording: recording)
        result.timeSeries = timeSeries
        result.peakHeapBytes = sampler.peakHeapBytes
        result.loadModel = scenario.loadModelName
        result.scheduleLag = outcome.lag
        result.stages = played.timeline?.stageResults(elapsed: elapsed) ?? []
        result.populations = PopulationResult.results(played.plays, outcomes: played.outcomes)
        result.coreUsage = CoreUsage(wallNanoseconds: elapsed, processNanoseconds: processCPU,
                                     stepNanoseconds: measured.reduce(0) { $0 &+ (merged[$1]?.cpu.estimatedTotalNanoseconds ?? 0) },
                                     startWaitNanoseconds: result.stages.reduce(0) { $0 &+ ($1.usage?.startWaitNanoseconds ?? 0) },
                                     cores: CPUTime.cores, runQueueNanoseconds: runQueue)
        result.measuredStarted = Date().addingTimeInterval(-Double(elapsed) / 1e9)
        result.virtualUsers = played.plays.reduce(0) { $0 + $1.playing.count }
        result.wallClockProfile = wallClockProfile
        result.warmupIterations = scenario.load.warmup
        result.statements = statements
        result.statementPlans = timingsOnly ? [:] : StatementPlans.explain(statements, on: administration)
        result.isThinned = sampler.isThinned
        result.fitOverAllCloses = sampler.retentionFit
        if let rows = sampler.fileRows {
            (result.memoryRows, result.retentionRows) = rows
        } else {
            result.memoryRowsStreamed = true
        }
        return result
    }

    /// The stack's configuration for `settings`: seeded salts and tokens (random keys would
    /// split the sessions index at random moments and make allocation counts differ between
    /// runs), and every connection counting its statements' work (inside measured steps only).
    private func stackConfiguration(_ settings: StackSettings) -> SocialStack.Configuration {
        var configuration = SocialStack.Configuration(
            storage: settings.storage == .file ? .temporaryFile : .memory,
            feed: settings.feed, passwordCost: settings.passwordCost.cost)
        configuration.randomBytes = SeededBytes(seed: scenario.seed).next
        configuration.onConnection = { StatementCounters.install(on: $0) }
        return configuration
    }

    /// Every user's step metrics merged per step.
    private static func mergedSteps(_ results: [VirtualUserResult]) -> [String: StepMetrics] {
        var merged: [String: StepMetrics] = [:]
        for result in results {
            for (name, metrics) in result.steps { merged[name, default: StepMetrics(step: name)].merge(metrics) }
        }
        return merged
    }

    /// Every user's statement counts merged per step.
    private static func mergedStatements(_ results: [VirtualUserResult]) -> [String: StepStatements] {
        var statements: [String: StepStatements] = [:]
        for result in results {
            for (name, counts) in result.statements { statements[name, default: StepStatements()].merge(counts) }
        }
        return statements
    }

    /// The variant's administered stack with its dataset: started from the cache's copy when
    /// the cache holds it, else from the dataset built (and stored) now; with how long that took
    /// (opening the stack included) and where the dataset came from.
    private func makeStack(_ configuration: SocialStack.Configuration,
                           settings: StackSettings) throws -> (StackAdministration, Dataset, DatasetSource, Double) {
        let started = ContinuousClock.now
        let report = { [progress, variant] (built: Dataset.Progress) in
            let elapsed = (ContinuousClock.now - started).nanoseconds
            progress(RunProgress(phase: "dataset", variant: variant.name, iterations: built.done, errors: 0,
                                 elapsedNanoseconds: elapsed, total: built.total))
        }
        report(Dataset.Progress(done: 0, total: 0))
        let stack: StackAdministration, dataset: Dataset
        var source = DatasetSource.built
        if let datasetCache {
            (stack, dataset, source) = try datasetCache.makeStack(configuration, spec: scenario.dataset, seed: scenario.seed,
                                                                  settings: settings, progress: report, warn: warn)
        } else {
            (stack, dataset) = try DatasetCache.makeStackWithoutCache(configuration, spec: scenario.dataset, seed: scenario.seed,
                                                                      progress: report)
        }
        var seconds = Double((ContinuousClock.now - started).nanoseconds) / 1e9
        // Built by this run before its first variant: built, in the time that took plus this copy's.
        if source == .cache, !prebuiltDatasets.isEmpty,
           let built = prebuiltDatasets[DatasetCacheKey(scenario: scenario, settings: settings,
                                                        schemaDigest: try SocialStack.schemaDigest()).name] {
            source = .built
            seconds += built
        }
        return (stack, dataset, source, seconds)
    }
}

/// What one virtual user measured, and its app: kept until the lifetime check, since what
/// the app holds (its window, bus, caches) is alive for as long as the app runs, as on a phone.
struct VirtualUserResult: Sendable {
    var steps: [String: StepMetrics] = [:]
    /// SQLite's counts of each step's statements.
    var statements: [String: StepStatements] = [:]
    var iterations = 0
    var app: App?
    /// The user's thread's run-queue time as it finished (nil: not available; `RunQueueMeter`).
    var runQueueAtEnd: (thread: Int32, nanoseconds: UInt64)?
}

/// Counters every virtual user of a variant shares (for progress and memory rows); atomics,
/// since every iteration of every virtual user touches them.
final class SharedRunState: Sendable {
    /// Records the measured steps' allocations (mode off: records nothing).
    let profiler: AllocationProfiler
    private let iterationCount = Atomic<Int>(0)
    private let errorCount = Atomic<Int>(0)
    private let retained = Atomic<Int>(0)
    private let closeCount = Atomic<Int>(0)

    init(profiler: AllocationProfiler = AllocationProfiler()) { self.profiler = profiler }

    func addIteration(errors: Int) -> (iterations: Int, errors: Int) {
        let iterations = iterationCount.add(1, ordering: .relaxed).newValue
        let total = errors == 0 ? errorCount.load(ordering: .relaxed) : errorCount.add(errors, ordering: .relaxed).newValue
        return (iterations, total)
    }

    /// Adds a measured step's allocated-minus-freed bytes.
    func addRetained(_ bytes: Int) { retained.add(bytes, ordering: .relaxed) }

    /// Counts a close; returns its number (1, 2, ...) and the bytes retained so far.
    func addClose() -> (close: Int, retainedBytes: Int) {
        (closeCount.add(1, ordering: .relaxed).newValue, retained.load(ordering: .relaxed))
    }

    var iterations: Int { iterationCount.load(ordering: .relaxed) }
    var errors: Int { errorCount.load(ordering: .relaxed) }
}

/// Set once to stop a run early (Ctrl-C); every loop checks it.
public final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    /// A flag not set.
    public init() {}
    public var isSet: Bool { flag.load(ordering: .relaxed) }
    public func set() { flag.store(true, ordering: .relaxed) }
}

/// A line of progress for a terminal.
public struct RunProgress: Sendable {
    public let phase: String
    public let variant: String
    public let iterations: Int
    public let errors: Int
    public let elapsedNanoseconds: UInt64
    /// Phase "dataset": the rows the build will write in all (0 when not known); `iterations` is the rows written.
    public var total = 0

    /// A line of progress; `total` only for the dataset phase.
    public init(phase: String, variant: String, iterations: Int, errors: Int, elapsedNanoseconds: UInt64, total: Int = 0) {
        self.phase = phase
        self.variant = variant
        self.iterations = iterations
        self.errors = errors
        self.elapsedNanoseconds = elapsedNanoseconds
        self.total = total
    }
}

extension Duration {
    /// Whole nanoseconds (negative durations count as zero).
    package var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
