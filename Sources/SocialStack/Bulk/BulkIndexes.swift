import GRDB

/// The schema's secondary indexes (every `CREATE INDEX`, not the ones SQLite makes for
/// primary keys and UNIQUE constraints), dropped for a bulk load and created again after
/// it with the very same SQL.
enum BulkIndexes {
    /// One index as the schema stores it.
    struct Index {
        let name: String
        let sql: String
    }

    /// Drops every secondary index; returns them in creation order.
    static func drop(in db: Database) throws -> [Index] {
        let indexes = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid
            """).map { Index(name: $0["name"], sql: $0["sql"]) }
        for index in indexes { try db.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)") }
        return indexes
    }

    /// Creates `indexes` again, in order.
    static func create(_ indexes: [Index], in db: Database) throws {
        for index in indexes { try db.execute(sql: index.sql) }
    }
}
