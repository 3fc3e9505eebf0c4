import GRDBSQLite

/// What tests read from the reference's database: its rows, and the statements it runs.
extension StackReference {
    /// Every row `sql` returns, each column as text (`NULL` for null).
    func rows(_ sql: String) throws -> [[String]] {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &handle, nil) == SQLITE_OK, let handle else {
            throw StackReferenceError.sqlite(operation: "inspect", code: sqlite3_errcode(db),
                                             message: String(cString: sqlite3_errmsg(db)), sql: sql)
        }
        defer { sqlite3_finalize(handle) }
        var rows: [[String]] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else {
                throw StackReferenceError.sqlite(operation: "inspect", code: code, message: String(cString: sqlite3_errmsg(db)), sql: sql)
            }
            rows.append((0..<sqlite3_column_count(handle)).map { column in
                sqlite3_column_text(handle, column).map { String(cString: $0) } ?? "NULL"
            })
        }
    }

    /// Runs `body` and returns the SQL of each statement it ran, in order (as SQLite's
    /// statement trace reports it: a trigger's statements appear as `-- TRIGGER` lines).
    func executedStatements(_ body: () throws -> Void) rethrows -> [String] {
        final class Log { var statements: [String] = [] }
        let log = Log()
        let context = Unmanaged.passUnretained(log).toOpaque()
        sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), { _, context, _, sql in
            guard let context, let sql else { return 0 }
            Unmanaged<Log>.fromOpaque(context).takeUnretainedValue().statements
                .append(String(cString: sql.assumingMemoryBound(to: CChar.self)))
            return 0
        }, context)
        defer { sqlite3_trace_v2(db, 0, nil, nil) }
        try withExtendedLifetime(log) { try body() }
        return log.statements
    }
}
