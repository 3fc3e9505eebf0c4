import Foundation
import GRDBSQLite

/// StackReference's plumbing around SQLite's C API: transactions, binding, stepping, and
/// errors that name the operation and the statement.
extension StackReference {
    /// Reads every column of a `Post.columns` row, as decoding a `Post` does.
    func readPostColumns(_ st: OpaquePointer) {
        _ = sqlite3_column_int64(st, 0)
        _ = sqlite3_column_int64(st, 1)
        _ = sqlite3_column_text(st, 2)
        _ = sqlite3_column_bytes(st, 2)
        _ = sqlite3_column_type(st, 3)
        _ = sqlite3_column_type(st, 4)
        _ = sqlite3_column_int64(st, 5)
        _ = sqlite3_column_int64(st, 6)
        _ = sqlite3_column_int64(st, 7)
        _ = sqlite3_column_int64(st, 8)
        _ = sqlite3_column_int64(st, 9)
        _ = sqlite3_column_type(st, 10)
    }

    /// Runs `body` between `begin` and a commit (rolled back when it throws), or in
    /// SQLite's autocommit mode when `begin` is nil.
    func inTransaction<T>(_ begin: OpaquePointer?, _ operation: StaticString, _ body: () throws -> T) throws -> T {
        guard let begin else { return try body() }
        try execute(begin, operation) { _ in }
        do {
            let value = try body()
            try execute(s.commit, operation) { _ in }
            return value
        } catch {
            try? execute(s.rollback, operation) { _ in }
            throw error
        }
    }

    /// Binds, steps to the end, and resets a statement that returns no rows.
    func execute(_ st: OpaquePointer, _ operation: StaticString, bind: (OpaquePointer) -> Void) throws {
        defer { sqlite3_reset(st) }
        bind(st)
        while try step(st, operation) {}
    }

    /// One step: true for a row, false when done.
    @discardableResult
    func step(_ st: OpaquePointer, _ operation: StaticString) throws -> Bool {
        switch sqlite3_step(st) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw StackReferenceError.sqlite(
                operation: "\(operation)", code: code, message: String(cString: sqlite3_errmsg(db)),
                sql: String(cString: sqlite3_sql(st)))
        }
    }

    func bind(_ st: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(st, index, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
    }

    func bindJSON(_ st: OpaquePointer) {
        json.withUnsafeBufferPointer { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(st, 1, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
    }

    /// SQLITE_TRANSIENT: SQLite copies the bound bytes.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "no message"
            sqlite3_free(message)
            throw StackReferenceError.sqlite(operation: "open", code: code, message: text, sql: sql)
        }
    }
}
