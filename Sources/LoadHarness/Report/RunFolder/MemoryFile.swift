/// `memory.csv` (`RunTable.memory`, streamed): the process's memory over each variant's
/// measured phase, a row per reading, or per second of a long run (`MemoryRow`, `SecondRows`).
enum MemoryFile {
    static func row(scenario: String, variant: String, _ row: MemoryRow) -> [String] {
        let sample = row.last
        let fields = [scenario, variant, CSV.number(sample.elapsedMilliseconds), String(sample.iteration),
                      String(sample.allocatedBytes), String(sample.residentBytes), String(sample.rssBytes),
                      String(sample.liveTrackedObjects), String(row.readings)]
        guard row.readings > 1 else { return fields + ["", "", "", ""] }
        return fields + [row.allocatedBytes.lowerBound, row.allocatedBytes.upperBound, row.rssBytes.lowerBound,
                         row.rssBytes.upperBound].map { String($0) }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.memory.text(run.variants.flatMap { variant in
            variant.memoryTable.map { row(scenario: run.scenario.name, variant: variant.variant, $0) }
        })
    }

    /// The rows of `table` in file order, with their variants; a row of an older file (no
    /// `readings`) is one reading.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [(variant: String, row: MemoryRow)] {
        var rows: [(String, MemoryRow)] = []
        for row in table.rows {
            let sample = MemorySample(
                elapsedMilliseconds: try row.number("elapsed_ms"), iteration: try row.number("iteration"),
                allocatedBytes: try row.number("allocated_bytes"), residentBytes: try row.number("resident_bytes"),
                rssBytes: try row.number("rss_bytes"), liveTrackedObjects: try row.number("live_tracked_objects"))
            let readings: Int = try row.optionalNumber("readings") ?? 1
            guard readings > 1 else {
                rows.append((try row.text("variant"), MemoryRow(sample)))
                continue
            }
            rows.append((try row.text("variant"), MemoryRow(
                last: sample, readings: readings, allocatedBytes: try range(row, "allocated_bytes"),
                rssBytes: try range(row, "rss_bytes"))))
        }
        return rows
    }

    /// A row's `min_column` through `max_column`.
    static func range(_ row: RunRow, _ column: String) throws(RunFolderError) -> ClosedRange<Int> {
        let lowest: Int = try row.number("min_" + column), highest: Int = try row.number("max_" + column)
        guard lowest <= highest else { throw row.problem("'min_\(column)' (\(lowest)) is above 'max_\(column)' (\(highest))") }
        return lowest...highest
    }
}
