import Foundation

/// What a round's log ratio of a step is made of (docs/paired-timing.md, "The statistic").
public enum PairedStatistic: String, Sendable {
    /// Execution by execution (both builds wrote latencies.csv): the n-th execution of the step
    /// in each arm's runs of the round, the faster of them, and the median over executions of
    /// the log ratio of the two arms' faster times. A burst of noise slows one run, seldom both
    /// at the same execution; an execution that is slow by its nature (a page split, a cache
    /// filled) is compared with itself.
    case executionMedian = "execution_median"
    /// Run by run (a build without latencies.csv): the mean over each arm's runs of log p50.
    case runP50 = "run_p50"

    /// The round's log ratio other / baseline of `key`; nil when a run lacks the step.
    public func logRatio(baseline: [StepMedians], other: [StepMedians], key: StepMedians.Key) -> Double? {
        switch self {
        case .runP50:
            guard let a = Self.meanLogP50(baseline, key), let b = Self.meanLogP50(other, key) else { return nil }
            return b - a
        case .executionMedian:
            let a = baseline.compactMap { $0.executions[key] }, b = other.compactMap { $0.executions[key] }
            guard !a.isEmpty, !b.isEmpty, a.count == baseline.count, b.count == other.count,
                  let common = (a + b).map(\.count).min(), common > 0 else { return nil }
            var differences: [Double] = []
            differences.reserveCapacity(common)
            for n in 0..<common {
                differences.append(log(Self.fastest(b, n)) - log(Self.fastest(a, n)))
            }
            return Statistics.median(differences)
        }
    }

    /// The statistic for `key` over `runs` (every run of every round): execution by execution
    /// when every run has the step's executions, else run by run.
    static func choose(for key: StepMedians.Key, runs: [StepMedians]) -> PairedStatistic {
        runs.allSatisfy { !($0.executions[key]?.isEmpty ?? true) } ? .executionMedian : .runP50
    }

    private static func fastest(_ runs: [[Double]], _ n: Int) -> Double {
        runs.reduce(Double.infinity) { Swift.min($0, $1[n]) }
    }

    /// The mean of the runs' log p50 of `key`; nil unless every run measured it.
    static func meanLogP50(_ runs: [StepMedians], _ key: StepMedians.Key) -> Double? {
        let values = runs.compactMap { $0.p50[key] }
        guard values.count == runs.count else { return nil }
        return Statistics.mean(values.map(log))
    }
}
