import GRDB

extension SocialStack {
    /// Runs `body` with a `BulkLoad` inside one write transaction, then writes the derived
    /// rows of every phase; if anything throws, nothing is written. `timings` is told how long
    /// each step took, as it ends. Reached through `StackAdministration.bulkLoad`.
    func bulkLoad<T>(timings: @escaping (BulkLoadTiming) -> Void = { _ in }, _ body: (BulkLoad) throws -> T) throws -> T {
        try store.checkOpen()
        var stopwatch = BulkStopwatch(report: timings)
        return try store.writer.writeWithoutTransaction { db in
            // The load checks the ids its calls name itself (BulkIDSet), once per call, where
            // SQLite would look up every foreign key of every row it writes, derived rows
            // included. The pragma does nothing inside a transaction, so it is set around it.
            let checksForeignKeys = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
            if checksForeignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
            defer { if checksForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") } }
            var value: T?
            try db.inTransaction(.immediate) {
                // Rows go into the tables without their secondary indexes, which are then built
                // once each from sorted keys (far fewer b-tree seeks than one insert per row per
                // index); the unique indexes stay, since the inserts rely on them.
                let indexes = try BulkIndexes.drop(in: db)
                // Posts enter the search index in one statement per load, not one trigger run per row.
                let searchTrigger = try BulkSearchIndex.dropInsertTrigger(in: db)
                stopwatch.lap(.setUp)
                let load = try BulkLoad(db: db, store: store, stopwatch: stopwatch)
                do {
                    value = try body(load)
                    try load.finishAll()
                } catch {
                    load.hashes.cancel()
                    throw error
                }
                try db.execute(sql: searchTrigger)
                try BulkIndexes.create(indexes, in: db)
                load.stopwatch.lap(.indexes)
                return .commit
            }
            return value!
        }
    }
}
