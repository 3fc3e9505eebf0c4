/// A pass/fail rule on a run's results: `METRIC[(STEP)][{variant:NAME}][{stage:NAME}][{population:NAME}] OP VALUE`, e.g.
/// `p99(open_profile){variant:weak} < 20ms`. Values are kept in base units: microseconds
/// for times, bytes for sizes, a fraction for percentages, a plain number otherwise.
public struct Threshold: Hashable, Sendable, CustomStringConvertible {
    /// What a threshold can name (design sections 5 and 9): a latency percentile (`p50`,
    /// `p95`, `p99.9`, written `p999` in reports), or one of the named metrics.
    public struct Metric: Hashable, Sendable, CustomStringConvertible {
        /// The name reports use: `p95`, `p999`, `allocs_p50`, `leaked_objects`.
        public let name: String
        /// The latency percentile it reads (0 < p < 100), or nil for a named metric.
        public let percentile: Double?

        init(named name: String) {
            self.name = name
            percentile = nil
        }

        private init(percentile: Double) {
            self.percentile = percentile
            name = Self.name(ofPercentile: percentile)
        }

        /// Latency at a percentile, 0 < p < 100.
        public static func latency(atPercentile percentile: Double) -> Metric { Metric(percentile: percentile) }

        public static let p50 = latency(atPercentile: 50), p90 = latency(atPercentile: 90)
        public static let p95 = latency(atPercentile: 95), p99 = latency(atPercentile: 99)
        public static let p999 = latency(atPercentile: 99.9)
        public static let max = Metric(named: "max"), mean = Metric(named: "mean")
        public static let errors = Metric(named: "errors"), errorRate = Metric(named: "error_rate")
        public static let opsPerSecond = Metric(named: "ops_per_s")
        public static let allocsPerOp = Metric(named: "allocs_per_op"), bytesPerOp = Metric(named: "bytes_per_op")
        /// The median allocation count of one execution (exact; repeats with many users).
        public static let allocsMedian = Metric(named: "allocs_p50")
        /// The median bytes one execution allocated (exact; repeats with many users).
        public static let bytesMedian = Metric(named: "bytes_p50")
        /// The median of each execution's peak: the most bytes its thread held at once beyond
        /// what it held at the step's start (exact; design 19).
        public static let peakBytesMedian = Metric(named: "peak_bytes_p50")
        /// The highest peak of any execution.
        public static let peakBytesMax = Metric(named: "peak_bytes_max")
        /// The median temporary allocations of one execution (freed before the thread's next allocation or free).
        public static let temporaryAllocsMedian = Metric(named: "temporary_allocs_p50")
        public static let leakedObjects = Metric(named: "leaked_objects"), leakedBytes = Metric(named: "leaked_bytes")
        public static let retainedBytes = Metric(named: "retained_bytes")
        public static let rssPeakBytes = Metric(named: "rss_peak_bytes")
        /// The highest live heap of the process (jemalloc's allocated bytes) any memory reading saw.
        public static let heapPeakBytes = Metric(named: "heap_peak_bytes")
        /// Bytes retained per open/close cycle (the slope through the retention points).
        public static let retainedPerClose = Metric(named: "retained_per_close")
        /// Retained after the last close minus after the first.
        public static let retainedGrowth = Metric(named: "retained_growth")
        /// The median execution's on-CPU time (its thread's CPU clock), microseconds.
        public static let cpuMedian = Metric(named: "cpu_p50")
        /// The median execution's share of its wall time off CPU (waiting), 0...1.
        public static let waitShare = Metric(named: "wait_share")
        /// Open models: iterations that found no free virtual user at their intended start.
        public static let droppedIterations = Metric(named: "dropped_iterations")
        /// Open models: how late the schedule started iterations (the harness's lateness, not the stack's).
        public static let scheduleLagP50 = Metric(named: "schedule_lag_p50"), scheduleLagP99 = Metric(named: "schedule_lag_p99")
        /// Instructions per execution under callgrind (`roost run --instructions`), the mean and the median.
        public static let instructions = Metric(named: "instructions"), instructionsMedian = Metric(named: "instructions_p50")

        /// The metrics every run reports (any other latency percentile can be named too).
        public static let allCases: [Metric] = [
            .p50, .p90, .p99, .p999, .max, .mean, .errors, .errorRate, .opsPerSecond, .allocsPerOp, .bytesPerOp,
            .allocsMedian, .bytesMedian, .peakBytesMedian, .peakBytesMax, .temporaryAllocsMedian, .leakedObjects, .leakedBytes,
            .retainedBytes, .rssPeakBytes, .heapPeakBytes, .retainedPerClose,
            .retainedGrowth, .droppedIterations, .scheduleLagP50, .scheduleLagP99, .instructions, .instructionsMedian,
            .cpuMedian, .waitShare,
        ] + databaseMetrics

        /// The named (non-percentile) metrics.
        public static var named: [Metric] { allCases.filter { $0.percentile == nil } }

