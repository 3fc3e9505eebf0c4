/// `queries.csv` (design section 11): per variant, step and distinct statement, SQLite's
/// counts summed over the step's executions and the statement's `EXPLAIN QUERY PLAN` on one
/// line, then (since design 20) the population that played the step; and the per-execution
/// columns `steps.csv` gains.
enum QueriesFile {
    static var header: [String] { RunTable.queries.header }

    /// The columns `steps.csv` gains: statements (transaction control apart), VM steps and
    /// full-scan steps per execution, the mean and the median.
    static var stepsColumns: [String] { RunTable.steps.generations[2] }

    /// A step's values of `stepsColumns`; empty when its statements were not counted (a rebuilt run).
    static func stepsFields(_ counts: StepStatements?) -> [String] {
        guard let counts else { return stepsColumns.map { _ in "" } }
        return [DatabaseMetric.statements, .vmSteps, .fullscanSteps].flatMap { metric in
            [CSV.number(counts.mean(metric)), CSV.number(counts.median(metric))]
        }
    }

    /// Whether any variant counted statements (a run rebuilt from streamed files has none).
    static func hasCounts(_ run: RunResult) -> Bool { run.variants.contains { !$0.statements.isEmpty } }

    /// One variant's rows.
    static func rows(scenario: String, _ variant: VariantResult) -> [[String]] {
        variant.steps.flatMap { step -> [[String]] in
            guard let counts = variant.statements[step.step] else { return [] }
            let (name, population) = PopulationColumn.fields(step.step)
            return ranked(counts).map { sql, totals in
                [scenario, variant.variant, name, sql, String(counts.executions), String(totals.runs),
                 String(totals.vmSteps), String(totals.fullscanSteps), String(totals.sorts),
                 String(totals.autoindexRows), variant.statementPlans[sql] ?? StatementPlans.unknown, population]
            }
        }
    }

    static func text(_ run: RunResult) -> String {
        RunTable.queries.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0) })
    }

    /// One row read back: a statement of a step (`step` the run's name of it: `readers.open_feed`),
    /// its totals over `executions` of the step, and its plan.
    struct Row: Sendable, Hashable {
        let scenario: String, variant: String, step: String, statement: String
        let executions: Int
        let totals: StepStatements.Totals
        let plan: String
    }

    /// The folder's rows; nil when it has none (a run from before statements were counted, or
    /// one rebuilt by `roost report`).
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row]? {
        guard let table = try folder.read(.queries) else { return nil }
        var rows: [Row] = []
        let counted = ["executions", "runs", "vm_steps", "fullscan_steps", "sorts", "autoindex_rows"]
        for row in table.rows {
            let numbers = counted.compactMap { row[$0].flatMap { Int($0) } }
            guard numbers.count == counted.count, numbers[0] > 0 else {
                throw row.problem("expected counts in executions...autoindex_rows, got \(counted.map { row[$0] ?? "" }.joined(separator: ","))")
            }
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), step: try PopulationColumn.runStep(row),
                            statement: try row.text("statement"), executions: numbers[0],
                            totals: StepStatements.Totals(runs: numbers[1], vmSteps: numbers[2], fullscanSteps: numbers[3],
                                                          sorts: numbers[4], autoindexRows: numbers[5]),
                            plan: try row.text("plan")))
        }
        return rows
    }

    /// A step's statements, most VM steps first, then by text.
    static func ranked(_ counts: StepStatements) -> [(sql: String, totals: StepStatements.Totals)] {
        counts.statements.map { ($0.key, $0.value) }.sorted { a, b in
            a.totals.vmSteps != b.totals.vmSteps ? a.totals.vmSteps > b.totals.vmSteps : a.sql < b.sql
        }
    }
}
