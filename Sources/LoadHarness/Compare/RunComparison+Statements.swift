extension RunComparison {
    /// How many statements `statementChanges` keeps per step.
    public static let statementChangesShown = 5

    /// Whether the two runs linked different SQLite versions (then VM steps and plans are
    /// shown, not judged).
    public var sqliteVersionsDiffer: Bool { sqliteVersions.map { $0.baseline != $0.current } ?? false }

    /// Marks VM-step changes between different SQLite versions as not judged, and names the
    /// statements behind each step whose database metrics got worse or better.
    mutating func addDatabaseWork(baseline: String, current: String) throws {
        if let old = RecordedSQLiteVersion.read(folder: baseline), let new = RecordedSQLiteVersion.read(folder: current) {
            sqliteVersions = (old, new)
        }
        if sqliteVersionsDiffer {
            changes = changes.map { change in
                guard [.regression, .improvement, .unchanged].contains(change.verdict),
                      DatabaseMetric.versionDependent.contains(Self.baseName(change.metric)) else { return change }
                return Change(scenario: change.scenario, variant: change.variant, metric: change.metric, baseline: change.baseline,
                              current: change.current, relativeChange: change.relativeChange, verdict: .otherSQLite)
            }
        }
        guard let before = try QueriesTable.read(folder: baseline), let after = try QueriesTable.read(folder: current) else { return }
        let database = Set(DatabaseMetric.metricNames)
        var steps = Set<AllocationSites.StepKey>()
        for change in changes where [.regression, .improvement, .otherSQLite].contains(change.verdict) {
            guard database.contains(Self.baseName(change.metric)), let step = Self.stepName(change.metric) else { continue }
            steps.insert(AllocationSites.StepKey(scenario: change.scenario, variant: change.variant, step: step))
        }
        statementChanges = steps.sorted().compactMap { key in
            let ranked = StepStatementChanges.ranked(before.steps[key] ?? [:], after.steps[key] ?? [:])
            guard !ranked.isEmpty else { return nil }
            return StepStatementChanges(scenario: key.scenario, variant: key.variant, step: key.step,
                                        statements: Array(ranked.prefix(Self.statementChangesShown)), changedStatements: ranked.count)
        }
    }

    /// `vm_steps` of `vm_steps(open_feed)`.
    static func baseName(_ metric: String) -> String { String(metric.prefix { $0 != "(" }) }

    /// `open_feed` of `vm_steps(open_feed)`; nil for a variant-wide metric.
    static func stepName(_ metric: String) -> String? {
        guard let open = metric.firstIndex(of: "("), metric.hasSuffix(")") else { return nil }
        return String(metric[metric.index(after: open)...].dropLast())
    }
}
