/// One line of `paired.csv`: a variant's step, the candidate or the A/A control against the
/// baseline, over the rounds so far.
public struct PairedRow: Equatable, Sendable {
    /// What is compared with the baseline.
    public enum Comparison: String, Sendable {
        /// The candidate build (B / A).
        case candidate
        /// The baseline against itself (A' / A): the noise floor.
        case control
    }

    public let key: StepMedians.Key
    public let comparison: Comparison
    /// What each round's log ratio is made of.
    public let statistic: PairedStatistic
    /// Rounds that measured the step on both sides.
    public let rounds: Int
    /// The median over rounds of the baseline's p50 (geometric mean of a round's two runs), microseconds.
    public let baselineP50: Double
    /// The same for the other side (candidate or control).
    public let otherP50: Double
    /// The ratio other / baseline: exp of the Hodges–Lehmann estimate of the per-round log ratios
    /// (`statistic`).
    public let ratio: Double
    /// The ratio's confidence interval (nil: too few rounds for the confidence).
    public let lower: Double?
    public let upper: Double?
    /// The step's tolerance: the larger of the session's and its floor over the baseline p50.
    public let tolerance: Double
    public let verdict: PairedVerdict
}
