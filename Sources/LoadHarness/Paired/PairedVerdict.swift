/// What a paired comparison concludes about one step, from the confidence interval of its
/// ratio (other / baseline) and the tolerance (docs/paired-timing.md).
public enum PairedVerdict: String, Sendable, CaseIterable {
    /// The whole interval lies above 1 + tolerance: slower beyond the tolerance (exit 2).
    case slower
    /// The whole interval lies below 1 / (1 + tolerance).
    case faster
    /// The whole interval lies within [1 / (1 + tolerance), 1 + tolerance].
    case same
    /// The interval crosses a bound of the tolerance, or there are too few rounds for one: more rounds.
    case inconclusive

    /// The verdict for an interval of ratios (nil ends: too few rounds) and a tolerance (0.05 for 5%).
    public static func judge(lower: Double?, upper: Double?, tolerance: Double) -> PairedVerdict {
        guard let lower, let upper else { return .inconclusive }
        let high = 1 + tolerance, low = 1 / (1 + tolerance)
        if lower > high { return .slower }
        if upper < low { return .faster }
        if lower >= low && upper <= high { return .same }
        return .inconclusive
    }
}
