/// `executions.csv` (`RunTable.executions`, streamed): per second, step and virtual user, how
/// many executions had each exact allocation count and byte total; `roost report` rebuilds a
/// killed run's medians from it.
enum ExecutionsFile {
    static func row(scenario: String, _ row: ExecutionRow) -> [String] {
        [scenario, row.variant, String(row.second), row.step, String(row.user), String(row.allocations), String(row.bytes),
         String(row.count)]
    }

    /// The rows of `table`.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [ExecutionRow] {
        var rows: [ExecutionRow] = []
        for row in table.rows {
            do {
                rows.append(ExecutionRow(variant: try row.text("variant"), second: try row.number("second"), step: try row.text("step"),
                                         user: try row.number("vu"), allocations: try row.number("allocs"),
                                         bytes: try row.number("bytes"), count: try row.number("executions")))
            } catch {
                throw row.problem("expected whole numbers in second, vu, allocs, bytes, executions")
            }
        }
        return rows
    }
}
