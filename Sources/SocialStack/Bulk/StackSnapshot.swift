import Crypto
import Foundation
import GRDB

extension SocialStack {
    /// Writes a copy of the whole database to a new file at `path` (SQLite's backup API, `SnapshotFile`),
    /// for `replaceContents(withSnapshotAt:)` to start another stack from.
    func saveSnapshot(to path: String) throws {
        try store.checkOpen(#function, "SocialStack")
        let copy = try SnapshotFile(path: path, writable: true)
        try store.writer.writeWithoutTransaction { db in try copy.copy(from: db) }
        // A copy of a file stack carries its WAL mode; a snapshot is one self-contained file,
        // which readers open without creating -wal and -shm files beside it.
        try copy.execute("PRAGMA journal_mode = DELETE")
    }

    /// Replaces this stack's whole database with the snapshot at `path` (SQLite's backup
    /// API, into memory or into this stack's file). The snapshot must come from a stack with
    /// the same schema and feed strategy; it is not checked here.
    func replaceContents(withSnapshotAt path: String) throws {
        try store.checkOpen(#function, "SocialStack")
        let snapshot = try SnapshotFile(path: path, writable: false)
        try store.writer.writeWithoutTransaction { db in try snapshot.copy(into: db) }
    }

    /// Replaces `other`'s whole database with a copy of this stack's (SQLite's backup API):
    /// `other` ends as `replaceContents(withSnapshotAt:)` of this stack's snapshot would leave it.
    func copyContents(to other: SocialStack) throws {
        try store.checkOpen(#function, "SocialStack")
        try other.store.checkOpen(#function, "SocialStack")
        try store.writer.backup(to: other.store.writer)
    }

    /// A digest of the schema a new stack creates (every table, index and trigger), for keys
    /// of anything stored from a stack's database: it changes whenever a migration is added.
    public static func schemaDigest() throws -> String {
        if let digest = computedSchemaDigest { return digest }
        return try computeSchemaDigest()
    }

    /// Computed once per process (the schema is fixed at build time); nil if that failed.
    private static let computedSchemaDigest: String? = try? computeSchemaDigest()

    private static func computeSchemaDigest() throws -> String {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue)
        let sql = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name")
        }
        return SHA256.hash(data: Array(sql.joined(separator: "\n").utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
