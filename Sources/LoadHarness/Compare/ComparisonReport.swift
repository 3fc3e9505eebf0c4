import Foundation

/// What `roost compare` prints: regressions first (with the cycles of what leaked), then
/// improvements, each with the baseline and current values and the relative change.
public enum ComparisonReport {
    public static func render(_ comparison: RunComparison, format: RunSummary.Format) -> String {
        var lines: [String] = []
        let regressions = comparison.regressions, improvements = comparison.improvements
        let judged = comparison.changes.filter {
            ![.new, .tooFewSamples, .meanNotGated, .measuredUnderCallgrind, .notCounted, .otherSQLite, .runtimeLookups]
                .contains($0.verdict)
        }.count
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
            for leak in leaksBehind(regressions, in: comparison) {
                lines.append("- leaked in \(leak.scenario)/\(leak.variant): \(leak.leaked) of \(leak.created) `\(leak.type)`"
                    + (leak.cycle.isEmpty ? "" : ": `\(leak.cycle)`"))
            }
            lines += SiteChangeText.markdown(comparison.siteChanges)
            lines += SiteChangeText.peakMarkdown(comparison.peakSiteChanges, notes: comparison.peakSiteNotes)
            lines += RuntimeLookupsText.render(comparison, markdown: true)
            lines += FunctionChanges.render(comparison.functionChanges, markdown: true)
            lines += StatementChangeText.markdown(comparison.statementChanges)
        } else {
            lines.append(regressions.isEmpty ? "no regression (\(judged) metrics compared)"
                : "\(regressions.count) regression(s) among \(judged) metrics compared")
            for change in regressions {
                lines.append("  worse   \(change.scenario)/\(change.variant) \(change.metric): "
                    + "\(value(change.baseline)) -> \(value(change.current)) (\(relative(change)))")
            }
            for leak in leaksBehind(regressions, in: comparison) {
                lines.append("  leaked  \(leak.scenario)/\(leak.variant): \(leak.leaked) of \(leak.created) \(leak.type)"
                    + (leak.cycle.isEmpty ? "" : ": \(leak.cycle)"))
            }
            for change in improvements {
                lines.append("  better  \(change.scenario)/\(change.variant) \(change.metric): "
                    + "\(value(change.baseline)) -> \(value(change.current)) (\(relative(change)))")
            }
            lines += SiteChangeText.text(comparison.siteChanges)
            lines += SiteChangeText.peakText(comparison.peakSiteChanges, notes: comparison.peakSiteNotes)
            lines += RuntimeLookupsText.render(comparison, markdown: false)
            lines += FunctionChanges.render(comparison.functionChanges, markdown: false)
            lines += StatementChangeText.text(comparison.statementChanges)
        }
        let unjudged = comparison.changes.filter { $0.verdict == .tooFewSamples }.count
        if unjudged > 0 {
            lines.append("\(unjudged) latency metric(s) not judged: too few samples beyond the percentile "
                + "(p50 needs 10 runs of its step, p90 50, p99 500; mean and max only with an explicit --threshold)")
        }
        let means = comparison.changes.filter { $0.verdict == .meanNotGated }.count
        if means > 0 {
            lines.append("\(means) mean (or highest) allocation or database metric(s) shown, not gated: a run had several virtual users "
                + "or no warm-up, so first-use work moves the means; their medians (allocs_p50, bytes_p50, statements_p50, ...) are gated instead")
        }
        let callgrind = comparison.changes.filter { $0.verdict == .measuredUnderCallgrind }.count
        if callgrind > 0 {
            lines.append("\(callgrind) latency metric(s) not judged: a run was played under callgrind (roost run --instructions)")
        }
        let uncounted = comparison.changes.filter { $0.verdict == .notCounted }.count
        if uncounted > 0 {
            lines.append("\(uncounted) instruction metric(s) not judged: the current run was not played with --instructions")
        }
        let layout = comparison.changes.filter { $0.verdict == .runtimeLookups }.count
        if layout > 0 {
            lines.append("\(layout) instruction metric(s) not judged: beyond the tolerance only in the Swift runtime's metadata-cache "
                + "lookups, whose cost follows where the binary's metadata lies (above)")
        }
        let new = comparison.changes.filter { $0.verdict == .new }
        let other = comparison.changes.filter { $0.verdict == .otherSQLite }.count
        if other > 0, let note = StatementChangeText.versionNote(comparison.sqliteVersions) {
            lines.append("\(other) VM-step metric(s) not judged. " + note)
        }
        if !new.isEmpty { lines.append(notInBaseline(new)) }
        return lines.joined(separator: "\n")
    }

    /// The line for metrics only the current run has, naming them by kind (a baseline written
    /// before a metric existed, e.g. `peak_bytes_p50`, is not a regression).
    private static func notInBaseline(_ new: [RunComparison.Change]) -> String {
        var names: [String] = []
        for change in new {
            let name = MetricKey(parsing: change.metric)?.name ?? change.metric
            if !names.contains(name) { names.append(name) }
        }
        return "\(new.count) metric(s) only in the current run (not in the baseline, not judged): " + names.sorted().joined(separator: ", ")
    }

    /// The current run's leaks in each variant whose leak counts regressed.
    private static func leaksBehind(_ regressions: [RunComparison.Change], in comparison: RunComparison) -> [RunComparison.Leak] {
        let leaking = Set(regressions.filter { $0.metric == "leaked_objects" || $0.metric == "leaked_bytes" }
            .map { "\($0.scenario)/\($0.variant)" })
        return comparison.currentLeaks.filter { leaking.contains("\($0.scenario)/\($0.variant)") }
    }

    private static func value(_ value: Double?) -> String { value.map(CSV.number) ?? "missing" }

    /// The change: for a count or a byte figure its exact delta beside the percentage
    /// (`+384 B, +0.047%`: one allocation more in a megabyte-sized step rounds to 0%), for
    /// a timing the percentage alone.
    private static func relative(_ change: RunComparison.Change) -> String {
        if change.verdict == .missing { return "missing in current" }
        let percentage = change.relativeChange.map(percent) ?? "from 0"
        guard let baseline = change.baseline, let current = change.current, let unit = exactUnit(of: change.metric) else {
            return percentage
        }
        let delta = ((current - baseline) * 1_000_000).rounded() / 1_000_000
        return (delta >= 0 ? "+" : "") + CSV.number(delta) + unit + ", " + percentage
    }

    /// A relative change as a percentage: one decimal from 1% up, two significant digits below.
    private static func percent(_ relative: Double) -> String {
        let value = relative * 100
        let text = abs(value) >= 1 || value == 0 ? CSV.number((value * 10).rounded() / 10) : String(format: "%.2g", value)
        return (value >= 0 ? "+" : "") + text + "%"
    }

    /// " B" for a byte figure, "" for a count, nil for anything else (timings, rates, fractions).
    private static func exactUnit(of metric: String) -> String? {
        guard let measured = MetricKey(parsing: metric)?.metric, measured.isExact else { return nil }
        return measured.unit == .bytes ? " B" : ""
    }
}
