/// The tables of a finished run's folder that `RecordedRun` rebuilds its variants from:
/// `steps.csv` and `summary.csv` (required), `distributions.csv` (required: without it a run's
/// figures cannot be added up exactly), and the errors, statements, leaks, time series, memory,
/// retention, allocation sites and stages, each of which may be missing.
struct RecordedTables {
    let steps: [StepsFile.Row]
    let summary: SummaryFile
    /// Per variant and step, the per-execution tables.
    let distributions: [String: [String: DistributionsFile.Step]]
    let errors: [ErrorsFile.Row]
    let queries: [QueriesFile.Row]
    let leaks: [LeaksFile.Row]
    let series: [TimeSeriesRow]
    let memory: [(variant: String, row: MemoryRow)]
    let retention: [(variant: String, row: RetentionRow)]
    /// `allocations.csv`'s sites; nil for a run without an allocation profile.
    let sites: [AllocationsFile.Row]?
    /// Per variant, its stages (their schedule lag from `summary.csv`).
    let stages: [String: [StageResult]]

    /// Reads them from `folder`, a run of `scenario` that `info` describes; says which is missing.
    static func read(_ folder: RunFolder, info: RecordedRunInfo, scenario: Scenario) throws(RunFolderError) -> RecordedTables {
        guard let steps = try StepsFile.read(folder), let summary = try SummaryFile.read(folder) else {
            throw .notARun(path: folder.path, reason: "no steps.csv or summary.csv")
        }
        guard let distributions = try DistributionsFile.read(folder) else {
            throw .notARun(path: folder.file(.distributions),
                           reason: "missing: the run was made by an older roost (\(info[RunInfo.Key.roostVersion] ?? "unknown version")), "
                               + "whose files cannot be added up exactly")
        }
        let errors = try ErrorsFile.read(folder) ?? []
        let queries = try QueriesFile.read(folder) ?? []
        let leaks = try LeaksFile.read(folder)
        let series = try folder.read(.timeSeries).map { table throws(RunFolderError) in try TimeSeriesFile.rows(table) } ?? []
        let memory = try folder.read(.memory).map { table throws(RunFolderError) in try MemoryFile.rows(table) } ?? []
        let retention = try folder.read(.retention).map { table throws(RunFolderError) in try RetentionFile.rows(table) } ?? []
        let sites = try AllocationsFile.read(folder)
        let stages = try StagesFile.read(folder) { variant, stage, population, metric in
            summary.value(scenario: scenario.name, variant: variant,
                          MetricKey(metric, stage: stage, population: population.isEmpty ? nil : population))
        } ?? [:]
        return RecordedTables(steps: steps, summary: summary, distributions: distributions, errors: errors, queries: queries,
                              leaks: leaks, series: series, memory: memory, retention: retention, sites: sites, stages: stages)
    }

    /// `variant`'s figure `name` in `summary.csv` (a variant-wide one, `iterations`).
    func figure(_ name: String, scenario: Scenario, variant: String) -> Double? {
        summary.value(scenario: scenario.name, variant: variant, MetricKey(name))
    }
}
