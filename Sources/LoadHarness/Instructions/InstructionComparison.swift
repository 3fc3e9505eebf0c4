import Foundation

/// What `roost compare` does with the instruction counts of `roost run --instructions`:
/// latencies of a run played under callgrind are never judged (they are tens of times slower
/// and say nothing of a plain run), instruction metrics missing from a run made without
/// `--instructions` are not counted as regressions, and for each step whose instructions per
/// execution changed, the functions whose own instructions moved most (`instructions.csv`).
enum InstructionComparison {
    /// Metrics judged with the instruction tolerance, whose change names the functions behind it.
    static let metrics: Set<String> = [InstructionFiles.meanMetric, InstructionFiles.medianMetric]

    /// The changes with the verdicts above applied.
    static func adjusted(_ changes: [RunComparison.Change], baseline: ComparedRun, current: ComparedRun) -> [RunComparison.Change] {
        let underCallgrind = (baseline.info?.measuredUnderCallgrind ?? false) || (current.info?.measuredUnderCallgrind ?? false)
        let currentCounted = changes.contains { metrics.contains(base($0.metric)) && $0.current != nil }
        return changes.map { change in
            let name = base(change.metric)
            var verdict = change.verdict
            if underCallgrind, isTiming(name), [.regression, .improvement, .unchanged, .tooFewSamples].contains(verdict) {
                verdict = .measuredUnderCallgrind
            } else if metrics.contains(name), change.verdict == .missing, !currentCounted {
                verdict = .notCounted
            }
            guard verdict != change.verdict else { return change }
            return RunComparison.Change(scenario: change.scenario, variant: change.variant, metric: change.metric,
                                        baseline: change.baseline, current: change.current,
                                        relativeChange: change.relativeChange, verdict: verdict)
        }
    }

    /// `p99(login)` -> `p99`.
    static func base(_ metric: String) -> String { MetricKey(parsing: metric)?.name ?? metric }

    /// Latency or throughput (a percentile Roost does not list by name, `p95`, too).
    private static func isTiming(_ name: String) -> Bool { Threshold.Metric(name: name)?.isTiming ?? false }
}
