import Foundation
import MemoryProbes
import Synchronization

/// Memory over time: a process snapshot on a timer (its own thread) and after each close,
/// and after each close the retention point (bytes the steps kept, live tracked objects).
/// Under `roost run --instructions` only after each close (and at the start and end).
/// When the readings are streamed, memory keeps at most `streamedLimit` of each, evenly
/// thinned, and the retention fit's running sums: a soak run's memory stays bounded.
///
/// The files get the readings as rows (`SecondRows`): one a reading for the first
/// `rowPerReadingLimit` readings (and closes), then one a second, so a soak run's
/// `memory.csv` and `retention.csv` grow with its minutes, not its closes. The retention fit
/// is over every close whatever the rows keep, and each row of a second carries the fit so far.
///
/// The retention point is the closing virtual user's (exact, its own thread's counts); the
/// process snapshot after a close is taken on the sampler's thread, woken by the close. A
/// snapshot refreshes jemalloc's statistics, which merges every arena in use (about 550,000
/// instructions with seven arenas, 720,000 with nine: callgrind, ci): on the virtual user's
/// thread that was 7% of `ci`'s measured phase, and grew with every thread the run had
/// started, streaming's included. Closes that arrive together share one snapshot, and the
/// snapshots after closes are spaced so that they take at most `snapshotCoreShare` of a core:
/// at thousands of closes a second a snapshot each kept a core busy, work that a capacity
/// probe counts as the harness's (docs/capacity.md). Closes inside the spacing share the next.
final class MemorySampler: Sendable {
    /// Readings of each kind kept in memory when a sink holds them all.
    static let streamedLimit = 4_096
    /// Readings (and closes) of a variant that each get a row of their own in the files.
    static let rowPerReadingLimit = 1_000
    /// The share of one core the sampler's thread may spend on snapshots after closes: after a
    /// snapshot that took `c` of its CPU time, the next waits `c / snapshotCoreShare` (at most
    /// the timer's period), so the spacing follows what a snapshot costs on this machine.
    static let snapshotCoreShare = 0.01

    private let clock: any RunClock
    private let startTime: UInt64
    private let tracker: LifetimeTracker
    private let shared: SharedRunState
    private let period: UInt64
    /// Where each reading is streamed as it is taken (nil: kept only in memory).
    private let sink: (any RunSink)?
    private let variant: String
    private let state: Mutex<State>
    private struct State {
        var samples: ThinnedSeries<MemorySample>
        var retention: ThinnedSeries<RetentionPoint>
        var fit: RetentionFit.Accumulator
        var peak = 0
        /// The highest of jemalloc's allocated bytes (`stats.allocated`) any reading saw.
        var heapPeak = 0
        var running = false
        var live = 0
        var memoryRows: SecondRows<MemoryRow>
        var retentionRows: SecondRows<RetentionRow>
        /// Finished rows not yet handed to the sink (the sampler's thread does, not a virtual
        /// user); without a sink, every row of the variant.
        var finishedMemoryRows: [MemoryRow] = []
        var finishedRetentionRows: [RetentionRow] = []
        /// Closes whose process snapshot the sampler's thread has yet to take.
        var pendingCloses: [RetentionPoint] = []
    }
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by each close: the sampler's thread takes its snapshot.
    private let closed = DispatchSemaphore(value: 0)
    /// `roost run --instructions`: no thread of its own (its work, its start-up's first uses of
    /// runtime metadata and its snapshots' allocations, would otherwise run beside the virtual
    /// users' at moments that depend on how fast valgrind runs), and snapshots that leave the
    /// taking thread's jemalloc cache as it is: a closing virtual user takes its own, and
    /// emptying its cache would make the next counted step refill it (docs/cpu-cost.md).
    private let counting = InstructionCounter.isActive

    init(clock: any RunClock, start: UInt64, tracker: LifetimeTracker, shared: SharedRunState, period: UInt64,
         sink: (any RunSink)? = nil, variant: String = "", keeping streamedLimit: Int = streamedLimit,
         rowPerReadingLimit: Int = rowPerReadingLimit) {
        self.sink = sink
        let limit = sink == nil ? Int.max : streamedLimit
        let rows = SecondRows<RetentionRow>(rowPerReadingLimit: rowPerReadingLimit)
        state = Mutex(State(samples: ThinnedSeries(limit: limit), retention: ThinnedSeries(limit: limit),
                            fit: RetentionFit.Accumulator(keepingFirst: rows.rowPerReadingLimit),
                            memoryRows: SecondRows(rowPerReadingLimit: rowPerReadingLimit), retentionRows: rows))
        self.variant = variant
        self.clock = clock
        self.startTime = start
        self.tracker = tracker
        self.shared = shared
        self.period = period
    }

