import Foundation

/// What `roost compare` prints of the runtime's metadata-cache lookups (`RuntimeLookups`): per
/// instruction metric judged without them that is worse, that only they moved, or that is better
/// with them moving too: the lookups' instructions per execution and the rest's, the rest judged.
enum RuntimeLookupsText {
    static func render(_ comparison: RunComparison, markdown: Bool) -> [String] {
        guard !comparison.runtimeLookups.isEmpty else { return [] }
        let verdicts = Dictionary(comparison.changes.map { ("\($0.scenario)/\($0.variant) \($0.metric)", $0.verdict) }) { a, _ in a }
        var lines = [markdown
            ? "#### Instructions judged without the Swift runtime's metadata-cache lookups (per execution; their cost follows the binary's layout, docs/cpu-cost.md)"
            : "instructions judged without the Swift runtime's metadata-cache lookups (per execution; their cost follows the binary's layout, docs/cpu-cost.md):"]
        if markdown {
            lines.append("| metric | lookups | the rest (judged) | verdict |")
            lines.append("|---|---:|---:|---|")
        }
        for entry in comparison.runtimeLookups {
            let name = "\(entry.scenario)/\(entry.variant) \(entry.metric)"
            let verdict = verdictText(verdicts[name])
            let lookups = "\(n(entry.before)) -> \(n(entry.after)) (\(delta(entry.before, entry.after)))"
            let rest = "\(n(entry.judgedBefore)) -> \(n(entry.judgedAfter)) (\(delta(entry.judgedBefore, entry.judgedAfter)), "
                + percent(entry.judgedBefore, entry.judgedAfter) + ")"
            lines.append(markdown ? "| `\(name)` | \(lookups) | \(rest) | \(verdict) |"
                                  : "  \(name): lookups \(lookups), the rest \(rest): \(verdict)")
        }
        return lines
    }

    private static func verdictText(_ verdict: RunComparison.Verdict?) -> String {
        switch verdict {
        case .regression: "worse"
        case .improvement: "better"
        case .runtimeLookups: "not judged (within the tolerance without the lookups)"
        default: "unchanged"
        }
    }

    private static func n(_ value: Double) -> String { CSV.number(value.rounded()) }
    private static func delta(_ a: Double, _ b: Double) -> String { (b >= a ? "+" : "") + n(b - a) }
    private static func percent(_ a: Double, _ b: Double) -> String {
        guard a != 0 else { return "from 0" }
        let value = (b / a - 1) * 100
        return (value >= 0 ? "+" : "") + String(format: "%.2f", value) + "%"
    }
}
