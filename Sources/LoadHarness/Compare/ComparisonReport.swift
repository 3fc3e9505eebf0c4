/// What `roost compare` prints: regressions first, then improvements, each with the
/// baseline and current values and the relative change.
public enum ComparisonReport {
    public static func render(_ comparison: RunComparison, format: RunSummary.Format) -> String {
        var lines: [String] = []
        let regressions = comparison.regressions, improvements = comparison.improvements
        let judged = comparison.changes.filter { $0.verdict != .new }.count
        if format == .markdown {
            lines.append("### roost compare: \(regressions.isEmpty ? "no regression" : "\(regressions.count) regression(s)")")
            if !regressions.isEmpty || !improvements.isEmpty {
                lines.append("| | scenario | variant | metric | baseline | current | change |")
                lines.append("|---|---|---|---|---:|---:|---:|")
                for change in regressions + improvements {
                    lines.append("| \(change.verdict == .improvement ? "better" : "**worse**") | \(change.scenario) | \(change.variant) | "
                        + "`\(change.metric)` | \(value(change.baseline)) | \(value(change.current)) | \(relative(change)) |")
                }
            }
        } else {
            lines.append(regressions.isEmpty ? "no regression (\(judged) metrics compared)"
                : "\(regressions.count) regression(s) among \(judged) metrics compared")
            for change in regressions {
                lines.append("  worse   \(change.scenario)/\(change.variant) \(change.metric): "
                    + "\(value(change.baseline)) -> \(value(change.current)) (\(relative(change)))")
            }
            for change in improvements {
                lines.append("  better  \(change.scenario)/\(change.variant) \(change.metric): "
                    + "\(value(change.baseline)) -> \(value(change.current)) (\(relative(change)))")
            }
        }
        let new = comparison.changes.filter { $0.verdict == .new }
        if !new.isEmpty { lines.append("\(new.count) metric(s) only in the current run (not judged)") }
        return lines.joined(separator: "\n")
    }

    private static func value(_ value: Double?) -> String { value.map(CSV.number) ?? "missing" }

    private static func relative(_ change: RunComparison.Change) -> String {
        if change.verdict == .missing { return "missing in current" }
        guard let relative = change.relativeChange else { return "from 0" }
        return (relative >= 0 ? "+" : "") + CSV.number((relative * 1000).rounded() / 10) + "%"
    }
}
