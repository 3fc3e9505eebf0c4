import GRDB

/// The posts' full-text index during a bulk load: its insert trigger is dropped, and each
/// phase's posts are indexed with one `INSERT ... SELECT` (what the trigger does per row),
/// then the trigger is created again with its own SQL.
enum BulkSearchIndex {
    /// Drops `posts_fts_insert`; returns its SQL, to run again when the load ends.
    static func dropInsertTrigger(in db: Database) throws -> String {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'posts_fts_insert'") else {
            throw BulkLoadError.schemaLacks("the trigger posts_fts_insert")
        }
        try db.execute(sql: "DROP TRIGGER posts_fts_insert")
        return sql
    }

    /// Indexes the posts with id > `mark`.
    static func index(postsAfter mark: Int64, in db: Database) throws {
        try db.execute(sql: "INSERT INTO posts_fts(rowid, text) SELECT id, text FROM posts WHERE id > ? ORDER BY id", arguments: [mark])
    }
}
