import Histogram

/// The load of one second (a row of `timeseries.csv`) or one stage (`stages.csv`).
public struct SecondLoad: Sendable, Hashable {
    /// The mean number of virtual users playing an iteration.
    public var virtualUsers: Double
    /// Iterations per second the schedule meant to start (nil in a closed model).
    public var targetRate: Double?
    /// Iterations per second that started.
    public var achievedRate: Double
    /// Iterations dropped: their intended start came while every user was busy.
    public var dropped: Int
    /// How late the schedule started iterations, microseconds (nil in a closed model, or when
    /// none started).
    public var lagP50: Double?
    public var lagP99: Double?

    /// A second's load.
    public init(virtualUsers: Double, targetRate: Double?, achievedRate: Double, dropped: Int, lagP50: Double?, lagP99: Double?) {
        self.virtualUsers = virtualUsers
        self.targetRate = targetRate
        self.achievedRate = achievedRate
        self.dropped = dropped
        self.lagP50 = lagP50
        self.lagP99 = lagP99
    }

    /// What is added up over a second or a stage.
    struct Totals {
        /// Nanoseconds users spent in iterations.
        var busy: UInt64 = 0
        var started = 0
        var dropped = 0
        var lag: ScheduleLag?
        /// CPU time users spent waiting for intended starts (spinning, yielding the core), nanoseconds.
        var startWaitCPU: UInt64 = 0

        mutating func recordLag(_ nanoseconds: UInt64) {
            if lag == nil { lag = ScheduleLag() }
            lag?.record(nanoseconds)
        }

        /// Over `length` seconds.
        func load(length: Double, targetRate: Double?) -> SecondLoad {
            let seconds = max(length, 1e-9)
            return SecondLoad(virtualUsers: Double(busy) / 1e9 / seconds, targetRate: targetRate,
                              achievedRate: Double(started) / seconds, dropped: dropped,
                              lagP50: lag?.microseconds(atPercentile: 50), lagP99: lag?.microseconds(atPercentile: 99))
        }
    }
}
