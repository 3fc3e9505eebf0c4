/// `executions.csv` (`RunTable.executions`, streamed): per second, step and virtual user, how
/// many executions had each exact allocation count, byte total and (since design 19) peak bytes
/// and temporary allocations, then (since design 20) the population that played the step;
/// `roost report` rebuilds a killed run's medians from it.
enum ExecutionsFile {
    /// One row's fields (written by the time series' collector, off the users' threads).
    static func row(scenario: String, _ row: ExecutionRow) -> [String] {
        let (step, population) = PopulationColumn.fields(row.step)
        return [scenario, row.variant, String(row.second), step, String(row.user), String(row.allocations), String(row.bytes),
                String(row.count), row.peakBytes.map(String.init) ?? "", row.temporaryAllocations.map(String.init) ?? "", population]
    }

    /// The rows of `table`, each step under the run's name of it (`readers.open_feed`).
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [ExecutionRow] {
        var rows: [ExecutionRow] = []
        for row in table.rows {
            do {
                let peakBytes: Int? = try row.optionalNumber("peak_bytes")
                let temporary: Int? = try row.optionalNumber("temporary_allocs")
                rows.append(ExecutionRow(variant: try row.text("variant"), second: try row.number("second"), step: try PopulationColumn.runStep(row),
                                         user: try row.number("vu"), allocations: try row.number("allocs"), bytes: try row.number("bytes"),
                                         peak: peakBytes.flatMap { peak in temporary.map { (peak, $0) } }, count: try row.number("executions")))
            } catch {
                throw row.problem("expected whole numbers in second, vu, allocs, bytes, executions, peak_bytes, temporary_allocs")
            }
        }
        return rows
    }
}
