import Foundation
import GRDB

/// The read-only connections a `.memory` or file stack reads through: GRDB `DatabaseQueue`s
/// opened read-only on the stack's WAL database, made on demand and reused. There is no cap:
/// a read that finds no connection of its thread idle opens one more, so a read never waits
/// for another (GRDB's pool made the sixth concurrent read wait for one of five); the number
/// open is about the number of threads that read (up to `idleLimit`), or the most reads that
/// ever ran at once when that is more.
///
/// A read takes the idle connection its own thread used last, so that a thread (a virtual
/// user) reads on the same connection every time: what a read allocates inside SQLite (a
/// statement prepared on first use, lookaside or `malloc` for a value) then depends on that
/// thread's own reads, not on which connection another thread's timing left idle.
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
    /// An idle connection and the thread that used it last.
    private struct Idle {
        let reader: DatabaseQueue
        let thread: pthread_t
    }

    private struct State {
        var idle: [Idle] = []
        var isClosed = false
    }

    /// Past this many idle connections a thread with none of its own takes the one idle
    /// longest instead of opening another: threads that read once and end do not keep a
    /// connection each for the stack's life.
    private static let idleLimit = 64

    private let path: String
    private let configuration: GRDB.Configuration
    private let state: Locked<State>

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
        var state = State()
        // Room for every idle connection up to the limit, so that returning one never grows
        // the list inside a measured step.
        state.idle.reserveCapacity(Self.idleLimit + 1)
        self.state = Locked(state)
    }

    /// Runs `body` on the idle connection this thread used last (opening one when it has
    /// none idle), on that connection's queue.
    /// Throws GRDB's "Connection is closed" error (`SQLITE_MISUSE`) after `close()`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let thread = pthread_self()
        let reader = try checkOut(for: thread)
        defer { checkIn(reader, from: thread) }
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
        for connection in idle { try? connection.reader.close() }
    }

    /// The idle connection `thread` used last; else a new one (a thread's first read opens
    /// the connection it keeps), or, past `idleLimit` idle connections, the one idle longest.
    private func checkOut(for thread: pthread_t) throws -> DatabaseQueue {
        let idle: DatabaseQueue? = try state.withLock { state in
            guard !state.isClosed else {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
            }
            // A plain loop: with a predicate closure a debug build allocated in every checkout.
            var index = state.idle.count - 1
            while index >= 0 {
                if pthread_equal(state.idle[index].thread, thread) != 0 { return state.idle.remove(at: index).reader }
                index -= 1
            }
            return state.idle.count >= Self.idleLimit ? state.idle.removeFirst().reader : nil
        }
        if let idle { return idle }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    private func checkIn(_ reader: DatabaseQueue, from thread: pthread_t) {
        let closed = state.withLock { state in
            if !state.isClosed { state.idle.append(Idle(reader: reader, thread: thread)) }
            return state.isClosed
        }
        if closed { try? reader.close() }
    }
}
