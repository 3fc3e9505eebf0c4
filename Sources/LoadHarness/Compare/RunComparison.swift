import Foundation

/// `roost compare`: two run folders' `summary.csv` matched by scenario, variant and metric
/// (`p99(open_profile)`), each change judged against its metric's tolerance.
public struct RunComparison: Sendable {
    /// One metric in both runs (or missing from one).
    public struct Change: Sendable, Hashable {
        public let scenario: String
        public let variant: String
        /// As in summary.csv: `p99(open_profile)` or `leaked_objects`.
        public let metric: String
        public let baseline: Double?
        public let current: Double?
        /// current / baseline - 1, when both exist and the baseline is not 0.
        public let relativeChange: Double?
        public let verdict: Verdict
    }

    public enum Verdict: String, Sendable, Hashable {
        case regression, improvement, unchanged, missing, new
    }

    public let changes: [Change]

    /// Regressions: worse beyond tolerance, or a measured metric missing from the current run.
    public var regressions: [Change] { changes.filter { $0.verdict == .regression || $0.verdict == .missing } }
    public var improvements: [Change] { changes.filter { $0.verdict == .improvement } }

    /// Reads `summary.csv` of both folders and compares them.
    public static func compare(baseline: String, current: String, tolerances: Tolerances = Tolerances()) throws -> RunComparison {
        let old = try SummaryFile.read(folder: baseline), new = try SummaryFile.read(folder: current)
        var changes: [Change] = []
        for (key, before) in old.values.sorted(by: { $0.key < $1.key }) {
            guard let after = new.values[key] else {
                changes.append(Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: before,
                                      current: nil, relativeChange: nil, verdict: .missing))
                continue
            }
            changes.append(judge(key, before, after, tolerances))
        }
        for key in new.keys.sorted() where old.values[key] == nil {
            changes.append(Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: nil,
                                  current: new.values[key], relativeChange: nil, verdict: .new))
        }
        return RunComparison(changes: changes)
    }

    private static func judge(_ key: SummaryFile.Key, _ before: Double, _ after: Double, _ tolerances: Tolerances) -> Change {
        let relative: Double? = before == 0 ? (after == 0 ? 0 : nil) : after / before - 1
        let base = key.metric.split(separator: "(").first.map(String.init) ?? key.metric
        var verdict = Verdict.unchanged
        if let rule = tolerances.rule(for: base), before != after {
            // Positive `worse` means the metric moved the bad way.
            let worse = rule.higherIsWorse ? after - before : before - after
            let allowed = max(abs(before) * rule.tolerance, rule.minimumChange)
            if worse > allowed + 1e-9 { verdict = .regression } else if worse < -(allowed + 1e-9) { verdict = .improvement }
        }
        return Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: before, current: after,
                      relativeChange: relative, verdict: verdict)
    }
}

/// How much each metric may worsen before `compare` calls it a regression.
public struct Tolerances: Sendable {
    /// A metric's rule: the allowed relative worsening and which way is worse.
    public struct Rule: Sendable, Hashable {
        public var tolerance: Double
        public var higherIsWorse: Bool
        /// A change smaller than this never counts (in the metric's unit): timings of a few
        /// microseconds double from run to run on a shared machine.
        public var minimumChange: Double = 0
    }

    private var rules: [String: Rule]

    /// The defaults: 0% on allocs/op, bytes/op, leaks and errors; 50% on timings (and at
    /// least 100 us) and on ops/s. Other metrics (retained and peak memory, iteration counts)
    /// are shown, not judged.
    public init() {
        rules = [:]
        for metric in ["allocs_per_op", "bytes_per_op", "leaked_objects", "leaked_bytes", "errors", "error_rate"] {
            rules[metric] = Rule(tolerance: 0, higherIsWorse: true)
        }
        for metric in ["p50", "p90", "p99", "p999", "max", "mean"] {
            rules[metric] = Rule(tolerance: 0.5, higherIsWorse: true, minimumChange: 100)
        }
        rules["ops_per_s"] = Rule(tolerance: 0.5, higherIsWorse: false)
        rules["dropped_iterations"] = Rule(tolerance: 0, higherIsWorse: true)
    }

    func rule(for metric: String) -> Rule? { rules[metric] }

    /// Sets one metric's tolerance from `METRIC=+25%` (or `METRIC=25%`, `METRIC=0.25`).
    public mutating func set(_ text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ComparisonError.badTolerance(text, reason: "expected METRIC=+PERCENT%, e.g. p99=+25%")
        }
        var number = parts[1].trimmingCharacters(in: .whitespaces)
        if number.hasPrefix("+") { number.removeFirst() }
        let percent = number.hasSuffix("%")
        if percent { number.removeLast() }
        guard let value = Double(number), value >= 0 else {
            throw ComparisonError.badTolerance(text, reason: "expected a non-negative number after '=', got '\(parts[1])'")
        }
        let known = Threshold.Metric.allCases.map(\.rawValue) + ["dropped_iterations"]
        guard known.contains(parts[0]) else {
            let hint = Suggestion.hint(for: parts[0], in: known)
            throw ComparisonError.badTolerance(
                text, reason: "unknown metric '\(parts[0])'" + (hint.isEmpty ? "; known: \(known.joined(separator: ", "))" : hint))
        }
        let higherIsWorse = parts[0] != "ops_per_s"
        let floor = rules[parts[0]]?.minimumChange ?? 0
        rules[parts[0]] = Rule(tolerance: percent ? value / 100 : value, higherIsWorse: higherIsWorse, minimumChange: floor)
    }
}

/// Why two runs could not be compared.
public enum ComparisonError: Error, CustomStringConvertible, Sendable {
    case unreadable(path: String, reason: String)
    case badSummary(path: String, line: Int, reason: String)
    case badTolerance(String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .badSummary(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badTolerance(let text, let reason): "--threshold \(text): \(reason)"
        }
    }
}
