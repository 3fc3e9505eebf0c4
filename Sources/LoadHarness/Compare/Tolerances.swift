import Foundation

/// How much each metric may worsen before `compare` calls it a regression.
public struct Tolerances: Sendable {
    /// A metric's rule: the allowed relative worsening and which way is worse.
    public struct Rule: Sendable, Hashable {
        public var tolerance: Double
        public var higherIsWorse: Bool
        /// A change smaller than this never counts (in the metric's unit): timings of a few
        /// microseconds double from run to run on a shared machine.
        public var minimumChange: Double = 0
        /// Set on the command line: judged even where the sample rule would skip it.
        public var isExplicit = false
    }

    /// The latency metrics, whose tolerances `setTimings` sets together (with throughput's). A
    /// step's on-CPU time (`cpu_p50`, read for one execution in four) is shown, and judged only
    /// when `--threshold cpu_p50=...` asks: it moves with the machine as latency does, on fewer samples.
    public static let timingMetrics = Threshold.Metric.allCases.filter { $0.isTiming && $0.unit == .time && $0 != .cpuMedian }
        .map(\.name)

    private var rules: [String: Rule]

    /// Instructions per execution (`roost run --instructions`) may rise this much: two runs of
    /// the same build repeat each step's count far closer (docs/cpu-cost.md), yet a build from
    /// another commit moves code and data layout a little.
    public static let instructionTolerance = 0.01
    /// ... and by at least this many per execution, which matters only for steps under 30,000:
    /// plays of one build give every step the same count within 0.6%, short steps within 60
    /// instructions (118 in the build before; docs/cpu-cost.md, "Measured").
    public static let instructionFloor = 300.0

    /// The rule of a latency percentile no rule names (`p95`): the timings' rule.
    private var otherPercentiles = Rule(tolerance: 0.5, higherIsWorse: true, minimumChange: 100)

    /// The defaults: 0% on allocs/op, bytes/op, their medians, the peaks per execution and
    /// temporary allocations, leaks and errors; 50% on timings (and at least 100 us) and on
    /// ops/s. Other metrics (retained memory, the process's peaks, iteration counts) are shown,
    /// not judged.
    public init() {
        rules = [:]
        for metric in ["allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50", "peak_bytes_p50", "peak_bytes_max",
                       "temporary_allocs_p50", "leaked_objects", "leaked_bytes", "errors", "error_rate"] {
            rules[metric] = Rule(tolerance: 0, higherIsWorse: true)
        }
        for metric in Self.timingMetrics {
            rules[metric] = Rule(tolerance: 0.5, higherIsWorse: true, minimumChange: 100)
        }
        rules[Threshold.Metric.opsPerSecond.name] = Rule(tolerance: 0.5, higherIsWorse: false)
        rules["dropped_iterations"] = Rule(tolerance: 0, higherIsWorse: true)
        for metric in InstructionComparison.metrics {
            rules[metric] = Rule(tolerance: Self.instructionTolerance, higherIsWorse: true, minimumChange: Self.instructionFloor)
        }
        // SQLite's counts of a step's statements, scans and sorts: exact (design section 11).
        for metric in DatabaseMetric.metricNames { rules[metric] = Rule(tolerance: 0, higherIsWorse: true) }
    }

    func rule(for metric: String) -> Rule? {
        if let rule = rules[metric] { return rule }
        return Threshold.Metric(name: metric)?.percentile != nil ? otherPercentiles : nil
    }

    /// Sets one metric's tolerance from `METRIC=+25%` (or `METRIC=25%`, `METRIC=0.25`).
    public mutating func set(_ text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ComparisonError.badTolerance("--threshold \(text)", reason: "expected METRIC=+PERCENT%, e.g. p99=+25%")
        }
        let value = try Self.relative(parts[1], option: "--threshold \(text)")
        let known = Threshold.Metric.allCases.map(\.name)
        guard Threshold.Metric(name: parts[0]) != nil else {
            let hint = Suggestion.hint(for: parts[0], in: known)
            throw ComparisonError.badTolerance(
                "--threshold \(text)", reason: "unknown metric '\(parts[0])'" + (hint.isEmpty ? "; known: \(known.joined(separator: ", "))" : hint))
        }
        let floor = rules[parts[0]]?.minimumChange ?? 0
        rules[parts[0]] = Rule(tolerance: value, higherIsWorse: Threshold.Metric(name: parts[0])?.higherIsWorse ?? true,
                               minimumChange: floor, isExplicit: true)
    }

    /// Sets every latency metric to `+PERCENT%` slower and ops/s to the matching drop
    /// (`300%`: up to 4x the time, down to 1/4 of the throughput): the wide tolerance a CI
    /// job on another machine than the baseline's needs.
    public mutating func setTimings(_ text: String) throws {
        let value = try Self.relative(text.trimmingCharacters(in: .whitespaces), option: "--timing-tolerance \(text)")
        for metric in Threshold.Metric.allCases where metric.isTiming {
            // A time may grow to 1 + value times; a throughput fall to 1 / (1 + value) of itself.
            rules[metric.name] = Rule(tolerance: metric.higherIsWorse ? value : 1 - 1 / (1 + value), higherIsWorse: metric.higherIsWorse,
                                      minimumChange: rules[metric.name]?.minimumChange ?? 0)
        }
        otherPercentiles.tolerance = value
    }

    /// `+25%`, `25%` or `0.25` as 0.25.
    private static func relative(_ written: String, option: String) throws -> Double {
        var number = written
        if number.hasPrefix("+") { number.removeFirst() }
        let percent = number.hasSuffix("%")
        if percent { number.removeLast() }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value >= 0, value.isFinite else {
            throw ComparisonError.badTolerance(option, reason: "expected a non-negative number like +25%, got '\(written)'")
        }
        return percent ? value / 100 : value
    }
}
