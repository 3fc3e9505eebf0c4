import Foundation
import GRDB

/// The database and what every service shares: the clock, the configuration and the live
/// observation hubs. Each public operation is one `read` or one `write` (one transaction).
final class Store: Sendable {
    let writer: any DatabaseWriter
    let configuration: SocialStack.Configuration
    let notificationHub = ObservationHub<SocialNotification>()
    let feedHub = ObservationHub<Post>()

    /// The writer when it is the only connection (`.privateMemory`), decided once rather than
    /// cast per read.
    private let queue: DatabaseQueue?
    /// The read-only connections reads run on beside the writer (`.memory` and file stacks).
    private let readers: ReaderConnections?
    /// A stored-form hash at the configured cost that no password matches: a login for an
    /// unknown email verifies against it, so it takes as long as a wrong password.
    let unmatchableHash: String
    /// scrypt derivations this stack ran (hashes and verifications), for tests. `Locked`,
    /// not `Atomic`: the retain-cycle finder cannot see into noncopyable storage.
    let scryptRuns = Locked(0)
    /// Set once by `close()`: every read and write throws `StackError.closed` from then on.
    private let closed = OnceFlag()
    /// Nanoseconds the writer has spent inside write transactions (from the turn's start on
    /// GRDB's writer queue to its end): over a span, how much of it the one writer was working.
    let writerBusy = AtomicTotal()

    /// A store on `writer`; `readers` are the connections reads use beside it (nil for a
    /// `.privateMemory` queue, which reads on its one connection).
    init(writer: any DatabaseWriter, readers: ReaderConnections?, configuration: SocialStack.Configuration) {
        self.writer = writer
        self.queue = readers == nil ? writer as? DatabaseQueue : nil
        self.readers = readers
        self.configuration = configuration
        // No scrypt needed to build it: its expected hash is not any password's.
        unmatchableHash = PasswordHasher.encoded(
            cost: configuration.passwordCost, salt: [UInt8](repeating: 0, count: PasswordHasher.saltBytes),
            derived: [UInt8](repeating: 0, count: PasswordHasher.hashBytes))
    }

    /// `password`'s hash at the configured cost, with a fresh salt.
    func hashPassword(_ password: String) throws -> String {
        scryptRuns.withLock { $0 += 1 }
        return try PasswordHasher.hash(password, cost: configuration.passwordCost, random: configuration.randomBytes)
    }

    /// Whether `password` matches `encoded`; nil `encoded` (no such account) verifies against
    /// `unmatchableHash`, so it costs what a wrong password costs and never matches.
    /// `scryptRuns` counts the derivation once it has run.
    func verifyPassword(_ password: String, against encoded: String?) -> Bool {
        let matches = PasswordHasher.verify(password, against: encoded ?? unmatchableHash) { scryptRuns.withLock { $0 += 1 } }
        return matches && encoded != nil
    }

    deinit {
        // Readers close before the writer, as DatabasePool closes its own.
        readers?.close()
    }

    /// Closes the read connections (before the pool itself is closed).
    func closeReaders() { readers?.close() }

    /// Marks the store closed; true the first time only.
    func markClosed() -> Bool { closed.set() }

    /// Whether `close()` was called.
    var isClosed: Bool { closed.isSet }

    /// Throws `StackError.closed` naming the caller (`function` of the type `file` is named
    /// after) once the store is closed.
    func checkOpen(_ function: StaticString = #function, _ file: StaticString = #fileID) throws {
        if isClosed { throw Self.closedError(function, file) }
    }

    /// `StackError.closed` for the service operation `function` in `file` ("SocialStack/PostService.swift").
    private static func closedError(_ function: StaticString, _ file: StaticString) -> StackError {
        let name = "\(file)".split(separator: "/").last.map { $0.split(separator: ".").first.map(String.init) ?? "" } ?? ""
        let type = name.split(separator: "+").first.map(String.init) ?? name
        return StackError.closed(operation: type.isEmpty ? "\(function)" : "\(type).\(function)")
    }

    /// The database's own "connection is closed" error of an operation that began before
    /// `close()` and reached the database after it, as `StackError.closed`; other errors as they are.
    private func closedOr(_ error: any Error, _ function: StaticString, _ file: StaticString) -> any Error {
        guard isClosed, let database = error as? DatabaseError, database.resultCode == .SQLITE_MISUSE else { return error }
        return Self.closedError(function, file)
    }

