/// A pass/fail rule on a run's results: `METRIC[(STEP)][{variant:NAME}] OP VALUE`, e.g.
/// `p99(open_profile){variant:weak} < 20ms`. Values are kept in base units: microseconds
/// for times, bytes for sizes, a fraction for percentages, a plain number otherwise.
public struct Threshold: Hashable, Sendable, CustomStringConvertible {
    /// What a threshold can name (design section 5).
    public enum Metric: String, Hashable, Sendable, CaseIterable {
        case p50, p90, p99, p999, max, mean
        case errors, errorRate = "error_rate", opsPerSecond = "ops_per_s"
        case allocsPerOp = "allocs_per_op", bytesPerOp = "bytes_per_op"
        case leakedObjects = "leaked_objects", leakedBytes = "leaked_bytes", retainedBytes = "retained_bytes"
        case rssPeakBytes = "rss_peak_bytes"
        /// Bytes retained per open/close cycle (the slope through the retention points).
        case retainedPerClose = "retained_per_close"
        /// Retained after the last close minus after the first.
        case retainedGrowth = "retained_growth"
        /// Open model: iterations that found no free virtual user.
        case droppedIterations = "dropped_iterations"

        /// Measured for a whole variant only (leaks, peak memory, retention, dropped
        /// iterations): a threshold cannot name a step on it.
        public var isVariantWide: Bool {
            switch self {
            case .leakedObjects, .leakedBytes, .rssPeakBytes, .retainedPerClose, .retainedGrowth, .droppedIterations: true
            default: false
            }
        }

        /// The unit family its value takes.
        public var unit: Unit {
            switch self {
            case .p50, .p90, .p99, .p999, .max, .mean: .time
            case .bytesPerOp, .leakedBytes, .retainedBytes, .rssPeakBytes, .retainedPerClose, .retainedGrowth: .bytes
            case .errorRate: .fraction
            case .errors, .opsPerSecond, .allocsPerOp, .leakedObjects, .droppedIterations: .count
            }
        }
    }

    /// Value units: times in microseconds, sizes in bytes, rates as fractions.
    public enum Unit: String, Hashable, Sendable {
        case time, bytes, fraction, count
    }

    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "=="

        /// Whether `observed OP limit` holds.
        public func holds(_ observed: Double, _ limit: Double) -> Bool {
            switch self {
            case .less: observed < limit
            case .lessOrEqual: observed <= limit
            case .greater: observed > limit
            case .greaterOrEqual: observed >= limit
            case .equal: observed == limit
            }
        }
    }

    public var metric: Metric
    /// The step it applies to; nil for the whole variant.
    public var step: String?
    /// The variant it applies to; nil for every variant.
    public var variant: String?
    public var comparison: Comparison
    /// The limit in the metric's base unit.
    public var value: Double
    /// The threshold as written.
    public var source: String

    /// A threshold.
    public init(metric: Metric, step: String? = nil, variant: String? = nil, comparison: Comparison, value: Double, source: String) {
        self.metric = metric
        self.step = step
        self.variant = variant
        self.comparison = comparison
        self.value = value
        self.source = source
    }

    public var description: String { source }
}
