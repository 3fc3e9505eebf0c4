import Foundation

/// `paired.csv` and the table `roost paired` prints, from the completed rounds.
public enum PairedFile {
    public static let header = ["scenario", "variant", "step", "comparison", "rounds", "baseline_p50_us", "other_p50_us",
                                "ratio", "ci_low", "ci_high", "tolerance", "verdict", "state", "statistic"]

    /// The CSV text: one row per variant, step and comparison; `state` is `complete`, or
    /// `incomplete` on every row when the session was interrupted or a run failed.
    public static func csv(scenario: String, rows: [PairedRow], ending: PairedSession.Ending) -> String {
        var csv = CSV(header: header)
        let state = ending.isComplete ? "complete" : "incomplete"
        for row in rows {
            csv.append([scenario, row.key.variant, row.key.step, row.comparison.rawValue, String(row.rounds),
                        CSV.number(row.baselineP50), CSV.number(row.otherP50), ratio(row.ratio),
                        row.lower.map(ratio) ?? "", row.upper.map(ratio) ?? "", ratio(row.tolerance), row.verdict.rawValue, state,
                        row.statistic.rawValue])
        }
        return csv.text
    }

    /// Writes `<folder>/paired.csv`.
    public static func write(scenario: String, rows: [PairedRow], ending: PairedSession.Ending, folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try csv(scenario: scenario, rows: rows, ending: ending)
            .write(toFile: (folder as NSString).appendingPathComponent("paired.csv"), atomically: true, encoding: .utf8)
    }

    /// The table for a terminal: per variant and step, the candidate's ratio and verdict with
    /// the A/A control's beside it.
    public static func table(rows: [PairedRow]) -> String {
        let controls = Dictionary(rows.filter { $0.comparison == .control }.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var lines = [["variant", "step", "baseline p50", "candidate/baseline [99% CI]", "verdict", "A/A control [99% CI]", "verdict"]]
        for row in rows where row.comparison == .candidate {
            let control = controls[row.key]
            lines.append([row.key.variant, row.key.step, String(format: "%.1f us", row.baselineP50), interval(row), row.verdict.rawValue,
                          control.map(interval) ?? "-", control?.verdict.rawValue ?? "-"])
        }
        let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    static func interval(_ row: PairedRow) -> String {
        guard let lower = row.lower, let upper = row.upper else { return ratio(row.ratio) + " [too few rounds]" }
        return "\(ratio(row.ratio)) [\(ratio(lower)), \(ratio(upper))]"
    }

    static func ratio(_ value: Double) -> String { String(format: "%.4f", value) }
}
