/// `retention.csv` (`RunTable.retention`, streamed): after each close, the bytes the
/// variant's measured steps kept so far and the live tracked objects, a row per close, or per
/// second of a long run with the fit over every close so far (`RetentionRow`, `SecondRows`).
enum RetentionFile {
    static func row(scenario: String, variant: String, _ row: RetentionRow) -> [String] {
        let point = row.last
        var fields = [scenario, variant, String(point.close), String(point.iteration), point.step,
                      CSV.number(point.elapsedMilliseconds), String(point.retainedBytes), String(point.liveTrackedObjects),
                      String(row.closes)]
        guard row.closes > 1 else { return fields + Array(repeating: "", count: 7) }
        fields += [String(row.retainedBytes.lowerBound), String(row.retainedBytes.upperBound)]
        guard let fit = row.fit else { return fields + Array(repeating: "", count: 5) }
        // The fit's figures as Swift writes a Double: the shortest text that reads back as the same value.
        let figures: [Double] = [fit.bytesPerClose, fit.intercept, fit.rSquared]
        return fields + [String(fit.closes)] + figures.map { String($0) } + [String(fit.growthBytes)]
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.retention.text(run.variants.flatMap { variant in
            variant.retentionTable.map { row(scenario: run.scenario.name, variant: variant.variant, $0) }
        })
    }

    /// The rows of `table` in file order, with their variants; a row of an older file (no
    /// `closes`) is one close. A row's fit takes its tolerance from its variant's first row
    /// (the first close), as the run's fit did.
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [(variant: String, row: RetentionRow)] {
        var rows: [(String, RetentionRow)] = []
        var firstRetained: [String: Int] = [:]
        for row in table.rows {
            let variant = try row.text("variant")
            let point = RetentionPoint(
                close: try row.number("close"), iteration: try row.number("iteration"), step: try row.text("step"),
                elapsedMilliseconds: try row.number("elapsed_ms"), retainedBytes: try row.number("retained_bytes"),
                liveTrackedObjects: try row.number("live_tracked_objects"))
            let first = firstRetained[variant] ?? point.retainedBytes
            firstRetained[variant] = first
            let closes: Int = try row.optionalNumber("closes") ?? 1
            guard closes > 1 else {
                rows.append((variant, RetentionRow(point)))
                continue
            }
            var fit: RetentionFit?
            if let fitCloses: Int = try row.optionalNumber("fit_closes") {
                fit = RetentionFit(
                    closes: fitCloses, bytesPerClose: try row.number("fit_bytes_per_close"), intercept: try row.number("fit_intercept"),
                    rSquared: try row.number("fit_r_squared"), growthBytes: try row.number("fit_growth_bytes"),
                    firstRetainedBytes: first)
            }
            rows.append((variant, RetentionRow(
                last: point, closes: closes, retainedBytes: try MemoryFile.range(row, "retained_bytes"), fit: fit)))
        }
        return rows
    }
}
