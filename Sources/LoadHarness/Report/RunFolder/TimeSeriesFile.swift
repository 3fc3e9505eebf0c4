/// `timeseries.csv` (`RunTable.timeSeries`, streamed): per variant, second of the measured
/// phase and step, the executions that ended in that second.
enum TimeSeriesFile {
    static func row(scenario: String, _ row: TimeSeriesRow) -> [String] {
        let (step, population) = PopulationColumn.fields(row.step)
        return [scenario, row.variant, String(row.second), step, String(row.count), String(row.errors),
         row.p50Microseconds.map(CSV.number) ?? "", row.p99Microseconds.map(CSV.number) ?? "",
         row.maxMicroseconds.map(CSV.number) ?? "", String(row.allocations), String(row.bytes)]
            + LoadColumns.timeSeriesFields(row.load) + [population]
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.timeSeries.text(run.variants.flatMap { $0.timeSeries.map { row(scenario: run.scenario.name, $0) } })
    }

    /// The rows of `table`.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [TimeSeriesRow] {
        var rows: [TimeSeriesRow] = []
        for row in table.rows {
            rows.append(TimeSeriesRow(
                variant: try row.text("variant"), second: try row.number("second"), step: try PopulationColumn.runStep(row),
                count: try row.number("count"), errors: try row.number("errors"), p50Microseconds: try row.optionalNumber("p50_us"),
                p99Microseconds: try row.optionalNumber("p99_us"), maxMicroseconds: try row.optionalNumber("max_us"),
                allocations: try row.number("allocs"), bytes: try row.number("bytes"), load: try LoadColumns.secondLoad(row)))
        }
        return rows
    }
}
