/// Thresholds on instruction counts (`instructions(post) < 2M`, `instructions_p50(login) <= 400k`):
/// a plain run leaves them unjudged (it counts no instructions); `roost run --instructions`
/// judges them at the end of the counted run, from its dumps, beside its other thresholds.
extension Threshold.Metric {
    /// `instructions` or `instructions_p50`.
    public var isInstructionCount: Bool { self == .instructions || self == .instructionsMedian }
}

extension Array {
    /// The elements for which `belongs` holds, and the others, each in order.
    func partitioned(by belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var yes: [Element] = [], no: [Element] = []
        for element in self { if belongs(element) { yes.append(element) } else { no.append(element) } }
        return (yes, no)
    }
}

enum InstructionThresholds {
    /// Each instruction threshold of `thresholds` against each variant it names that ran: the
    /// step's mean (`instructions`) or median (`instructions_p50`) per execution; a threshold
    /// without a step reads the sum over the variant's steps (instructions per iteration, when
    /// each step runs once an iteration). Nothing observed (a step that never ran) fails.
    static func evaluate(_ thresholds: [Threshold], _ profile: InstructionProfile) -> [ThresholdVerdict] {
        evaluate(thresholds, InstructionCounts(profile))
    }

    static func evaluate(_ thresholds: [Threshold], _ profile: InstructionCounts) -> [ThresholdVerdict] {
        thresholds.filter(\.metric.isInstructionCount).flatMap { threshold in
            profile.variants.filter { threshold.variant == nil || threshold.variant == $0 }.map { variant in
                let steps = profile.order.filter { $0.variant == variant && (threshold.step == nil || threshold.step == $0.step) }
                    .compactMap { profile.steps[$0] }
                let observed: Double? = steps.isEmpty ? nil
                    : steps.reduce(0) { $0 + (threshold.metric == .instructions ? $1.mean : $1.median) }
                return ThresholdVerdict(threshold: threshold, variant: variant, observed: observed,
                                        passed: observed.map { threshold.comparison.holds($0, threshold.value) } ?? false)
            }
        }
    }
}