        /// The metric `name` names: one of `allCases`, or `p` and a percentile (`p95`,
        /// `p99.9`, `p999` for 99.9, `p9999` for 99.99); nil for anything else.
        public init?(name: String) {
            if let named = Self.allCases.first(where: { $0.name == name && $0.percentile == nil }) {
                self = named
            } else if let percentile = Self.percentile(written: name) {
                self.init(percentile: percentile)
            } else {
                return nil
            }
        }

        /// The same as `init?(name:)`.
        public init?(rawValue: String) { self.init(name: rawValue) }

        /// The name (as `rawValue` of the enum this was).
        public var rawValue: String { name }
        public var description: String { name }

        /// The percentile `pDIGITS` or `pDIGITS.DIGITS` names: up to two digits are whole
        /// (`p5`, `p95`), more continue after the point (`p999` is 99.9); nil when it is not
        /// one, or not above 0 and below 100.
        static func percentile(written name: String) -> Double? {
            guard name.hasPrefix("p") else { return nil }
            let digits = name.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  digits.first != ".", digits.last != ".", digits.filter({ $0 == "." }).count <= 1 else { return nil }
            let value: Double?
            // Past two digits a trailing zero is never written (p990 is p99; p100 would read as 10).
            if !digits.contains("."), digits.count > 2, digits.last == "0" { return nil }
            if digits.contains(".") || digits.count <= 2 {
                value = Double(digits)
            } else {
                value = Double(digits.prefix(2) + "." + digits.dropFirst(2))
            }
            guard let value, value > 0, value < 100 else { return nil }
            return value
        }

        /// `p95`, `p999` (99.9), `p9999` (99.99), `p5`: the digits without the point, two
        /// of them before it.
        static func name(ofPercentile percentile: Double) -> String {
            var text = String(format: "%.6f", percentile)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            guard let point = text.firstIndex(of: ".") else { return "p" + text }
            let whole = text[..<point], fraction = text[text.index(after: point)...]
            return "p" + String(repeating: "0", count: Swift.max(0, 2 - whole.count)) + whole + fraction
        }

        /// Measured for a whole variant only (leaks, peak memory, retention, dropped
        /// iterations): a threshold cannot name a step on it.
        public var isVariantWide: Bool {
            [Self.leakedObjects, .leakedBytes, .rssPeakBytes, .heapPeakBytes, .retainedPerClose, .retainedGrowth, .droppedIterations,
             .scheduleLagP50, .scheduleLagP99].contains(self)
        }

        /// Measured per stage too (`{stage:hold}`): a step's latency, errors, throughput and
        /// work, the dropped iterations and the schedule's lag; not leaks or memory.
        public var isPerStage: Bool {
            percentile != nil || [Self.max, .mean, .errors, .errorRate, .opsPerSecond, .allocsPerOp, .droppedIterations,
                                  .scheduleLagP50, .scheduleLagP99, Metric(named: DatabaseMetric.statements.rawValue), .cpuMedian,
                                  .waitShare].contains(self)
        }

        /// Measured per population too (`{population:readers}`): everything measured per step
        /// or per stage, and not what only the whole process has (leaks, memory, instructions).
        public var isPerPopulation: Bool {
            isPerStage || !(isVariantWide || [Self.retainedBytes, .instructions, .instructionsMedian].contains(self))
        }

        /// Whether a larger value is worse: true of every metric but throughput (`ops_per_s`).
        public var higherIsWorse: Bool { self != .opsPerSecond }

        /// Measured by the clock (latency and throughput): moves from run to run and machine to
        /// machine, so it is gated only with a tolerance and never under callgrind.
        public var isTiming: Bool { unit == .time || self == .opsPerSecond }

        /// An exact count or byte figure (allocations, statements, leaks, instructions): its
        /// change is worth printing to the unit beside the percentage.
        public var isExact: Bool { !isTiming && (unit == .count || unit == .bytes) }

        /// The unit family its value takes.
        public var unit: Unit {
            if percentile != nil || self == .max || self == .mean || self == .scheduleLagP50 || self == .scheduleLagP99
                || self == .cpuMedian { return .time }
            if [Self.bytesPerOp, .bytesMedian, .peakBytesMedian, .peakBytesMax, .leakedBytes, .retainedBytes, .rssPeakBytes,
                .heapPeakBytes, .retainedPerClose, .retainedGrowth].contains(self) { return .bytes }
            return self == .errorRate || self == .waitShare ? .fraction : .count
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
    /// The load stage it applies to (`{stage:hold}`); nil for the whole run.
    public var stage: String?
    /// The population it applies to (`{population:readers}`, design section 20); nil for all of them.
    public var population: String?
    public var comparison: Comparison
    /// The limit in the metric's base unit.
    public var value: Double
    /// The threshold as written.
    public var source: String

    /// A threshold.
    public init(metric: Metric, step: String? = nil, variant: String? = nil, stage: String? = nil, comparison: Comparison, value: Double,
                source: String) {
        self.metric = metric
        self.step = step
        self.variant = variant
        self.stage = stage
        self.comparison = comparison
        self.value = value
        self.source = source
    }

    public var description: String { source }
}
