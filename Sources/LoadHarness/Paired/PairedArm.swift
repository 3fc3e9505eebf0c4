/// Which build one run of a paired round plays.
public enum PairedArm: String, Sendable, CaseIterable {
    /// A: the baseline build.
    case baseline
    /// B: the build under test.
    case candidate
    /// A': the baseline build again, compared with A as the noise floor (A/A control).
    case control

    /// The runs of one round, in order: A B A' A' B A. Each arm's two runs sit symmetrically
    /// about the round's middle, so a drift linear over the round cancels in B/A and in A'/A alike.
    public static let roundOrder: [PairedArm] = [.baseline, .candidate, .control, .control, .candidate, .baseline]
}
