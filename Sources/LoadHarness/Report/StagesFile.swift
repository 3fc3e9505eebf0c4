/// `stages.csv` (design section 15): per variant, stage and step, the stage's place in time,
/// target and the load it applied (the mean active users, the target and achieved rates per
/// second, dropped iterations), then the step's executions that started in it.
enum StagesFile {
    static let header = ["scenario", "variant", "stage", "start_s", "end_s", "target", "virtual_users", "target_rate",
                         "achieved_rate", "dropped", "step", "count", "errors", "p50_us", "p90_us", "p99_us", "max_us",
                         "allocs_per_op", "statements_per_op"]

    /// Whether the run has stage figures (it made a time series).
    static func hasStages(_ run: RunResult) -> Bool { run.variants.contains { !$0.stages.isEmpty } }

    static func text(_ run: RunResult) -> String {
        var csv = CSV(header: header)
        for variant in run.variants {
            for stage in variant.stages {
                let load = stage.load
                let stageFields = [run.scenario.name, variant.variant, stage.name, CSV.number(stage.start), CSV.number(stage.end),
                                   CSV.number(stage.target), CSV.number(load.virtualUsers), load.targetRate.map(CSV.number) ?? "",
                                   CSV.number(load.achievedRate), String(load.dropped)]
                for step in stage.steps {
                    csv.append(stageFields + [step.step, String(step.count), String(step.errors)]
                        + [step.p50Microseconds, step.p90Microseconds, step.p99Microseconds, step.maxMicroseconds,
                           step.allocationsPerOperation, step.statementsPerOperation].map(CSV.number))
                }
                if stage.steps.isEmpty { csv.append(stageFields + ["", "0", "0", "", "", "", "", "", ""]) }
            }
        }
        return csv.text
    }
}
