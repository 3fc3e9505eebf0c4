import Foundation

extension RunResult {
    /// A run of `variants` of `scenario` with its metrics and thresholds judged: the
    /// scenario's thresholds on the variants that ran, instruction thresholds on `instructions`
    /// (unjudged without them). What a run read back from its folder, or merged from shards, is.
    static func judged(scenario: Scenario, variants: [VariantResult], instructions: InstructionCounts?, started: Date, ended: Date,
                       wasInterrupted: Bool) -> RunResult {
        let table = MetricTable(scenario: scenario, results: variants)
        let ran = Set(variants.map(\.variant))
        let (counted, judged) = scenario.thresholds.partitioned(by: \.metric.isInstructionCount)
        var unjudged = judged.filter { $0.variant.map { !ran.contains($0) } ?? false }
        var thresholds = table.evaluate(judged)
        if let instructions {
            thresholds += InstructionThresholds.evaluate(counted, instructions)
            unjudged += counted.filter { $0.variant.map { !instructions.variants.contains($0) } ?? false }
        } else {
            unjudged += counted
        }
        var result = RunResult(scenario: scenario, variants: variants, thresholds: thresholds, unjudged: unjudged, metrics: table,
                               started: started, ended: ended, wasInterrupted: wasInterrupted)
        result.instructions = instructions
        return result
    }
}
