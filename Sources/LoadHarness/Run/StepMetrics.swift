import Histogram
import MemoryProbes

/// What one step of one variant measured: latency in an HDR histogram (nanoseconds),
/// errors by name, allocations and bytes. Each virtual user fills its own; they merge at
/// the end, so the hot path takes no lock.
public struct StepMetrics: Sendable {
    public let step: String
    /// Latency from the step's start (closed model) or intended start (open model,
    /// coordinated omission corrected), nanoseconds.
    public private(set) var latency = StepMetrics.histogram()
    /// Latency from the step's actual start, nanoseconds (differs only in the open model).
    public private(set) var uncorrected = StepMetrics.histogram()
    public private(set) var count = 0
    /// Failed executions by error name (`PostError.notAuthor`), with the first one's message and place.
    public private(set) var errorTallies: [String: ErrorTally] = [:]
    /// Failed executions by error name.
    public var errors: [String: Int] { errorTallies.mapValues(\.count) }
    /// Allocation calls, bytes allocated and bytes freed, summed over executions.
    public private(set) var allocations = 0
    public private(set) var bytesAllocated = 0
    public private(set) var bytesFreed = 0
    /// Allocations and bytes per execution, exactly, for each virtual user (by index): the
    /// medians come from these and repeat with many users.
    public private(set) var executions: [Int: ExecutionDistribution] = [:]
    /// Each execution's latency in nanoseconds, per virtual user in the order played; kept only
    /// when the run asks (`roost run --timings-only` writes them to latencies.csv), else empty.
    public private(set) var latencies: [Int: [UInt64]] = [:]
    /// Each execution's on-CPU time and waiting share (design section 18).
    public private(set) var cpu = StepCPU()

    /// Empty metrics for `step`.
    public init(step: String) { self.step = step }

    /// Metrics read back from a run's streamed files (`roost report`).
    init(step: String, latency: Histogram<UInt64>, count: Int, errors: [String: ErrorTally], allocations: Int, bytesAllocated: Int,
         executions: [Int: ExecutionDistribution], bytesFreed: Int = 0, cpu: StepCPU = StepCPU()) {
        self.step = step
        self.latency = latency
        uncorrected = latency
        self.count = count
        errorTallies = errors
        self.allocations = allocations
        self.bytesAllocated = bytesAllocated
        // Not streamed: frees are known per step only at the end of a run (a finished run's
        // summary has them, as retained bytes).
        self.bytesFreed = bytesFreed
        self.executions = executions
        self.cpu = cpu
    }

    /// An empty latency histogram: 1 ns to 1 hour, 3 significant digits.
    static func histogram() -> Histogram<UInt64> { Histogram.copy(of: emptyHistogram) }