    /// Starts the sampler's thread: a reading every `period` of real time (a `ManualClock`
    /// would never tick it), and one as soon as a close asks for it. Under
    /// `roost run --instructions` there is no thread: the closing virtual user takes each
    /// close's snapshot itself, after its counted span.
    func begin() {
        sample(iteration: 0)
        if counting { return }
        state.withLock { $0.running = true }
        let thread = Thread { [self] in
            var due = DispatchTime.now() + .nanoseconds(Int(period))
            var nextSnapshot = DispatchTime.now()
            while state.withLock({ $0.running }) {
                _ = closed.wait(timeout: due)
                guard state.withLock({ $0.running }) else { break }
                // Closes inside the spacing wait for the next snapshot (or the timer's).
                let now = DispatchTime.now(), until = min(nextSnapshot, due)
                if now < until { Thread.sleep(forTimeInterval: Double(until.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9) }
                if let spacing = snapshotSpacing(sampleAfterPendingCloses) {
                    nextSnapshot = DispatchTime.now() + .nanoseconds(Int(spacing))
                }
                if DispatchTime.now() >= due {
                    sample(iteration: shared.iterations, countingLive: false)
                    due = DispatchTime.now() + .nanoseconds(Int(period))
                }
                finishSeconds(all: false)
                stream()
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops the sampler's thread, takes the snapshots of closes still waiting for one, and a
    /// last sample.
    func stopAndSample() {
        let running = state.withLock { state in
            defer { state.running = false }
            return state.running
        }
        if running {
            closed.signal()
            finished.wait()
        }
        sampleAfterPendingCloses()
        sample(iteration: shared.iterations)
        finishSeconds(all: true)
        stream()
    }

    /// Finishes the rows of the seconds that are over (`all`: of every second: the variant is).
    /// A row of a second carries the retention fit over every close taken so far.
    private func finishSeconds(all: Bool) {
        let now = Double(clock.now() - startTime) / 1e6
        state.withLock { state in
            let memory = all ? state.memoryRows.finishAll() : state.memoryRows.finish(at: now)
            var retention = all ? state.retentionRows.finishAll() : state.retentionRows.finish(at: now)
            if !retention.isEmpty {
                let fit = state.fit.fit
                for index in retention.indices { retention[index].fit = fit }
            }
            state.finishedMemoryRows += memory
            state.finishedRetentionRows += retention
        }
    }

    /// Hands the rows finished since the last call to the sink (formatting them is its work,
    /// kept off the virtual users' threads).
    private func stream() {
        guard let sink else { return }
        let (memory, retention) = state.withLock { state in
            defer {
                state.finishedMemoryRows.removeAll(keepingCapacity: true)
                state.finishedRetentionRows.removeAll(keepingCapacity: true)
            }
            return (state.finishedMemoryRows, state.finishedRetentionRows)
        }
        for row in memory { sink.memory(row, variant: variant) }
        for row in retention { sink.retention(row, variant: variant) }
    }

    /// Takes one reading now. Only a virtual user's own thread counts the live tracked
    /// objects: counting loads each weak reference strongly for a moment, and a timer thread
    /// doing so could end up releasing a closing screen's last reference, moving its frees
    /// (and deinit's allocations) off the thread that measures them. The timer repeats the
    /// last count.
    @discardableResult
    func sample(iteration: Int, countingLive: Bool = true) -> MemorySample {
        let snapshot = AllocationCounters.snapshot(flushingThreadCache: !counting)
        let rss = ProcessMemory.residentBytes() ?? 0
        let live = countingLive ? tracker.liveCount : state.withLock { $0.live }
        let reading = MemorySample(
            elapsedMilliseconds: Double(clock.now() - startTime) / 1e6, iteration: iteration,
            allocatedBytes: snapshot.allocated, residentBytes: snapshot.resident, rssBytes: rss,
            liveTrackedObjects: live)
        state.withLock {
            $0.samples.append(reading)
            if let row = $0.memoryRows.add(reading) { $0.finishedMemoryRows.append(row) }
            $0.peak = max($0.peak, rss)
            $0.heapPeak = max($0.heapPeak, snapshot.allocated)
            if countingLive { $0.live = live }
        }
        return reading
    }

    /// Runs `takeSnapshots` on the sampler's thread and returns how long to wait before the
    /// next snapshot after closes (nil: it took none), from the CPU time it took.
    private func snapshotSpacing(_ takeSnapshots: () -> Bool) -> UInt64? {
        let before = CPUTime.thread()
        guard takeSnapshots() else { return nil }
        return Self.spacing(afterSnapshotCosting: CPUTime.thread() &- before, period: period)
    }

    /// The wait after a snapshot that took `cost` nanoseconds of CPU time: `cost` over
    /// `snapshotCoreShare`, at most `period`.
    static func spacing(afterSnapshotCosting cost: UInt64, period: UInt64) -> UInt64 {
        min(period, UInt64((Double(cost) / snapshotCoreShare).rounded()))
    }

    /// Records the `close`-th close step's retention point (the caller has just counted the
    /// live tracked objects) and asks the sampler's thread for the process snapshot after it.
    func sampleAfterClose(_ close: Int, step: String, retainedBytes: Int, iteration: Int, liveTrackedObjects: Int) {
        let point = RetentionPoint(close: close, iteration: iteration, step: step,
                                   elapsedMilliseconds: Double(clock.now() - startTime) / 1e6, retainedBytes: retainedBytes,
                                   liveTrackedObjects: liveTrackedObjects)
        let (running, wakes) = state.withLock { state in
            state.retention.append(point)
            state.fit.add(point)
            if let row = state.retentionRows.add(point) { state.finishedRetentionRows.append(row) }
            state.pendingCloses.append(point)
            // The first close waiting wakes the sampler's thread; later ones join its snapshot.
            return (state.running, state.pendingCloses.count == 1)
        }
        // Without the sampler's thread (not begun, or stopped) the caller takes it.
        if !running {
            sampleAfterPendingCloses()
        } else if wakes {
            closed.signal()
        }
    }

    /// One process snapshot for every close waiting for one: a memory reading per close, at
    /// the close's time, with its iteration and live tracked objects. Whether there was any.
    @discardableResult
    private func sampleAfterPendingCloses() -> Bool {
        let closes = state.withLock { state in
            defer { state.pendingCloses.removeAll(keepingCapacity: true) }
            return state.pendingCloses
        }
        guard let last = closes.last else { return false }
        let snapshot = AllocationCounters.snapshot(flushingThreadCache: !counting)
        let rss = ProcessMemory.residentBytes() ?? 0
        let readings = closes.map { close in
            MemorySample(elapsedMilliseconds: close.elapsedMilliseconds, iteration: close.iteration,
                         allocatedBytes: snapshot.allocated, residentBytes: snapshot.resident, rssBytes: rss,
                         liveTrackedObjects: close.liveTrackedObjects)
        }
        state.withLock { state in
            for reading in readings {
                state.samples.append(reading)
                if let row = state.memoryRows.add(reading) { state.finishedMemoryRows.append(row) }
            }
            state.peak = max(state.peak, rss)
            state.heapPeak = max(state.heapPeak, snapshot.allocated)
            state.live = last.liveTrackedObjects
        }
        return true
    }

    var samples: [MemorySample] { state.withLock { $0.samples.elements }.sorted { $0.elapsedMilliseconds < $1.elapsedMilliseconds } }
    var retention: [RetentionPoint] { state.withLock { $0.retention.elements }.sorted { $0.close < $1.close } }
    /// Whether `samples` or `retention` lost readings to thinning (the sink has them all).
    var isThinned: Bool { state.withLock { $0.samples.isThinned || $0.retention.isThinned } }
    /// The fit over every retention point taken.
    var retentionFit: RetentionFit? { state.withLock { $0.fit.fit } }
    /// Every row of `memory.csv` and `retention.csv` (after `stopAndSample`), when there is no
    /// sink; nil when a sink has had them.
    var fileRows: (memory: [MemoryRow], retention: [RetentionRow])? {
        sink != nil ? nil : state.withLock { ($0.finishedMemoryRows, $0.finishedRetentionRows) }
    }
    var peakResidentBytes: Int { state.withLock { $0.peak } }
    /// The highest live heap (jemalloc's allocated bytes, process-wide) of any reading.
    var peakHeapBytes: Int { state.withLock { $0.heapPeak } }
}
