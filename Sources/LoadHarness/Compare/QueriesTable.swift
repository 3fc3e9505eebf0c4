/// A run folder's `queries.csv` read back (`QueriesFile`): per scenario, variant and step,
/// each statement's counts per execution of the step and its plan. nil when the folder has
/// none (a run from before statements were counted, or one rebuilt by `roost report`).
struct QueriesTable {
    /// One statement's counts per execution of its step, and its plan.
    struct Statement: Hashable {
        let perExecution: StatementChange.PerExecution
        let plan: String
    }

    let steps: [AllocationSites.StepKey: [String: Statement]]

    static func read(_ run: ComparedRun) throws -> QueriesTable? {
        guard let rows = try ComparisonError.reading({ () throws(RunFolderError) in try QueriesFile.read(run.folder) }) else {
            return nil
        }
        var steps: [AllocationSites.StepKey: [String: Statement]] = [:]
        for row in rows {
            let executions = Double(row.executions), totals = row.totals
            let perExecution = StatementChange.PerExecution(
                runs: Double(totals.runs) / executions, vmSteps: Double(totals.vmSteps) / executions,
                fullscanSteps: Double(totals.fullscanSteps) / executions, sorts: Double(totals.sorts) / executions,
                autoindexRows: Double(totals.autoindexRows) / executions)
            steps[AllocationSites.StepKey(scenario: row.scenario, variant: row.variant, step: row.step), default: [:]][row.statement] =
                Statement(perExecution: perExecution, plan: row.plan)
        }
        return QueriesTable(steps: steps)
    }
}
