/// `retention.csv` (`RunTable.retention`, streamed): after each close, the bytes the
/// variant's measured steps kept so far and the live tracked objects.
enum RetentionFile {
    static func row(scenario: String, variant: String, _ point: RetentionPoint) -> [String] {
        [scenario, variant, String(point.close), String(point.iteration), point.step, CSV.number(point.elapsedMilliseconds),
         String(point.retainedBytes), String(point.liveTrackedObjects)]
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.retention.text(run.variants.flatMap { variant in
            variant.retention.map { row(scenario: run.scenario.name, variant: variant.variant, $0) }
        })
    }

    /// The rows of `table`, with their variants.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [(variant: String, point: RetentionPoint)] {
        var rows: [(String, RetentionPoint)] = []
        for row in table.rows {
            rows.append((try row.text("variant"), RetentionPoint(
                close: try row.number("close"), iteration: try row.number("iteration"), step: try row.text("step"),
                elapsedMilliseconds: try row.number("elapsed_ms"), retainedBytes: try row.number("retained_bytes"),
                liveTrackedObjects: try row.number("live_tracked_objects"))))
        }
        return rows
    }
}
