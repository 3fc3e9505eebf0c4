import Foundation
import MemoryProbes
import Synchronization

/// Memory over time: a process snapshot on a timer (its own thread) and after each close,
/// and after each close the retention point (bytes the steps kept, live tracked objects).
/// When the readings are streamed, memory keeps at most `streamedLimit` of each, evenly
/// thinned, and the retention fit's running sums: a soak run's memory stays bounded.
final class MemorySampler: Sendable {
    /// Readings of each kind kept in memory when a sink holds them all.
    static let streamedLimit = 4_096

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
        var fit = RetentionFit.Accumulator()
        var peak = 0
        var running = false
        var live = 0
        /// Readings and retention points not yet handed to the sink (the timer thread does, not a virtual user).
        var unstreamedSamples: [MemorySample] = []
        var unstreamedRetention: [RetentionPoint] = []
    }
    private let finished = DispatchSemaphore(value: 0)

    init(clock: any RunClock, start: UInt64, tracker: LifetimeTracker, shared: SharedRunState, period: UInt64,
         sink: (any RunSink)? = nil, variant: String = "", keeping streamedLimit: Int = streamedLimit) {
        self.sink = sink
        let limit = sink == nil ? Int.max : streamedLimit
        state = Mutex(State(samples: ThinnedSeries(limit: limit), retention: ThinnedSeries(limit: limit)))
        self.variant = variant
        self.clock = clock
        self.startTime = start
        self.tracker = tracker
        self.shared = shared
        self.period = period
    }

    /// Starts the timer thread (real time: a `ManualClock` would never tick it).
    func begin() {
        state.withLock { $0.running = true }
        sample(iteration: 0)
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                Thread.sleep(forTimeInterval: Double(period) / 1e9)
                if state.withLock({ $0.running }) { sample(iteration: shared.iterations, countingLive: false) }
                stream()
            }
            finished.signal()
        }
        thread.start()
    }

    /// Stops the timer and takes a last sample.
    func stopAndSample() {
        state.withLock { $0.running = false }
        finished.wait()
        sample(iteration: shared.iterations)
        stream()
    }

    /// Hands the readings taken since the last call to the sink (formatting them is its work,
    /// kept off the virtual users' threads).
    private func stream() {
        guard let sink else { return }
        let (samples, points) = state.withLock { state in
            defer {
                state.unstreamedSamples.removeAll(keepingCapacity: true)
                state.unstreamedRetention.removeAll(keepingCapacity: true)
            }
            return (state.unstreamedSamples, state.unstreamedRetention)
        }
        for sample in samples { sink.memory(sample, variant: variant) }
        for point in points { sink.retention(point, variant: variant) }
    }

    /// Takes one reading now. Only a virtual user's own thread counts the live tracked
    /// objects: counting loads each weak reference strongly for a moment, and a timer thread
    /// doing so could end up releasing a closing screen's last reference, moving its frees
    /// (and deinit's allocations) off the thread that measures them. The timer repeats the
    /// last count.
    @discardableResult
    func sample(iteration: Int, countingLive: Bool = true) -> MemorySample {
        sample(iteration: iteration, live: countingLive ? tracker.liveCount : nil)
    }

    /// A reading with the live tracked objects as counted by the caller (nil: the last count).
    private func sample(iteration: Int, live counted: Int?) -> MemorySample {
        let countingLive = counted != nil
        let snapshot = AllocationCounters.snapshot()
        let rss = ProcessMemory.residentBytes() ?? 0
        let live = counted ?? state.withLock { $0.live }
        let reading = MemorySample(
            elapsedMilliseconds: Double(clock.now() - startTime) / 1e6, iteration: iteration,
            allocatedBytes: snapshot.allocated, residentBytes: snapshot.resident, rssBytes: rss,
            liveTrackedObjects: live)
        state.withLock {
            $0.samples.append(reading)
            if sink != nil { $0.unstreamedSamples.append(reading) }
            $0.peak = max($0.peak, rss)
            if countingLive { $0.live = live }
        }
        return reading
    }

    /// The sample after the `close`-th close step, with its retention point; the caller has
    /// just counted the live tracked objects.
    func sampleAfterClose(_ close: Int, step: String, retainedBytes: Int, iteration: Int, liveTrackedObjects: Int) {
        let reading = sample(iteration: iteration, live: liveTrackedObjects)
        let point = RetentionPoint(close: close, iteration: iteration, step: step,
                                   elapsedMilliseconds: reading.elapsedMilliseconds, retainedBytes: retainedBytes,
                                   liveTrackedObjects: reading.liveTrackedObjects)
        state.withLock {
            $0.retention.append(point)
            $0.fit.add(point)
            if sink != nil { $0.unstreamedRetention.append(point) }
        }
    }

    var samples: [MemorySample] { state.withLock { $0.samples.elements }.sorted { $0.elapsedMilliseconds < $1.elapsedMilliseconds } }
    var retention: [RetentionPoint] { state.withLock { $0.retention.elements }.sorted { $0.close < $1.close } }
    /// Whether `samples` or `retention` lost readings to thinning (the sink has them all).
    var isThinned: Bool { state.withLock { $0.samples.isThinned || $0.retention.isThinned } }
    /// The fit over every retention point taken.
    var retentionFit: RetentionFit? { state.withLock { $0.fit.fit } }
    var peakResidentBytes: Int { state.withLock { $0.peak } }
}
