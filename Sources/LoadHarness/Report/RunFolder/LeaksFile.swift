/// `leaks.csv` (`RunTable.leaks`): per variant that reached its lifetime check, each type
/// of object that outlived its screen, with its cycle and what it retains. Streamed a
/// variant at a time; read back by `roost compare` (to name a leak), `roost report` and `roost merge`.
enum LeaksFile {
    /// One variant's rows (none before its lifetime check).
    static func rows(scenario: String, _ variant: VariantResult) -> [[String]] {
        guard variant.leaksChecked else { return [] }
        return variant.leaks.map { leak in
            [scenario, variant.variant, leak.type, String(leak.created), String(leak.leaked), String(leak.leakedBytes), leak.cycle,
             leak.retainedBytes.map(String.init) ?? ""]
        }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.leaks.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0) })
    }

    /// One row read back.
    struct Row: Sendable, Hashable {
        let scenario: String, variant: String
        let leak: LeakRecord
    }

    /// Every row of `table` (a whole file or a streamed one).
    static func rows(_ table: RunTableRows) throws(RunFolderError) -> [Row] {
        var rows: [Row] = []
        for row in table.rows {
            var leak = LeakRecord(type: try row.text("type"), created: try row.number("created"), leaked: try row.number("leaked"),
                                  leakedBytes: try row.number("leaked_bytes"), cycle: try row.text("cycle"))
            leak.retainedBytes = try row.optionalNumber("retained_bytes")
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), leak: leak))
        }
        return rows
    }

    /// The folder's rows; empty when it has no leaks.csv.
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row] {
        try folder.read(.leaks).map { table throws(RunFolderError) in try rows(table) } ?? []
    }
}
