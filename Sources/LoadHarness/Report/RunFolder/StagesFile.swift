/// `stages.csv` (design section 15): per variant, stage and step, the stage's place in time,
/// target and the load it applied (the mean active users, the target and achieved rates per
/// second, dropped iterations), then the step's executions that started in it.
enum StagesFile {
    /// Whether the run has stage figures (it made a time series).
    static func hasStages(_ run: RunResult) -> Bool { run.variants.contains { !$0.stages.isEmpty } }

    static func text(_ run: RunResult) -> String {
        var rows: [[String]] = []
        for variant in run.variants {
            for stage in variant.stages {
                let load = stage.load
                let stageFields = [run.scenario.name, variant.variant, stage.name, CSV.number(stage.start), CSV.number(stage.end),
                                   CSV.number(stage.target), CSV.number(load.virtualUsers), load.targetRate.map(CSV.number) ?? "",
                                   CSV.number(load.achievedRate), String(load.dropped)]
                let cores = [stage.usage.map { CSV.number($0.busyShare) } ?? "", stage.usage.map { CSV.number($0.harnessShare) } ?? ""]
                for step in stage.steps {
                    rows.append(stageFields + [PopulationColumn.fields(step.step).step, String(step.count), String(step.errors)]
                        + [step.p50Microseconds, step.p90Microseconds, step.p99Microseconds, step.maxMicroseconds,
                           step.allocationsPerOperation, step.statementsPerOperation].map(CSV.number)
                        + [step.cpuMedianMicroseconds.map(CSV.number) ?? "", step.waitShare.map(CSV.number) ?? ""] + cores
                        + [stage.population])
                }
                if stage.steps.isEmpty {
                    rows.append(stageFields + ["", "0", "0", "", "", "", "", "", "", "", ""] + cores + [stage.population])
                }
            }
        }
        return RunTable.stages.text(rows)
    }

    /// The folder's stages per variant, in file order (nil when it has no stages.csv). A
    /// stage's schedule lag is not in the file: `lag` gives it (`summary.csv`'s
    /// `schedule_lag_p50{stage:...}` rows), nil when it has none.
    /// (`population` is the stage's population, "" without populations.)
    static func read(_ folder: RunFolder,
                     lag: (_ variant: String, _ stage: String, _ population: String, _ percentile: String) -> Double?)
        throws(RunFolderError) -> [String: [StageResult]]? {
        guard let table = try folder.read(.stages) else { return nil }
        var stages: [String: [StageResult]] = [:]
        var current: (variant: String, stage: String, population: String, fields: RunRow, steps: [StageResult.Step])?
        func close() throws(RunFolderError) {
            guard let (variant, name, population, row, steps) = current else { return }
            let targetRate: Double? = try row.optionalNumber("target_rate")
            let load = SecondLoad(virtualUsers: try row.number("virtual_users"), targetRate: targetRate,
                                  achievedRate: try row.number("achieved_rate"), dropped: try row.number("dropped"),
                                  lagP50: lag(variant, name, population, "schedule_lag_p50"),
                                  lagP99: lag(variant, name, population, "schedule_lag_p99"))
            var stage = StageResult(
                name: name, start: try row.number("start_s"), end: try row.number("end_s"), target: try row.number("target"),
                unit: targetRate == nil ? .users : .rate, load: load, steps: steps)
            stage.usage = try usage(row, seconds: stage.end - stage.start)
            stage.population = population
            stages[variant, default: []].append(stage)
        }
        for row in table.rows {
            let variant = try row.text("variant"), stage = try row.text("stage"), population = row[PopulationColumn.name] ?? ""
            if current.map({ $0.variant != variant || $0.stage != stage || $0.population != population }) ?? true {
                try close()
                current = (variant, stage, population, row, [])
            }
            let step = try PopulationColumn.runStep(row)
            guard !step.isEmpty else { continue }  // a stage in which nothing started
            current?.steps.append(StageResult.Step(
                step: step, count: try row.number("count"), errors: try row.number("errors"), p50: try row.number("p50_us"),
                p90: try row.number("p90_us"), p99: try row.number("p99_us"), max: try row.number("max_us"),
                allocationsPerOperation: try row.number("allocs_per_op"), statementsPerOperation: try row.number("statements_per_op"),
                cpuMedianMicroseconds: try row.optionalNumber("cpu_p50_us"), waitShare: try row.optionalNumber("wait_share")))
        }
        try close()
        return stages
    }

    /// A stage's cores as the file keeps them (its shares; nil before the columns): one core
    /// busy for the busy share of the stage's length, the harness's share of that outside steps.
    private static func usage(_ row: RunRow, seconds: Double) throws(RunFolderError) -> CoreUsage? {
        guard let busy: Double = try row.optionalNumber("cores_busy"), let harness: Double = try row.optionalNumber("harness_share")
        else { return nil }
        let wall = max(0, seconds) * 1e9, process = busy * wall
        return CoreUsage(wallNanoseconds: UInt64(wall.rounded()), processNanoseconds: UInt64(process.rounded()),
                         stepNanoseconds: UInt64((process * (1 - harness)).rounded()), cores: 1)
    }
}
