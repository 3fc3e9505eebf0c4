import Foundation
import GRDB
import GRDBSQLite

/// A connection's cached statement driven straight through SQLite's C API, for the hot
/// paths (a feed page, a post, a like, a follow): values bound in place and rows read column
/// by column, where GRDB's `StatementArguments` and `Row`s cost several allocations and
/// checks per statement. It runs inside the caller's `Store.read` or `Store.write`
/// transaction, on that transaction's connection, and is reset after use.
struct DirectStatement {
    private let statement: Statement
    private let handle: SQLiteStatement

    /// The connection's cached statement for `sql`, reset with no bindings.
    init(_ db: Database, _ sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement (ends its read), keeping its bindings.
    func reset() { sqlite3_reset(handle) }

    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }

    func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    func bind(_ value: Bool, at index: Int32) { sqlite3_bind_int64(handle, index, value ? 1 : 0) }

    /// Binds text; SQLite copies the bytes.
    func bind(_ text: String?, at index: Int32) {
        guard var text else { sqlite3_bind_null(handle, index); return }
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
    }

    /// Binds a blob (an empty one too, not NULL); SQLite copies the bytes.
    func bind(blob: Data, at index: Int32) {
        if blob.isEmpty { sqlite3_bind_zeroblob(handle, index, 0); return }
        blob.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    /// Binds a blob without copying it (SQLITE_STATIC), runs `body`, then binds NULL in its
    /// place: the bytes need outlive `body` only, and no later step can see them. Saves the
    /// copy (an allocation) `bind(blob:at:)` makes.
    func withBlob<T>(_ blob: Data, at index: Int32, _ body: () throws -> T) rethrows -> T {
        try blob.withUnsafeBytes { bytes in
            sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), nil)
            defer { sqlite3_bind_null(handle, index) }
            return try body()
        }
    }

    /// Binds UTF-8 bytes as text; SQLite copies them.
    func bind(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
        _ = bytes.withMemoryRebound(to: CChar.self) { chars in
            sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), Self.transient)
        }
    }

    func bind(_ value: Int64, named name: String) {
        sqlite3_bind_int64(handle, sqlite3_bind_parameter_index(handle, name), value)
    }

    /// One step: true when a row is ready, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(handle)))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }

    /// Steps to the end and resets: for statements that return no rows.
    func execute() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// The first column of the first row, or nil when there is no row or it is NULL; resets.
    func int64Value() throws -> Int64? {
        defer { sqlite3_reset(handle) }
        guard try step(), !isNull(0) else { return nil }
        return int64(0)
    }

    /// The rowid of the connection's last successful insert.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(sqlite3_db_handle(handle)) }

    /// The rows the connection's last completed insert, update or delete changed.
    var changesCount: Int32 { sqlite3_changes(sqlite3_db_handle(handle)) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// SQLITE_TRANSIENT: SQLite copies the bound bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension Post {
    /// Decodes the current row of a statement whose first columns are `Post.columns`.
    init(_ row: DirectStatement) {
        id = PostID(rawValue: row.int64(0))
        author = UserID(rawValue: row.int64(1))
        text = row.text(2)
        image = row.optionalText(3).map(MediaID.init(rawValue:))
        replyTo = row.optionalInt64(4).map(PostID.init(rawValue:))
        isReply = row.int64(5) != 0
        likeCount = Int(row.int64(6))
        replyCount = Int(row.int64(7))
        commentCount = Int(row.int64(8))
        createdAt = Timestamp.date(row.int64(9))
        editedAt = Timestamp.date(row.optionalInt64(10))
    }
}