    /// The clock's time in stored form (milliseconds since 1970).
    var nowMillis: Int64 { Timestamp.milliseconds(configuration.clock()) }

    /// Runs `body` on one consistent snapshot.
    ///
    /// On a `.privateMemory` queue every access is already serialized, so reads skip GRDB's
    /// read-only mode: entering it runs `PRAGMA query_only`, and SQLite expires every prepared
    /// statement when a flag pragma changes, which made each later statement re-prepare and
    /// doubled the cost of a feed page. `.memory` and file stacks read on `ReaderConnections`
    /// (read-only connections to the WAL database, rather than GRDB's reader pool and its
    /// per-read schema check), one per read under way, so a read never waits for another and
    /// never for the writer; each read is one deferred transaction begun and committed with
    /// cached statements (GRDB's `read` prepares `BEGIN` and `COMMIT` afresh on every call,
    /// which cost more than a statement), so a page's statements see one snapshot.
    /// After `close()` it throws `StackError.closed` naming the calling operation.
    func read<T>(_ body: (Database) throws -> T, _ function: StaticString = #function, _ file: StaticString = #fileID) throws -> T {
        if isClosed { throw Self.closedError(function, file) }
        do {
            if let queue {
                return try queue.unsafeRead(body)
            }
            func transaction(_ db: Database) throws -> T {
                try Self.inTransaction(db, begin: Statements.beginDeferred) { try body(db) }
            }
            if let readers { return try readers.read(transaction) }
            return try writer.unsafeRead(transaction)
        } catch {
            throw closedOr(error, function, file)
        }
    }

    /// Runs `body` between `begin` and a commit, both cached statements; rolls back when
    /// `body` or the commit throws.
    private static func inTransaction<T>(_ db: Database, begin: String, _ body: () throws -> T) throws -> T {
        try DirectStatement(db, begin).execute()
        do {
            let value = try body()
            try DirectStatement(db, Statements.commit).execute()
            return value
        } catch {
            try? db.rollback()
            throw error
        }
    }

    /// Runs `body` in one write transaction; after it commits, delivers the notifications
    /// and feed posts it wrote to live observers, on this thread and outside the database.
    /// The transaction is IMMEDIATE, as GRDB's `write` begins it, with cached statements.
    /// After `close()` it throws `StackError.closed` naming the calling operation.
    func write<T>(
        _ body: (Database, inout Outbox) throws -> T, _ function: StaticString = #function, _ file: StaticString = #fileID
    ) throws -> T {
        if isClosed { throw Self.closedError(function, file) }
        let (value, outbox): (T, Outbox)
        do {
            (value, outbox) = try writer.writeWithoutTransaction { db in
                let began = DispatchTime.now().uptimeNanoseconds
                defer { writerBusy.add(DispatchTime.now().uptimeNanoseconds &- began) }
                return try Self.inTransaction(db, begin: Statements.beginImmediate) {
                    var outbox = Outbox()
                    let value = try body(db, &outbox)
                    return (value, outbox)
                }
            }
        } catch {
            throw closedOr(error, function, file)
        }
        for notification in outbox.notifications {
            notificationHub.deliver(notification, to: [notification.recipient])
        }
        for (post, recipients) in outbox.feedPosts {
            feedHub.deliver(post, to: recipients)
        }
        return value
    }
}

/// What a write produced that must be announced once it commits.
struct Outbox {
    var notifications: [SocialNotification] = []
    /// New top-level posts, with the observed users whose home feed they entered.
    var feedPosts: [(post: Post, recipients: [UserID])] = []
}

extension Database {
    /// Whether a row with this id exists in `table`.
    func exists(_ table: String, id: Int64) throws -> Bool {
        try cachedValue(Bool.self, sql: Statements.exists(in: table), arguments: [id]) ?? false
    }
}

extension DatabaseError {
    var isUniqueViolation: Bool { extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE }
}

// Every operation's SQL is a fixed string, so statements are prepared once per connection
// and reused: preparing (parsing plus GRDB's authorizer) cost more than running them.
extension Database {
    func cachedExecute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func cachedRows(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    func cachedRow(sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func cachedValue<T: DatabaseValueConvertible>(
        _ type: T.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> T? {
        try T.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func cachedValues<T: DatabaseValueConvertible>(
        _ type: T.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [T] {
        try T.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }
}
