import Foundation
import LoadHarness
import SocialStack

/// `roost-bench machine`: how much the machine itself varies the time of identical work, so a
/// step's tail can be told from the machine's. Threads take turns, as an open model's users
/// do, playing one fixed piece of work (pseudo-random reads over a buffer, the same reads every
/// time) `rate` times a second; each execution's wall time and the thread's CPU time in it are
/// kept. No Roost code runs in the timed work: a tail here (executions several times the
/// median, on CPU) is the machine's (another tenant of the host, the host's own work), and any
/// step on that machine shows it too (docs/capacity.md).
public struct MachineBenchmark: Sendable {
    /// One run: every execution's intended start, wall time and CPU time, in the schedule's order.
    public struct Run: Sendable {
        /// Each execution's intended start, seconds into the run.
        public let starts: [Double]
        /// Each execution's wall time, nanoseconds.
        public let wall: [UInt64]
        /// The thread's CPU time in each execution, nanoseconds.
        public let cpu: [UInt64]

        /// The `percentile` (0-100) of `values` in microseconds (the house's definition).
        public static func microseconds(_ values: [UInt64], _ percentile: Double) -> Double {
            Double(Statistics.percentile(percentile, of: values) ?? 0) / 1_000
        }

        /// Executions whose wall time was over `factor` times the median: their starts.
        public func slowStarts(over factor: Double) -> [Double] {
            guard let median = Statistics.median(wall) else { return [] }
            return wall.indices.filter { Double(wall[$0]) > factor * median }.map { starts[$0] }
        }
    }

    /// Executions started per second, all threads together.
    public var rate: Double
    /// Threads taking turns at the executions.
    public var threads: Int
    /// How long the run lasts.
    public var duration: Duration
    /// The buffer the work reads, bytes.
    public var bufferBytes: Int
    /// Reads per execution.
    public var reads: Int

    /// A benchmark of `reads` reads over `bufferBytes`, `rate` times a second on `threads` threads.
    public init(rate: Double, threads: Int, duration: Duration, bufferBytes: Int, reads: Int) {
        self.rate = rate
        self.threads = threads
        self.duration = duration
        self.bufferBytes = bufferBytes
        self.reads = reads
    }

    /// Plays the work for `duration` and returns every execution's times.
    public func run() -> Run {
        let count = max(1, Int((rate * duration.seconds).rounded()))
        let buffer = ReadBuffer(byteCount: max(bufferBytes, 64))
        // The next execution's index, and each execution's figures (written once, by the thread that played it).
        let next = Locked(0)
        let results = Locked(Array(repeating: (wall: UInt64(0), cpu: UInt64(0)), count: count))
        let clock = SystemClock()
        let start = clock.now()
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                while case let index = next.withLock({ claimed in defer { claimed += 1 }; return claimed }), index < count {
                    // Execution n starts (n + 1) / rate after the run's start (k6's arithmetic).
                    clock.sleep(until: start + UInt64(Double(index + 1) / rate * 1e9))
                    let times = Self.time(on: clock) { Self.work(over: buffer.bytes, reads: reads) }
                    results.withLock { $0[index] = times }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        let times = results.withLock { $0 }
        return Run(starts: (0..<count).map { Double($0 + 1) / rate }, wall: times.map(\.wall), cpu: times.map(\.cpu))
    }

    /// The work: `reads` pseudo-random reads (xorshift) over `buffer`, the same ones every
    /// execution; the sum is returned so that the reads cannot be left out.
    @inline(never)
    static func work(over buffer: UnsafeRawBufferPointer, reads: Int) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var sum: UInt64 = 0
        for _ in 0..<reads {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            sum &+= UInt64(buffer[Int(state % UInt64(buffer.count))])
        }
        return sum
    }

    /// The wall and the calling thread's CPU time of `body`, nanoseconds.
    static func time(on clock: SystemClock, _ body: () -> UInt64) -> (wall: UInt64, cpu: UInt64) {
        let cpuBefore = CPUTime.thread()
        let before = clock.now()
        blackHole(body())
        let after = clock.now()
        return (after - before, CPUTime.thread() - cpuBefore)
    }

    @inline(never)
    static func blackHole(_ value: UInt64) { if value == 1 { print("", terminator: "") } }

    /// The buffer the work reads: written once, every page touched (no execution pays a first
    /// touch), then only read.
    private final class ReadBuffer: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer

        init(byteCount: Int) {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 64)
            for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index) }
            bytes = UnsafeRawBufferPointer(buffer)
        }

        deinit { bytes.deallocate() }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
