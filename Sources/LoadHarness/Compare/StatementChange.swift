/// A statement of a step whose work per execution of the step, or whose plan, differs
/// between two runs' `queries.csv`: what `roost compare` names beside a change in a step's
/// database metrics, as it names allocation sites.
public struct StatementChange: Sendable, Hashable {
    /// SQLite's counts for the statement per execution of its step.
    public struct PerExecution: Sendable, Hashable {
        public let runs: Double
        public let vmSteps: Double
        public let fullscanSteps: Double
        public let sorts: Double
        public let autoindexRows: Double
    }

    /// The SQL, whitespace collapsed.
    public let statement: String
    /// nil: the statement is new (not run by the step in the baseline).
    public let baseline: PerExecution?
    /// nil: the statement is gone.
    public let current: PerExecution?
    public let baselinePlan: String?
    public let currentPlan: String?

    /// VM steps per execution, current minus baseline.
    public var vmStepsDelta: Double { (current?.vmSteps ?? 0) - (baseline?.vmSteps ?? 0) }
    /// Runs per execution, current minus baseline.
    public var runsDelta: Double { (current?.runs ?? 0) - (baseline?.runs ?? 0) }
    /// Whether both runs have a plan for it and they differ.
    public var planChanged: Bool {
        guard let baselinePlan, let currentPlan else { return false }
        return baselinePlan != currentPlan
    }
}

/// The statements that changed in one step of one variant.
public struct StepStatementChanges: Sendable, Hashable {
    public let scenario: String
    public let variant: String
    public let step: String
    /// At most `RunComparison.statementChangesShown`: new and gone first, then the largest
    /// change in VM steps, then in runs.
    public let statements: [StatementChange]
    /// How many statements changed in all.
    public let changedStatements: Int

    /// The statements of a step whose counts per execution or plan differ, ranked.
    static func ranked(_ before: [String: QueriesTable.Statement], _ after: [String: QueriesTable.Statement]) -> [StatementChange] {
        Set(before.keys).union(after.keys).compactMap { sql -> StatementChange? in
            let old = before[sql], new = after[sql]
            guard old?.perExecution != new?.perExecution || old?.plan != new?.plan else { return nil }
            return StatementChange(statement: sql, baseline: old?.perExecution, current: new?.perExecution,
                                   baselinePlan: old?.plan, currentPlan: new?.plan)
        }.sorted { a, b in
            let aStatus = a.baseline == nil || a.current == nil ? 1 : 0, bStatus = b.baseline == nil || b.current == nil ? 1 : 0
            return (aStatus, abs(a.vmStepsDelta), abs(a.runsDelta), b.statement) > (bStatus, abs(b.vmStepsDelta), abs(b.runsDelta), a.statement)
        }
    }
}
