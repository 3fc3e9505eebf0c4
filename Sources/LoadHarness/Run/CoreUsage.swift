/// What the cores did over a span of a measured phase (a stage, or the whole phase): the
/// process's CPU time against the wall time the cores offered, how much of it the measured
/// steps' own threads spent inside steps, and how much the users spent waiting for their
/// iterations' intended starts (an open model's wait ends spinning on `sched_yield`, which
/// gives the core to any thread that can run: the cores' idle time, not work). The rest is the
/// harness's: scheduling, recording, the time series, the memory and wall-clock samplers (the
/// stack runs no thread of its own: every statement runs on the thread of the step that asked
/// for it). Beside the cores, how long the stack's one SQLite writer was in write transactions,
/// and how long the process's threads waited for a core (the run queue: the cores' saturation).
public struct CoreUsage: Sendable, Hashable {
    /// The span's length, nanoseconds.
    public var wallNanoseconds: UInt64
    /// The process's CPU time in the span, nanoseconds (every thread).
    public var processNanoseconds: UInt64
    /// CPU time spent inside measured steps by the threads playing them, nanoseconds.
    public var stepNanoseconds: UInt64
    /// CPU time the users spent waiting for intended starts, yielding the core, nanoseconds.
    public var startWaitNanoseconds: UInt64
    /// The cores the process could use.
    public var cores: Int
    /// Time SQLite's one writer spent in write transactions in the span, nanoseconds (nil: not
    /// measured): the writer is one resource whatever the cores, so a write-bound stack stops
    /// where it is busy all the time.
    public var writerNanoseconds: UInt64?
    /// Time the process's threads spent ready to run with no core free, added over the threads,
    /// nanoseconds (nil: not measured; `RunQueueMeter`).
    public var runQueueNanoseconds: UInt64?

    /// A span's usage.
    public init(wallNanoseconds: UInt64, processNanoseconds: UInt64, stepNanoseconds: UInt64, startWaitNanoseconds: UInt64 = 0,
                cores: Int, writerNanoseconds: UInt64? = nil, runQueueNanoseconds: UInt64? = nil) {
        self.wallNanoseconds = wallNanoseconds
        self.writerNanoseconds = writerNanoseconds
        self.runQueueNanoseconds = runQueueNanoseconds
        self.processNanoseconds = processNanoseconds
        self.stepNanoseconds = stepNanoseconds
        self.startWaitNanoseconds = startWaitNanoseconds
        self.cores = max(1, cores)
    }

    /// The process's CPU time doing work: all of it but the waits for intended starts.
    public var workNanoseconds: UInt64 { processNanoseconds &- min(startWaitNanoseconds, processNanoseconds) }

    /// The cores' busy share, 0...1: the process's working CPU time over wall time times cores.
    public var busyShare: Double { min(1, share(workNanoseconds)) }

    /// The harness's share of the busy time, 0...1: working CPU time outside measured steps.
    public var harnessShare: Double {
        workNanoseconds == 0 ? 0 : Double(workNanoseconds &- min(stepNanoseconds, workNanoseconds)) / Double(workNanoseconds)
    }

    /// The writer's busy share, 0...1: its time in write transactions over the span (nil: not measured).
    public var writerBusyShare: Double? {
        writerNanoseconds.map { wallNanoseconds == 0 ? 0 : min(1, Double($0) / Double(wallNanoseconds)) }
    }

    /// The mean number of threads waiting for a core over the span (nil: not measured).
    public var waitingThreads: Double? {
        runQueueNanoseconds.map { wallNanoseconds == 0 ? 0 : Double($0) / Double(wallNanoseconds) }
    }

    /// Whether the cores were saturated: on average at least as many threads waited for a core
    /// as there are cores, so every core had a whole thread's work queued behind the one it ran.
    /// More threads then only lengthen the queue, and every hand-over (a lock's, a writer's
    /// turn) waits in it, however much idle time the busy share shows (wake-ups, stalls). A
    /// stricter line than the USE method's (`runnableThreads` above the cores): below it, more
    /// users were measured to keep up with rates fewer had dropped at.
    public var isSaturated: Bool { (waitingThreads ?? 0) >= Double(cores) }

    /// The mean number of threads running or waiting for a core over the span (nil: the run
    /// queue not measured): the CPU's demand as a load average or vmstat's `r` counts it, which
    /// the USE method calls saturation when it exceeds the cores.
    public var runnableThreads: Double? { waitingThreads.map { busyShare * Double(cores) + $0 } }

    /// The share of the cores the steps took, 0...1.
    public var stepsShare: Double { min(1, share(min(stepNanoseconds, workNanoseconds))) }

    private func share(_ nanoseconds: UInt64) -> Double {
        wallNanoseconds == 0 ? 0 : Double(nanoseconds) / (Double(wallNanoseconds) * Double(cores))
    }
}
