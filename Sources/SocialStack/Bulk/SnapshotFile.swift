import GRDB
import GRDBSQLite

/// A snapshot's database file, opened with SQLite alone (no GRDB queue) for one backup into
/// or out of a stack's connection, and closed at once.
///
/// A GRDB queue would do, but closing one disposes of its dispatch queue, and libdispatch
/// releases the queue's specific values (GRDB's scheduling watchdog, the connection's last
/// references) later, on a worker thread of its own: work beside whatever the process does
/// next, at a moment that depends on the machine's speed. `roost run --instructions` counts
/// what follows a dataset's copy, and keeps such work away from it (docs/cpu-cost.md).
struct SnapshotFile: ~Copyable {
    private let connection: OpaquePointer

    /// Opens the file at `path`: read-only, or created (emptied first by the caller) when `writable`.
    init(path: String, writable: Bool) throws {
        var connection: OpaquePointer?
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(connection)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
        }
        self.connection = connection
    }

    deinit { sqlite3_close(connection) }

    /// Copies the whole of `source`'s main database over `destination`'s (SQLite's backup API).
    static func copy(from source: OpaquePointer, to destination: OpaquePointer) throws {
        guard let backup = sqlite3_backup_init(destination, "main", source, "main") else {
            throw DatabaseError(resultCode: ResultCode(rawValue: sqlite3_errcode(destination)),
                                message: String(cString: sqlite3_errmsg(destination)))
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: stepped == SQLITE_DONE ? finished : stepped),
                                message: String(cString: sqlite3_errmsg(destination)))
        }
    }

    /// Replaces `database`'s contents with this file's.
    func copy(into database: Database) throws {
        try Self.copy(from: connection, to: Self.handle(of: database))
        database.clearSchemaCache()
    }

    /// Replaces this file's contents with `database`'s.
    func copy(from database: Database) throws {
        try Self.copy(from: Self.handle(of: database), to: connection)
    }

    private static func handle(of database: Database) throws -> OpaquePointer {
        guard let handle = database.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the stack's connection is closed")
        }
        return handle
    }

    /// Runs one statement that returns no rows of interest (a pragma).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message.map { String(cString: $0) })
        }
    }
}
