import Foundation
import GRDBSQLite

/// SQLite's own counts of the work each statement did, per thread, inside measured steps
/// (design section 11). `install(on:)` puts a `SQLITE_TRACE_PROFILE` callback on every
/// connection a stack opens (SocialStack's `onConnection`); SQLite calls it when a statement
/// finishes (its last step, a reset or a finalize), on the thread that ran it, and the
/// callback reads and resets the statement's `sqlite3_stmt_status` counters there. While the
/// thread is inside a measured step (`begin()` ... `end()`), it adds them to the thread's
/// fixed table, keyed by the statement's pointer, with a copy of its SQL text. Nothing is
/// allocated: the table and its text buffer are made before the thread's first measured step.
package enum StatementCounters {
    /// Installs the counting trace on `connection` (no allocation: SQLite stores the pointer).
    package static func install(on connection: OpaquePointer) {
        sqlite3_trace_v2(connection, UInt32(SQLITE_TRACE_PROFILE), traceCallback, nil)
    }

    /// Clears the calling thread's table and starts counting (made on its first call).
    package static func begin() {
        let table = threadTable()
        table.pointee.clear()
        table.pointee.isCounting = true
    }

    /// Stops counting on the calling thread; its table holds what the span counted.
    @discardableResult
    package static func end() -> UnsafeMutablePointer<StatementCounterTable> {
        let table = threadTable()
        table.pointee.isCounting = false
        return table
    }

    /// The calling thread's table, allocated on first use and freed when the thread exits.
    static func threadTable() -> UnsafeMutablePointer<StatementCounterTable> {
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: StatementCounterTable.self) }
        let table = UnsafeMutablePointer<StatementCounterTable>.allocate(capacity: 1)
        table.initialize(to: StatementCounterTable())
        pthread_setspecific(key, table)
        return table
    }

    /// The thread-specific key of the tables.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            let table = raw.assumingMemoryBound(to: StatementCounterTable.self)
            table.pointee.deallocate()
            table.deinitialize(count: 1)
            table.deallocate()
        }
        return key
    }()

    /// Called by SQLite at the end of each statement run on a traced connection.
    private static let traceCallback: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                                      UnsafeMutableRawPointer?) -> Int32 = { mask, _, statement, _ in
        guard mask == UInt32(SQLITE_TRACE_PROFILE), let statement else { return 0 }
        let handle = OpaquePointer(statement)
        // Read and reset always, so work done outside a measured span never lands in one.
        var work = StatementCounterTable.Work()
        work.runs = Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_RUN, 1))
        work.vmSteps = Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
        work.fullscanSteps = Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1))
        work.sorts = Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_SORT, 1))
        work.autoindexRows = Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_AUTOINDEX, 1))
        guard let raw = pthread_getspecific(key) else { return 0 }
        let table = raw.assumingMemoryBound(to: StatementCounterTable.self)
        guard table.pointee.isCounting else { return 0 }
        table.pointee.add(work, statement: handle, sql: sqlite3_sql(handle))
        return 0
    }
}
