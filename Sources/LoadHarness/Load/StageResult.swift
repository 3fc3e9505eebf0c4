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

        init(step: String, figures: LoadTimeline.StageStep) {
            self.step = step
            count = figures.count
            errors = figures.errors
            func micro(_ percentile: Double) -> Double {
                figures.count == 0 ? 0 : Double(figures.histogram.valueAtPercentile(percentile)) / 1_000
            }
            p50Microseconds = micro(50)
            p90Microseconds = micro(90)
            p99Microseconds = micro(99)
            maxMicroseconds = figures.count == 0 ? 0 : Double(figures.histogram.max) / 1_000
            allocationsPerOperation = figures.count == 0 ? 0 : Double(figures.allocations) / Double(figures.count)
            statementsPerOperation = figures.count == 0 ? 0 : Double(figures.statements) / Double(figures.count)
            histogram = figures.histogram
            uncorrected = figures.uncorrected
        }

        /// The latencies (nanoseconds), for any percentile a threshold names.
        let histogram: Histogram<UInt64>
        /// The latencies from the steps' actual starts (the schedule's lag left out).
        let uncorrected: Histogram<UInt64>

        /// A percentile of the latency from the steps' actual starts, microseconds.
        public func uncorrectedPercentileMicroseconds(_ percentile: Double) -> Double {
            count == 0 ? 0 : Double(uncorrected.valueAtPercentile(percentile)) / 1_000
        }

        /// A latency percentile in microseconds.
        public func percentileMicroseconds(_ percentile: Double) -> Double {
            count == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1_000
        }
    }

    public let name: String
    /// Seconds from the measured phase's start.
    public let start: Double
    public let end: Double
    /// Users or iterations per second at its end.
    public let target: Double
    let unit: LoadUnit
    public let load: SecondLoad
    public let steps: [Step]

    /// Whether the target is iterations per second (else users).
    public var targetIsRate: Bool { unit == .rate }
}
