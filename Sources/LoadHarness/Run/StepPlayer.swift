import MemoryProbes
import Screens

/// Plays a virtual user's iterations: control steps (`think`, `choose`, `repeat`) run here,
/// measured steps are timed and their allocations counted on this thread only (exact while
/// other virtual users allocate, since the jemalloc counters are per thread and a step runs
/// without suspending). Screens closed by a step are tracked for the lifetime check before
/// the step's measured span, so their frees count in it.
final class StepPlayer: @unchecked Sendable {
    let vu: VirtualUser
    let steps: [Step]
    let clock: any RunClock
    let tracker: LifetimeTracker
    let shared: SharedRunState
    let stop: StopFlag
    private(set) var sampler: MemorySampler
    let progress: @Sendable (RunProgress) -> Void
    let variant: String
    private(set) var start: UInt64
    /// Where each measured execution goes for the time series (nil: a warm-up player).
    let records: StepRecordQueue?
    /// Each measured step's index in the time series.
    let stepIndex: [String: Int32]
    // Not `lazy`: a lazy property's mutation goes through a copy of the whole result (its
    // histograms), which cost ~16 us per measured step.
    private(set) var result: VirtualUserResult
    private var iterationErrors = 0
    /// The statements' SQL as reports write it, cached (outside measured spans).
    private var statementText = StatementText()
    /// A test's change to the stack, run inside each measured span (StackPatch).
    var patch: StackPatch?
    /// Whether each execution's latency is kept (`roost run --timings-only`: latencies.csv).
    var keepsLatencies = false
    /// The names its measured steps are recorded under (`readers.open_feed`; `setup.login` for
    /// setup steps): made once per population by its driver, so no execution joins them.
    var names = RecordedStepNames.own
    private var isMeasuring = true
    /// Per measured step (by index), its executions until the next whose CPU clock is read (0: the next).
    private var cpuCountdowns: [Int] = []

    init(vu: VirtualUser, steps: [Step], clock: any RunClock, tracker: LifetimeTracker, shared: SharedRunState,
         stop: StopFlag, sampler: MemorySampler, progress: @escaping @Sendable (RunProgress) -> Void,
         variant: String, start: UInt64, records: StepRecordQueue? = nil, stepIndex: [String: Int32] = [:]) {
        self.vu = vu
        self.steps = steps
        self.clock = clock
        self.tracker = tracker
        self.shared = shared
        self.stop = stop
        self.sampler = sampler
        self.progress = progress
        self.variant = variant
        self.start = start
        self.records = records
        self.stepIndex = stepIndex
        result = VirtualUserResult(app: vu.app)
        cpuCountdowns = Array(repeating: 0, count: stepIndex.count)
    }

    /// One pass over the steps. `intendedStart` (open model) is when the iteration should
    /// have started: its first step's latency counts from there. A warm-up pass
    /// (`measured: false`) plays the steps without timing, counting or tracking them.
    func playIteration(intendedStart: UInt64?, measured: Bool = true) {
        iterationErrors = 0
        var pendingStart = intendedStart
        isMeasuring = measured
        play(steps, intendedStart: &pendingStart)
        vu.iteration += 1
        guard measured else { return }
        result.iterations += 1
        let totals = shared.addIteration(errors: iterationErrors)
        progress(RunProgress(phase: "run", variant: variant, iterations: totals.iterations, errors: totals.errors,
                             elapsedNanoseconds: clock.now() - start))
    }

    /// Moves a player made before the measured phase into it.
    func enter(_ phase: MeasuredPhase) {
        start = phase.start
        sampler = phase.sampler
    }

    /// Makes, before the measured phase, what the first execution of each of `steps` would
    /// otherwise make on its way (its latency histograms, the thread's statement table): an
    /// open model's iteration must start on time, not after a page fault.
    func prepareMeasuring(_ steps: [String]) {
        for name in steps where result.steps[name] == nil { result.steps[name] = StepMetrics(step: name) }
        StatementCounters.end()
    }

    /// One pass over the steps as a virtual user's setup (`setup:`): measured (unless
    /// `measured` is false), but not an iteration: no iteration is counted or reported.
    func playSetup(measured: Bool) {
        iterationErrors = 0
        var noStart: UInt64?
        isMeasuring = measured
        play(steps, intendedStart: &noStart)
    }

    private func play(_ steps: [Step], intendedStart: inout UInt64?) {
        for step in steps where !stop.isSet {
            switch step {
            case .think(let duration):
                clock.sleep(until: clock.now() + duration.nanoseconds)
            case .choose(let branches):
                let total = branches.reduce(0) { $0 + $1.weight }
                guard total > 0 else { continue }
                var pick = Int.random(in: 0..<total, using: &vu.random)
                for branch in branches {
                    if pick < branch.weight { play(branch.steps, intendedStart: &intendedStart); break }
                    pick -= branch.weight
                }
            case .repeat(let times, let inner):
                for _ in 0..<times where !stop.isSet { play(inner, intendedStart: &intendedStart) }
            case .measured(let measured):
                measure(measured, intendedStart: intendedStart)
                intendedStart = nil
            }
        }
    }

