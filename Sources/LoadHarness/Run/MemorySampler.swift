import Foundation
import MemoryProbes
import Synchronization

/// Memory over time: a process snapshot on a timer (its own thread) and after each close.
final class MemorySampler: Sendable {
    private let clock: any RunClock
    private let startTime: UInt64
    private let tracker: LifetimeTracker
    private let shared: SharedRunState
    private let period: UInt64
    private let state = Mutex<(samples: [MemorySample], peak: Int, running: Bool, live: Int)>(([], 0, false, 0))
    private let finished = DispatchSemaphore(value: 0)

    init(clock: any RunClock, start: UInt64, tracker: LifetimeTracker, shared: SharedRunState, period: UInt64) {
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
    }

    /// Takes one reading now. Only a virtual user's own thread counts the live tracked
    /// objects: counting loads each weak reference strongly for a moment, and a timer thread
    /// doing so could end up releasing a closing screen's last reference, moving its frees
    /// (and deinit's allocations) off the thread that measures them. The timer repeats the
    /// last count.
    func sample(iteration: Int, countingLive: Bool = true) {
        let snapshot = AllocationCounters.snapshot()
        let rss = ProcessMemory.residentBytes() ?? 0
        let live = countingLive ? tracker.liveCount : state.withLock { $0.live }
        let reading = MemorySample(
            elapsedMilliseconds: Double(clock.now() - startTime) / 1e6, iteration: iteration,
            allocatedBytes: snapshot.allocated, residentBytes: snapshot.resident, rssBytes: rss,
            liveTrackedObjects: live)
        state.withLock {
            $0.samples.append(reading)
            $0.peak = max($0.peak, rss)
            if countingLive { $0.live = live }
        }
    }

    var samples: [MemorySample] { state.withLock { $0.samples.sorted { $0.elapsedMilliseconds < $1.elapsedMilliseconds } } }
    var peakResidentBytes: Int { state.withLock { $0.peak } }
}
