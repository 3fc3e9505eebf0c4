import Histogram

/// What one stage of a variant measured (`stages.csv`): its place in time and target, the
/// load it applied, and each step's executions that started in it.
public struct StageResult: Sendable {
    /// One step's executions in the stage.
    public struct Step: Sendable {
        public let step: String
        public let count: Int
        public let errors: Int
        public let p50Microseconds: Double
        public let p90Microseconds: Double
        public let p99Microseconds: Double
        public let maxMicroseconds: Double
        public let allocationsPerOperation: Double
        public let statementsPerOperation: Double
        /// The median execution's on-CPU time, microseconds, and its waiting share (design
        /// section 18); nil when not measured (a stage read back from before the columns).
        public let cpuMedianMicroseconds: Double?
        public let waitShare: Double?
        /// The latencies (nanoseconds), for any percentile a threshold names; nil in a stage
        /// read back from `stages.csv` (which keeps the four percentiles above).
        let histogram: Histogram<UInt64>?
        /// The latencies from the steps' actual starts (the schedule's lag left out); nil when read back.
        let uncorrected: Histogram<UInt64>?
        /// The executions' waiting shares (`StepCPU.waitThousandths`); nil when read back.
        let waits: Histogram<UInt64>?

        init(step: String, figures: LoadTimeline.StageStep) {
            self.step = step
            count = figures.count
            errors = figures.errors
            func micro(_ percentile: Double) -> Double {
                Statistics.percentileMicroseconds(of: figures.histogram, percentile) ?? 0
            }
            p50Microseconds = micro(50)
            p90Microseconds = micro(90)
            p99Microseconds = micro(99)
            maxMicroseconds = figures.count == 0 ? 0 : Double(figures.histogram.max) / 1_000
            allocationsPerOperation = figures.count == 0 ? 0 : Double(figures.allocations) / Double(figures.count)
            statementsPerOperation = figures.count == 0 ? 0 : Double(figures.statements) / Double(figures.count)
            histogram = figures.histogram
            uncorrected = figures.uncorrected
            cpuMedianMicroseconds = figures.cpu.medianMicroseconds
            waitShare = figures.cpu.medianWaitShare
            waits = figures.cpu.isEmpty ? nil : figures.cpu.waitThousandths
        }

        /// A step's figures as `stages.csv` keeps them (a run read back, or merged shards or populations).
        init(step: String, count: Int, errors: Int, p50: Double, p90: Double, p99: Double, max: Double,
             allocationsPerOperation: Double, statementsPerOperation: Double, histogram: Histogram<UInt64>? = nil,
             uncorrected: Histogram<UInt64>? = nil, cpuMedianMicroseconds: Double? = nil, waitShare: Double? = nil) {
            self.step = step
            self.count = count
            self.errors = errors
            p50Microseconds = p50
            p90Microseconds = p90
            p99Microseconds = p99
            maxMicroseconds = max
            self.allocationsPerOperation = allocationsPerOperation
            self.statementsPerOperation = statementsPerOperation
            self.histogram = histogram
            self.uncorrected = uncorrected
            self.cpuMedianMicroseconds = cpuMedianMicroseconds
            self.waitShare = waitShare
            waits = nil
        }

        /// The waiting share the executions reach at `percentile` of theirs, 0...1 (at 99: the
        /// 1% that waited most waited at least this share of their time); nil when not kept.
        public func waitShare(atPercentile percentile: Double) -> Double? {
            guard let waits, waits.totalCount > 0 else { return nil }
            return Double(waits.valueAtPercentile(percentile) - 1) / 1_000
        }

        /// A percentile of the latency from the steps' actual starts, microseconds; nil when
        /// not kept (a stage read back).
        public func uncorrectedPercentileMicroseconds(_ percentile: Double) -> Double? {
            guard let uncorrected else { return nil }
            return Statistics.percentileMicroseconds(of: uncorrected, percentile) ?? 0
        }

        /// A latency percentile in microseconds; nil for one not kept (a stage read back keeps 50, 90, 99 and the maximum).
        public func percentileMicroseconds(_ percentile: Double) -> Double? {
            guard let histogram else {
                return [50: p50Microseconds, 90: p90Microseconds, 99: p99Microseconds, 100: maxMicroseconds][percentile]
            }
            return Statistics.percentileMicroseconds(of: histogram, percentile) ?? 0
        }
    }

    public let name: String
    /// The population whose load the stage is of ("" for a scenario without `populations:`);
    /// its steps' names are the run's (`readers.open_feed`).
    public var population = ""
    /// Seconds from the measured phase's start.
    public let start: Double
    public let end: Double
    /// Users or iterations per second at its end.
    public let target: Double
    let unit: LoadUnit
    public let load: SecondLoad
    public let steps: [Step]
    /// What the cores did in the stage (nil: not measured, or read back from before the columns).
    public var usage: CoreUsage?

    /// Whether the target is iterations per second (else users).
    public var targetIsRate: Bool { unit == .rate }

    init(name: String, start: Double, end: Double, target: Double, unit: LoadUnit, load: SecondLoad, steps: [Step]) {
        self.name = name
        self.start = start
        self.end = end
        self.target = target
        self.unit = unit
        self.load = load
        self.steps = steps
    }
}
