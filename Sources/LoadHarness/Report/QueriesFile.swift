/// `queries.csv` (design section 11): per variant, step and distinct statement, SQLite's
/// counts summed over the step's executions and the statement's `EXPLAIN QUERY PLAN` on one
/// line; and the per-execution columns `steps.csv` gains.
enum QueriesFile {
    static let header = ["scenario", "variant", "step", "statement", "executions", "runs", "vm_steps", "fullscan_steps", "sorts",
                         "autoindex_rows", "plan"]

    /// The columns `steps.csv` gains: statements (transaction control apart), VM steps and
    /// full-scan steps per execution, the mean and the median.
    static let stepsColumns = ["statements_per_op", "statements_p50", "vm_steps_per_op", "vm_steps_p50", "fullscan_steps_per_op",
                               "fullscan_steps_p50"]

    /// A step's values of `stepsColumns`; empty when its statements were not counted (a rebuilt run).
    static func stepsFields(_ counts: StepStatements?) -> [String] {
        guard let counts else { return stepsColumns.map { _ in "" } }
        return [DatabaseMetric.statements, .vmSteps, .fullscanSteps].flatMap { metric in
            [CSV.number(counts.mean(metric)), CSV.number(counts.median(metric))]
        }
    }

    /// Whether any variant counted statements (a run rebuilt from streamed files has none).
    static func hasCounts(_ run: RunResult) -> Bool { run.variants.contains { !$0.statements.isEmpty } }

    static func text(_ run: RunResult) -> String {
        var csv = CSV(header: header)
        for variant in run.variants {
            for step in variant.steps {
                guard let counts = variant.statements[step.step] else { continue }
                for (sql, totals) in ranked(counts) {
                    csv.append([run.scenario.name, variant.variant, step.step, sql, String(counts.executions), String(totals.runs),
                                String(totals.vmSteps), String(totals.fullscanSteps), String(totals.sorts),
                                String(totals.autoindexRows), variant.statementPlans[sql] ?? StatementPlans.unknown])
                }
            }
        }
        return csv.text
    }

    /// A step's statements, most VM steps first, then by text.
    static func ranked(_ counts: StepStatements) -> [(sql: String, totals: StepStatements.Totals)] {
        counts.statements.map { ($0.key, $0.value) }.sorted { a, b in
            a.totals.vmSteps != b.totals.vmSteps ? a.totals.vmSteps > b.totals.vmSteps : a.sql < b.sql
        }
    }
}
