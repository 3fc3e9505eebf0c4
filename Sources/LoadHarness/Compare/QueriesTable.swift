import Foundation

/// A run folder's `queries.csv`, read back: per scenario, variant and step, each statement's
/// counts per execution of the step and its plan. nil when the folder has none (a run from
/// before statements were counted, or one rebuilt by `roost report`).
struct QueriesTable {
    /// One statement's counts per execution of its step, and its plan.
    struct Statement: Hashable {
        let perExecution: StatementChange.PerExecution
        let plan: String
    }

    let steps: [AllocationSites.StepKey: [String: Statement]]

    static func read(folder: String) throws -> QueriesTable? {
        let path = (folder as NSString).appendingPathComponent("queries.csv")
        guard let rows = try RunFolderCSV.rows(path, header: QueriesFile.header) else { return nil }
        var steps: [AllocationSites.StepKey: [String: Statement]] = [:]
        for (line, row) in rows {
            let numbers = row[4...9].compactMap { Double($0) }
            guard numbers.count == 6, numbers[0] > 0 else {
                throw ComparisonError.badSummary(path: path, line: line,
                                                 reason: "expected counts in executions...autoindex_rows, got \(row[4...9].joined(separator: ","))")
            }
            let executions = numbers[0]
            let perExecution = StatementChange.PerExecution(
                runs: numbers[1] / executions, vmSteps: numbers[2] / executions, fullscanSteps: numbers[3] / executions,
                sorts: numbers[4] / executions, autoindexRows: numbers[5] / executions)
            steps[AllocationSites.StepKey(scenario: row[0], variant: row[1], step: row[2]), default: [:]][row[3]] =
                Statement(perExecution: perExecution, plan: row[10])
        }
        return QueriesTable(steps: steps)
    }
}