    private func measure(_ step: any MeasuredStep, intendedStart: UInt64?) {
        guard isMeasuring else {
            _ = try? step.play(vu)
            return
        }
        let closed = type(of: step).screen.closed
        if let closed { trackClosingScreen(closed) }
        let name = names.name(of: type(of: step))
        // `roost run --instructions`: the step's own instructions, counted by callgrind (nil: not counting).
        let instructionLabel = InstructionCounter.isActive ? InstructionCounter.label(variant: variant, step: name) : nil
        // SQLite's counts of the span's statements (StatementCounters: the table is made
        // here on the thread's first step, and nothing is allocated inside the span).
        StatementCounters.begin()
        // What a wall-clock sampler's samples of this thread are under (the step's index; -1 after it).
        let index = stepIndex[name]
        if let index { SampledThread.setTag(index) }
        // A span of this thread's counters: the step's exact figures and its peak. The
        // allocation profile records the same span and allocates nothing in it. The thread's
        // CPU clock is read outside the latency span (a system call each way).
        // Each step's first execution and one in `CPUTime.readEvery` after read it (a system call).
        let readsCPU = readsCPUClock(step: index)
        let (outcome, allocation, began, ended, cpu) = shared.profiler.record(name) {
            let cpuBefore = readsCPU ? CPUTime.thread() : 0
            let span = AllocationSpan()
            let began = clock.now()
            let outcome = Result {
                try InstructionCounter.collect(instructionLabel) {
                    try step.play(vu)
                    try patch?.inStep(name, vu.stack)
                }
            }
            let ended = clock.now()
            let allocation = span.end()
            return (outcome, allocation, began, ended, readsCPU ? CPUTime.thread() &- cpuBefore : nil)
        }
        let counted = StatementCounters.end()
        SampledThread.setTag(-1)
        let statements = result.statements[name, default: StepStatements()].record(counted, user: vu.index, collapse: &statementText)
        var error: (any Error)?
        if case .failure(let failure) = outcome {
            error = failure
            iterationErrors += 1
        }
        result.steps[name, default: StepMetrics(step: name)].record(
            nanoseconds: ended - (intendedStart ?? began), uncorrectedNanoseconds: ended - began,
            allocation: allocation, error: error, user: vu.index, iteration: result.iterations, keepingLatency: keepsLatencies,
            cpuNanoseconds: cpu)
        shared.addRetained(allocation.netBytes)
        if let records, let index = stepIndex[name] {
            records.push(StepRecord(step: index, user: Int32(truncatingIfNeeded: vu.index), failed: error != nil, ended: ended &- start,
                                    latency: ended - (intendedStart ?? began), allocations: allocation.allocations,
                                    bytesAllocated: allocation.bytesAllocated, statements: Int32(truncatingIfNeeded: statements),
                                    uncorrected: ended - began, cpu: cpu ?? StepRecord.noCPU, peakBytes: allocation.peakBytes,
                                    temporaryAllocations: allocation.temporaryAllocations))
        }
        if closed != nil {
            // Counting the closed screen's parts drops the tracker's weak references to the dead
            // ones; the side tables that frees are the step's (the app's weak references made
            // them, and without the tracker the step would have freed them). While another user
            // counts, this one does not wait: that count (or the next) finds these parts dead and
            // gives their side tables back to the run's retained bytes; the retention point
            // says how many tracked objects no count has found dead yet.
            let census = tracker.countLiveUnlessCounting()
            shared.addRetained(-census.releasedBytes)
            let (close, retained) = shared.addClose()
            sampler.sampleAfterClose(close, step: name, retainedBytes: retained, iteration: shared.iterations,
                                     liveTrackedObjects: census.live)
        }
    }

    /// Whether this execution of the step at `index` reads its CPU clock: the first, then one in
    /// `CPUTime.readEvery`; a step outside the iterations' (a setup step) always does.
    private func readsCPUClock(step index: Int32?) -> Bool {
        guard let index, index >= 0 else { return true }
        let slot = Int(index)
        if slot >= cpuCountdowns.count { cpuCountdowns += Array(repeating: 0, count: slot + 1 - cpuCountdowns.count) }
        let reads = cpuCountdowns[slot] == 0
        cpuCountdowns[slot] = reads ? CPUTime.readEvery - 1 : cpuCountdowns[slot] - 1
        return reads
    }

    /// Tracks the parts of the screen a close step is about to close (outside the measured
    /// span), when the top screen is of the type the step closes.
    private func trackClosingScreen(_ closed: any Screen.Type) {
        guard let screen = vu.app.navigator.stack.last, ObjectIdentifier(type(of: screen)) == ObjectIdentifier(closed) else { return }
        for part in screen.parts { tracker.track(part) }
    }
}
