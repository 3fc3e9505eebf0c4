/// The columns and rows the load models add to a run's files (design section 15), kept
/// here so the files' owners only list them: `steps.csv`'s uncorrected percentiles,
/// `timeseries.csv`'s load per second, `run.csv`'s schedule lag and dropped iterations.
enum LoadColumns {
    /// `steps.csv`'s last columns: latency from the step's actual start (in an open model the
    /// main columns count from the iteration's intended start; in a closed one they are equal).
    static let stepsColumns = ["uncorrected_p50_us", "uncorrected_p90_us", "uncorrected_p99_us", "uncorrected_p999_us",
                               "uncorrected_max_us"]

    static func stepsFields(_ step: StepMetrics) -> [String] {
        [50, 90, 99, 99.9].map { CSV.number(step.uncorrectedPercentileMicroseconds($0)) }
            + [CSV.number(step.count == 0 ? 0 : Double(step.uncorrected.max) / 1_000)]
    }

    /// `timeseries.csv`'s last columns: the second's load, the same on each step's row of it.
    static let timeSeriesColumns = ["virtual_users", "target_rate", "achieved_rate", "dropped", "schedule_lag_p50_us",
                                    "schedule_lag_p99_us"]

    static func timeSeriesFields(_ load: SecondLoad?) -> [String] {
        guard let load else { return timeSeriesColumns.map { _ in "" } }
        return [CSV.number(load.virtualUsers), load.targetRate.map(CSV.number) ?? "", CSV.number(load.achievedRate), String(load.dropped),
                load.lagP50.map(CSV.number) ?? "", load.lagP99.map(CSV.number) ?? ""]
    }

    /// The load of a `timeseries.csv` row; nil when it has none (a file from before the columns).
    static func secondLoad(_ row: RunRow) throws(RunFolderError) -> SecondLoad? {
        guard let users: Double = try row.optionalNumber("virtual_users"), let achieved: Double = try row.optionalNumber("achieved_rate"),
              let dropped: Int = try row.optionalNumber("dropped") else { return nil }
        return SecondLoad(virtualUsers: users, targetRate: try row.optionalNumber("target_rate"), achievedRate: achieved,
                          dropped: dropped, lagP50: try row.optionalNumber("schedule_lag_p50_us"),
                          lagP99: try row.optionalNumber("schedule_lag_p99_us"))
    }

    /// `run.csv`'s rows: the load model, and per variant (in the order they ran, space-separated)
    /// the dropped iterations and the schedule's lag (empty for a closed model).
    static func runRows(_ run: RunResult) -> [(String, String)] {
        guard !run.variants.isEmpty else { return [] }
        func each(_ value: (VariantResult) -> String) -> String { run.variants.map(value).joined(separator: " ") }
        let lag = { (variant: VariantResult, percentile: Double) in
            variant.scheduleLag?.microseconds(atPercentile: percentile).map(CSV.number) ?? ""
        }
        var rows = [("load_model", run.scenario.loadModelName), ("dropped_iterations", each { String($0.droppedIterations) })]
        if run.variants.contains(where: { $0.scheduleLag?.count ?? 0 > 0 }) {
            rows += [("schedule_lag_p50_us", each { lag($0, 50) }), ("schedule_lag_p99_us", each { lag($0, 99) })]
        }
        // What the cores did over the measured phase (design section 18).
        if run.variants.contains(where: { $0.coreUsage != nil }) {
            rows += [("cores_busy", each { $0.coreUsage.map { CSV.number($0.busyShare) } ?? "" }),
                     ("harness_share", each { $0.coreUsage.map { CSV.number($0.harnessShare) } ?? "" })]
        }
        // The cores' saturation: the mean number of threads that waited for a core.
        if run.variants.contains(where: { $0.coreUsage?.waitingThreads != nil }) {
            rows.append(("run_queue", each { $0.coreUsage?.waitingThreads.map(CSV.number) ?? "" }))
        }
        return rows
    }
}
