extension RunComparison {
    /// How many statements `statementChanges` keeps per step.
    public static let statementChangesShown = 5

    /// Whether the two runs linked different SQLite versions (then VM steps and plans are
    /// shown, not judged).
    public var sqliteVersionsDiffer: Bool { sqliteVersions.map { $0.baseline != $0.current } ?? false }

    /// Marks VM-step changes between different SQLite versions as not judged, and names the
    /// statements behind each step whose database metrics got worse or better.
    mutating func addDatabaseWork(baseline: ComparedRun, current: ComparedRun) throws {
        if let old = baseline.info?.sqliteVersion, let new = current.info?.sqliteVersion {
            sqliteVersions = (old, new)
        }
        if sqliteVersionsDiffer {
            changes = changes.map { change in
                guard [.regression, .improvement, .unchanged].contains(change.verdict),
                      DatabaseMetric.versionDependent.contains(MetricKey(parsing: change.metric)?.name ?? change.metric) else { return change }
                return Change(scenario: change.scenario, variant: change.variant, metric: change.metric, baseline: change.baseline,
                              current: change.current, relativeChange: change.relativeChange, verdict: .otherSQLite)
            }
        }
        guard let before = try QueriesTable.read(baseline), let after = try QueriesTable.read(current) else { return }
        let database = Set(DatabaseMetric.metricNames)
        var steps = Set<AllocationSites.StepKey>()
        for change in changes where [.regression, .improvement, .otherSQLite].contains(change.verdict) {
            guard let key = MetricKey(parsing: change.metric), database.contains(key.name), let step = key.runStep else { continue }
            steps.insert(AllocationSites.StepKey(scenario: change.scenario, variant: change.variant, step: step))
        }
        statementChanges = steps.sorted().compactMap { key in
            let ranked = StepStatementChanges.ranked(before.steps[key] ?? [:], after.steps[key] ?? [:])
            guard !ranked.isEmpty else { return nil }
            return StepStatementChanges(scenario: key.scenario, variant: key.variant, step: key.step,
                                        statements: Array(ranked.prefix(Self.statementChangesShown)), changedStatements: ranked.count)
        }
    }
}
