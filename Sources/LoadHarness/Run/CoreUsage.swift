/// What the cores did over a span of a measured phase (a stage, or the whole phase): the
/// process's CPU time against the wall time the cores offered, and how much of it the
/// measured steps' own threads spent inside steps. The rest of the process's CPU time is the
/// harness's: scheduling and waiting for intended starts, recording, the time series and the
/// memory sampler (the stack runs no thread of its own: every statement runs on the thread of
/// the step that asked for it).
public struct CoreUsage: Sendable, Hashable {
    /// The span's length, nanoseconds.
    public var wallNanoseconds: UInt64
    /// The process's CPU time in the span, nanoseconds (every thread).
    public var processNanoseconds: UInt64
    /// CPU time spent inside measured steps by the threads playing them, nanoseconds.
    public var stepNanoseconds: UInt64
    /// The cores the process could use.
    public var cores: Int

    /// A span's usage.
    public init(wallNanoseconds: UInt64, processNanoseconds: UInt64, stepNanoseconds: UInt64, cores: Int) {
        self.wallNanoseconds = wallNanoseconds
        self.processNanoseconds = processNanoseconds
        self.stepNanoseconds = stepNanoseconds
        self.cores = max(1, cores)
    }

    /// The cores' busy share, 0...1: process CPU time over wall time times cores.
    public var busyShare: Double { min(1, share(processNanoseconds)) }

    /// The harness's share of the busy time, 0...1: the process's CPU time outside measured steps.
    public var harnessShare: Double {
        processNanoseconds == 0 ? 0 : Double(processNanoseconds &- min(stepNanoseconds, processNanoseconds)) / Double(processNanoseconds)
    }

    /// The share of the cores the steps took, 0...1.
    public var stepsShare: Double { min(1, share(min(stepNanoseconds, processNanoseconds))) }

    /// Adds another span's usage (consecutive spans of one process).
    mutating func add(_ other: CoreUsage) {
        wallNanoseconds += other.wallNanoseconds
        processNanoseconds += other.processNanoseconds
        stepNanoseconds += other.stepNanoseconds
    }

    private func share(_ nanoseconds: UInt64) -> Double {
        wallNanoseconds == 0 ? 0 : Double(nanoseconds) / (Double(wallNanoseconds) * Double(cores))
    }
}
