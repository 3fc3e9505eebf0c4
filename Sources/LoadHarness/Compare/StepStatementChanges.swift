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
