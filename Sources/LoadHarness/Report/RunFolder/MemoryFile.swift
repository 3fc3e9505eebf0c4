/// `memory.csv` (`RunTable.memory`, streamed): the process's memory over each variant's measured phase.
enum MemoryFile {
    static func row(scenario: String, variant: String, _ sample: MemorySample) -> [String] {
        [scenario, variant, CSV.number(sample.elapsedMilliseconds), String(sample.iteration), String(sample.allocatedBytes),
         String(sample.residentBytes), String(sample.rssBytes), String(sample.liveTrackedObjects)]
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.memory.text(run.variants.flatMap { variant in
            variant.memory.map { row(scenario: run.scenario.name, variant: variant.variant, $0) }
        })
    }

    /// The rows of `table`, with their variants.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [(variant: String, sample: MemorySample)] {
        var rows: [(String, MemorySample)] = []
        for row in table.rows {
            rows.append((try row.text("variant"), MemorySample(
                elapsedMilliseconds: try row.number("elapsed_ms"), iteration: try row.number("iteration"),
                allocatedBytes: try row.number("allocated_bytes"), residentBytes: try row.number("resident_bytes"),
                rssBytes: try row.number("rss_bytes"), liveTrackedObjects: try row.number("live_tracked_objects"))))
        }
        return rows
    }
}
