import Foundation

/// The completed rounds of a paired run and what they say (docs/paired-timing.md): per
/// variant and step, each round gives one paired log ratio of the other side to the baseline
/// (PairedStatistic: execution by execution when the runs wrote every latency, else each arm's
/// mean log p50); the ratio is exp of their Hodges–Lehmann estimate, with the exact Wilcoxon
/// signed-rank interval at `confidence`.
public struct PairedRounds: Sendable {
    /// One round: each arm's two runs, in the order they ran.
    public typealias Round = [PairedArm: [StepMedians]]

    public private(set) var rounds: [Round] = []
    public let tolerance: Double
    public let confidence: Double
    /// The smallest difference judged, in microseconds: a step's tolerance is the larger of
    /// `tolerance` and this over its baseline p50 (a 10% change of a 0.4 us step is 40 ns,
    /// within what measuring the step costs).
    public let floorMicroseconds: Double

    /// No rounds yet; `tolerance` 0.05 for 5%, `confidence` 0.99 for 99%, `floorMicroseconds` 1 for 1 us.
    public init(tolerance: Double, confidence: Double, floorMicroseconds: Double = 0) {
        self.tolerance = tolerance
        self.confidence = confidence
        self.floorMicroseconds = floorMicroseconds
    }

    /// Adds a completed round (every arm of `PairedArm.roundOrder` ran).
    public mutating func append(_ round: Round) { rounds.append(round) }

    /// Every variant and step, candidate rows then the control's, in the scenario's order.
    public func rows() -> [PairedRow] {
        let keys = orderedKeys()
        return keys.compactMap { row(for: $0, other: .candidate) } + keys.compactMap { row(for: $0, other: .control) }
    }

    /// The candidate rows still inconclusive: what more rounds are for.
    public func inconclusiveSteps() -> [StepMedians.Key] {
        orderedKeys().filter { row(for: $0, other: .candidate)?.verdict ?? .inconclusive == .inconclusive }
    }

    func row(for key: StepMedians.Key, other: PairedArm) -> PairedRow? {
        let statistic = PairedStatistic.choose(for: key, runs: rounds.flatMap { $0.values.joined() })
        var differences: [Double] = [], baseline: [Double] = [], others: [Double] = []
        for round in rounds {
            guard let a = PairedStatistic.meanLogP50(round[.baseline] ?? [], key),
                  let b = PairedStatistic.meanLogP50(round[other] ?? [], key),
                  let difference = statistic.logRatio(baseline: round[.baseline] ?? [], other: round[other] ?? [], key: key)
            else { continue }
            differences.append(difference)
            baseline.append(a)
            others.append(b)
        }
        guard let interval = SignedRankInterval(differences: differences, confidence: confidence) else { return nil }
        let lower = interval.lower.map(exp), upper = interval.upper.map(exp)
        let baselineP50 = exp(Statistics.median(baseline) ?? 0)
        let stepTolerance = max(tolerance, floorMicroseconds / baselineP50)
        return PairedRow(key: key, comparison: other == .control ? .control : .candidate, statistic: statistic,
                         rounds: differences.count,
                         baselineP50: baselineP50, otherP50: exp(Statistics.median(others) ?? 0),
                         ratio: exp(interval.estimate), lower: lower, upper: upper, tolerance: stepTolerance,
                         verdict: PairedVerdict.judge(lower: lower, upper: upper, tolerance: stepTolerance))
    }

    /// Keys in the order of the first baseline run that has them.
    func orderedKeys() -> [StepMedians.Key] {
        var seen = Set<StepMedians.Key>(), keys: [StepMedians.Key] = []
        for round in rounds {
            for run in round[.baseline] ?? [] {
                for key in run.keys where seen.insert(key).inserted { keys.append(key) }
            }
        }
        return keys
    }
}
