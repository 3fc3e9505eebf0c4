import Histogram

/// How a step's executions used the core they ran on (design section 18): each execution's
/// on-CPU time (its thread's CPU clock from the step's start to its end) and its waiting share
/// (1 - on-CPU / wall, where wall is the latency from the step's actual start), read for one
/// execution in `CPUTime.readEvery` of each virtual user (a systematic sample). A step mostly
/// waiting (a lock, SQLite's writer, a queue, another thread's core) shows a high share; one
/// computing shows a low one.
public struct StepCPU: Sendable {
    /// On-CPU time per execution, nanoseconds.
    public private(set) var time = StepCPU.histogram()
    /// The waiting share per execution, in thousandths plus one (1...1001: the histogram holds
    /// values from 1), each kept exactly. In the latency histograms' layout though its values
    /// need far less: a 16 KB histogram per step lands in jemalloc's thread cache and shifts what
    /// the measured steps' frees cost (+1.5% instructions in a close step, docs/cpu-cost.md).
    public private(set) var waitThousandths = StepCPU.histogram()
    /// On-CPU time summed over the executions whose clock was read, nanoseconds.
    public private(set) var totalNanoseconds: UInt64 = 0
    /// Executions whose clock was not read (`CPUTime.readEvery`).
    public private(set) var skipped: UInt64 = 0

    /// No executions.
    public init() {}

    /// Records one execution: `cpu` nanoseconds on CPU out of `wall`.
    mutating func record(cpu: UInt64, wall: UInt64) {
        _ = time.record(max(1, cpu))
        _ = waitThousandths.record(Self.waitThousandths(cpu: cpu, wall: wall) + 1)
        totalNanoseconds &+= cpu
    }

    /// Counts an execution whose clock was not read.
    mutating func skip() { skipped &+= 1 }

    /// On-CPU time over every execution: the read ones' sum scaled to all of them.
    public var estimatedTotalNanoseconds: UInt64 {
        let read = time.totalCount
        guard read > 0 else { return 0 }
        return UInt64((Double(totalNanoseconds) * Double(read + skipped) / Double(read)).rounded())
    }

    /// Records `count` executions at a step's medians as a report keeps them (a run read back:
    /// its folder has the medians, not each execution).
    mutating func record(medianMicroseconds: Double, waitShare: Double, count: Int) {
        guard count > 0 else { return }
        let cpu = UInt64(max(1, (medianMicroseconds * 1_000).rounded()))
        _ = time.record(cpu, count: UInt64(count))
        _ = waitThousandths.record(UInt64((min(1, max(0, waitShare)) * 1_000).rounded()) + 1, count: UInt64(count))
        totalNanoseconds &+= cpu &* UInt64(count)
    }

    /// Adds another user's (or shard's) executions of the same step.
    mutating func merge(_ other: StepCPU) {
        time.add(other.time)
        waitThousandths.add(other.waitThousandths)
        totalNanoseconds &+= other.totalNanoseconds
        skipped &+= other.skipped
    }

    /// Whether any execution was recorded (a run rebuilt from streamed files has none).
    public var isEmpty: Bool { time.totalCount == 0 }

    /// The median execution's on-CPU time, microseconds; nil without executions.
    public var medianMicroseconds: Double? {
        isEmpty ? nil : Statistics.percentile(of: time, 50).map { Double($0) / 1_000 }
    }

    /// The median execution's waiting share, 0...1; nil without executions.
    public var medianWaitShare: Double? {
        isEmpty ? nil : Statistics.percentile(of: waitThousandths, 50).map { Double($0 - 1) / 1_000 }
    }

    /// 1 - cpu / wall in thousandths, 0...1000 (a CPU clock a little past the wall clock, read
    /// around it, is no waiting).
    static func waitThousandths(cpu: UInt64, wall: UInt64) -> UInt64 {
        guard wall > 0, cpu < wall else { return 0 }
        return UInt64((1_000 * Double(wall - cpu) / Double(wall)).rounded())
    }

    static func histogram() -> Histogram<UInt64> { StepMetrics.histogram() }
}
