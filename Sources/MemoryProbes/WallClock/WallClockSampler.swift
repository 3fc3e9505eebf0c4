import CJemalloc
import Synchronization

/// Samples the stacks of registered threads (`SampledThread`) at a fixed rate, on CPU or not,
/// as async-profiler's wall mode does: each sample says whether the thread was running and
/// what it was doing (its tag, a step's index), with its frames.
///
///     let sampler = WallClockSampler()
///     sampler.start()
///     // ... virtual users play, each a registered thread that sets its tag per step
///     let profile = sampler.stop()
///     profile.folded()                          // [tag: ["root;...;leaf": samples]]
///     WaitingSite.dominant(in: profile, tag: 3) // ObservationHub.publish(_:) -> NSLock.lock()
///
/// Its own thread wakes every `interval` and picks up to `threadsPerTick` registered threads,
/// round-robin; for each it reads the scheduler state ('R' in `/proc/self/task/TID/stat` is
/// on CPU, through a descriptor kept open), then signals it (SIGPROF, tgkill). The thread's
/// handler walks its own interrupted stack with the allocation profiler's unwinder (frame
/// pointers, DWARF CFI where there are none, every read inside the thread's stack), allocates
/// nothing and takes no lock; the sampler waits for the answer until the next tick is due
/// and counts a miss otherwise. With more registered threads than `threadsPerTick`, each is
/// sampled every ceil(threads / threadsPerTick) ticks. Samples and frames are kept in mapped
/// memory, not the counted allocator. See docs/memory-probes.md, "Wall-clock profiles".
public final class WallClockSampler: Sendable {
    /// How often a tick samples.
    public let interval: Duration
    /// Threads sampled per tick at most.
    public let threadsPerTick: Int
    /// Samples kept at most; later ones are counted as missed.
    public let capacity: Int
    /// The running C sampler's address, 0 when not started.
    private let running = Mutex<UInt>(0)

    /// The defaults: 100 ticks a second of up to 16 threads each. async-profiler's wall mode
    /// signals at most 8 threads per tick (`THREADS_PER_TICK`, src/wallClock.cpp) and samples
    /// each thread every 50 ms by default (`DEFAULT_INTERVAL * 5`); Datadog's fork of it
    /// (java-profiler) defaults to 16 threads per tick (`DEFAULT_WALL_THREADS_PER_TICK`). Here
    /// the interval is the tick's, not each thread's: 64 users are each sampled every 40 ms.
    /// `interval` is at least 100 microseconds (async-profiler's `MIN_INTERVAL`).
    public init(interval: Duration = .milliseconds(10), threadsPerTick: Int = 16, capacity: Int = 200_000) {
        self.interval = max(interval, .microseconds(100))
        self.threadsPerTick = min(max(threadsPerTick, 1), 4_096)
        self.capacity = max(capacity, 0)
    }

    deinit {
        if let sampler = OpaquePointer(bitPattern: running.withLock { $0 }) {
            roost_wall_sampler_stop(sampler)
            roost_wall_sampler_destroy(sampler)
        }
    }

    /// Starts sampling on a thread of its own (no-op when already started; samples nothing
    /// when sampling is unavailable here).
    public func start() {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        running.withLock { address in
            guard address == 0 else { return }
            address = UInt(bitPattern: roost_wall_sampler_start(nanoseconds, Int32(threadsPerTick), UInt64(capacity)))
        }
    }

    /// Stops sampling, waits for the sampler's thread, and returns what it took (an empty
    /// profile when it was not started).
    public func stop() -> WallClockProfile {
        let address = running.withLock { address in
            defer { address = 0 }
            return address
        }
        guard let sampler = OpaquePointer(bitPattern: address) else {
            return WallClockProfile(samples: [], missed: 0, ticks: 0)
        }
        roost_wall_sampler_stop(sampler)
        defer { roost_wall_sampler_destroy(sampler) }
        var view = roost_wall_sampler_view()
        roost_wall_sampler_read(sampler, &view)
        var samples: [WallClockProfile.Sample] = []
        samples.reserveCapacity(Int(view.sample_count))
        for index in 0..<Int(view.sample_count) {
            let sample = view.samples[index]
            let first = Int(sample.first_frame)
            let frames = (0..<Int(sample.depth)).map { UInt(view.frames[first + $0]) }
            let truncation = AllocationRecording.Truncation(rawValue: Int(sample.truncation)) ?? .badFrame
            samples.append(WallClockProfile.Sample(
                tag: sample.tag, onCPU: sample.on_cpu != 0, frames: frames,
                truncated: truncation != .endOfStack && truncation != .skippedFrames && truncation != .complete))
        }
        return WallClockProfile(
            samples: samples, missed: Int(view.missed), ticks: Int(view.ticks),
            samplerCPUTime: .nanoseconds(Int64(view.sampler_cpu_ns)), handlerTime: .nanoseconds(Int64(view.handler_ns)))
    }
}