    private static let emptyHistogram =
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)

    /// Records one execution by virtual user `user` in its measured iteration `iteration`;
    /// `error`: why it failed.
    /// `cpuNanoseconds`: the executing thread's CPU time in the step (nil: not read).
    mutating func record(nanoseconds: UInt64, uncorrectedNanoseconds: UInt64, allocation: AllocationMeasurement, error: (any Error)?,
                         user: Int = 0, iteration: Int = 0, keepingLatency: Bool = false, cpuNanoseconds: UInt64? = nil) {
        if let cpuNanoseconds { cpu.record(cpu: cpuNanoseconds, wall: uncorrectedNanoseconds) } else { cpu.skip() }
        _ = latency.record(max(1, nanoseconds))
        if keepingLatency { latencies[user, default: []].append(max(1, nanoseconds)) }
        _ = uncorrected.record(max(1, uncorrectedNanoseconds))
        count += 1
        if let error {
            let name = errorName(error)
            if errorTallies[name] == nil {
                errorTallies[name] = ErrorTally(count: 1, message: String(describing: error), firstUser: user, firstIteration: iteration)
            } else {
                errorTallies[name]!.count += 1
            }
        }
        allocations += allocation.allocations
        bytesAllocated += allocation.bytesAllocated
        bytesFreed += allocation.bytesFreed
        executions[user, default: ExecutionDistribution()].record(
            allocations: allocation.allocations, bytes: allocation.bytesAllocated,
            peak: (allocation.peakBytes, allocation.temporaryAllocations))
    }

    /// Adds another virtual user's figures for the same step.
    package mutating func merge(_ other: StepMetrics) {
        latency.add(other.latency)
        uncorrected.add(other.uncorrected)
        count += other.count
        for (name, tally) in other.errorTallies {
            if errorTallies[name] == nil { errorTallies[name] = tally } else { errorTallies[name]!.merge(tally) }
        }
        allocations += other.allocations
        bytesAllocated += other.bytesAllocated
        bytesFreed += other.bytesFreed
        for (user, distribution) in other.executions { executions[user, default: ExecutionDistribution()].merge(distribution) }
        for (user, kept) in other.latencies { latencies[user, default: []] += kept }
        cpu.merge(other.cpu)
    }

    public var errorCount: Int { errorTallies.values.reduce(0) { $0 + $1.count } }

    /// A latency percentile (0...100) in microseconds.
    public func percentileMicroseconds(_ percentile: Double) -> Double {
        Statistics.percentileMicroseconds(of: latency, percentile) ?? 0
    }

    /// A percentile (0...100) of the latency from the step's actual start, microseconds.
    public func uncorrectedPercentileMicroseconds(_ percentile: Double) -> Double {
        Statistics.percentileMicroseconds(of: uncorrected, percentile) ?? 0
    }

    /// The mean latency in microseconds: exact when every execution's latency is kept (and
    /// quicker than walking the histogram), else the histogram's.
    public var meanMicroseconds: Double {
        guard count > 0 else { return 0 }
        let kept = latencies.values.reduce(0) { $0 + $1.count }
        guard kept == count else { return latency.mean / 1_000 }
        return latencies.values.reduce(0.0) { sum, values in values.reduce(sum) { $0 + Double($1) } } / Double(count) / 1_000
    }
    public var maxMicroseconds: Double { count == 0 ? 0 : Double(latency.max) / 1_000 }
    public var allocationsPerOperation: Double { count == 0 ? 0 : Double(allocations) / Double(count) }
    public var bytesPerOperation: Double { count == 0 ? 0 : Double(bytesAllocated) / Double(count) }
    /// The median allocation count of one execution: each virtual user's median execution,
    /// then the median of those (with one user, the plain median; 0 when the step never ran).
    /// Users play their own accounts, so each has its own typical count, and a plain median
    /// over all executions would sit on the boundary between two users whenever they split
    /// evenly: one first-use execution moving from one user to another would move it.
    public var allocationsMedian: Double { Statistics.median(executions.values.compactMap(\.allocationsMedian)) ?? 0 }
    /// The median bytes one execution allocated, as `allocationsMedian` takes it.
    public var bytesMedian: Double { Statistics.median(executions.values.compactMap(\.bytesMedian)) ?? 0 }
    /// The median peak bytes of one execution (design 19), as `allocationsMedian` takes it; nil
    /// when no execution's peak was measured (a run folder of a build before peaks).
    public var peakBytesMedian: Double? { Statistics.median(executions.values.compactMap(\.peakBytesMedian)) }
    /// The highest peak bytes of any execution; nil as `peakBytesMedian` is.
    public var peakBytesMax: Int? { executions.values.compactMap(\.peakBytesMax).max() }
    /// The median temporary allocations of one execution, as `allocationsMedian` takes it; nil as `peakBytesMedian` is.
    public var temporaryAllocationsMedian: Double? {
        Statistics.median(executions.values.compactMap(\.temporaryAllocationsMedian))
    }
    /// Allocated minus freed, over all executions: what the step left behind.
    public var netBytes: Int { bytesAllocated - bytesFreed }
}
