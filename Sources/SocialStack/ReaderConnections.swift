import GRDB

/// The read-only connections a `.memory` or file stack reads through: GRDB `DatabaseQueue`s
/// opened read-only on the stack's WAL database, made on demand and reused. There is no cap:
/// a read that finds every connection busy opens one more, so a read never waits for
/// another (GRDB's pool made the sixth concurrent read wait for one of five); the number
/// open is the most reads that ever ran at once.
///
/// `DatabasePool.unsafeRead` was most of what a feed page cost beyond SQLite's own work
/// (callgrind: about 42,000 of a `fanOutOnWrite` page's 203,000 instructions; 5 us of a
/// 20 us page): its reader pool builds a key path and takes a barrier queue, a lock and
/// closures per checkout, and every read first runs `PRAGMA schema_version` in a
/// transaction of its own (a second WAL read lock) to refresh GRDB's schema cache. The
/// services' reads use no schema information (fixed SQL, prepared with
/// `sqlite3_prepare_v3`, which re-prepares by itself after a schema change), so these
/// connections skip that check.
/// Each read still runs on one connection, on that connection's serial queue, and
/// `Store.read` wraps it in one deferred transaction: a page is read from one snapshot.
final class ReaderConnections: Sendable {
    private struct State {
        var idle: [DatabaseQueue] = []
        var isClosed = false
    }

    private let path: String
    private let configuration: GRDB.Configuration
    private let state = Locked(State())

    /// Connections to the WAL database at `path` (a file, or a `.memory` stack's URI), opened
    /// with `writerConfiguration` made read-only the way `DatabasePool` makes its readers'
    /// configuration (a read-only connection waits on a busy database as the writer's
    /// `busyMode` says).
    init(path: String, writerConfiguration: GRDB.Configuration) {
        var configuration = writerConfiguration
        configuration.readonly = true
        configuration.allowsUnsafeTransactions = false
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` on an idle connection (opening one when none is idle), on that
    /// connection's queue.
    /// Throws GRDB's "Connection is closed" error (`SQLITE_MISUSE`) after `close()`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let reader = try checkOut()
        defer { checkIn(reader) }
        return try reader.inDatabase(body)
    }

    /// Closes the idle connections; reads fail from now on. A read under way keeps its
    /// connection until it returns, and that connection closes when it is released.
    func close() {
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for reader in idle { try? reader.close() }
    }

    private func checkOut() throws -> DatabaseQueue {
        let idle: DatabaseQueue? = try state.withLock { state in
            guard !state.isClosed else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
            }
            return state.idle.popLast()
        }
        if let idle { return idle }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private func checkIn(_ reader: DatabaseQueue) {
        let closed = state.withLock { state in
            if !state.isClosed { state.idle.append(reader) }
            return state.isClosed
        }
        if closed { try? reader.close() }
    }
}
