/// `thresholds.csv` (`RunTable.thresholds`): each threshold's observed value and verdict, per
/// variant it applies to (named `SOURCE [variant]` when it names no variant and several ran).
enum ThresholdsFile {
    /// The rows of `verdicts` of a run of `variantCount` variants.
    static func rows(scenario: String, _ verdicts: [ThresholdVerdict], variantCount: Int) -> [[String]] {
        verdicts.map { verdict in
            let name = verdict.threshold.variant == nil && variantCount > 1
                ? "\(verdict.threshold.source) [\(verdict.variant)]" : verdict.threshold.source
            return [scenario, name, verdict.observed.map(CSV.number) ?? "", verdict.passed ? "true" : "false"]
        }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.thresholds.text(rows(scenario: run.scenario.name, run.thresholds, variantCount: run.variants.count))
    }
}
