import Foundation
import GRDB

/// The social app's whole back end, in process, on SQLite: one object that owns the
/// database and hands out the services the apps called (what a Firebase SDK call was).
///
/// Services are synchronous, thread-safe, and run each operation in one transaction:
/// a failed operation leaves nothing behind.
public final class SocialStack: Sendable {
    /// Sign-up, login, sessions and password reset.
    public let auth: AuthService
    /// Profiles, username changes, stats and user search.
    public let users: UserService
    /// Follow, unfollow and the follow lists.
    public let follows: FollowService
    /// Compose, edit, delete and fetch posts and replies.
    public let posts: PostService
    /// Likes, with counts kept exact under concurrency.
    public let likes: LikeService
    /// Instagram-style comments.
    public let comments: CommentService
    /// The home timeline.
    public let feed: FeedService
    /// Notification lists and live observation.
    public let notifications: NotificationService
    /// Full-text post search and user search.
    public let search: SearchService
    /// Content-addressed image bytes.
    public let media: MediaService
    /// The configuration the stack was opened with.
    public let configuration: SocialStack.Configuration

    let store: Store
    /// The folder of a `.temporaryFile` stack, removed by `close()`.
    let folder: StackFolder?
    /// The database of a `.memory` stack, removed by `close()`.
    let memory: MemoryDatabase?

    /// Opens (and migrates) the stack's database.
    public init(_ configuration: Configuration = Configuration()) throws {
        var config = GRDB.Configuration()
        config.busyMode = .timeout(10)
        let onConnection = configuration.onConnection
        config.prepareDatabase { db in
            if let onConnection, let connection = db.sqliteConnection { onConnection(connection) }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A server-sized page cache per connection (SQLite's default is 2 MiB), so a
            // feed page at 200k posts does not go to the file system for index pages.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            if let pages = ProcessInfo.processInfo.environment["ROOST_PROTO_CKPT"] {
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(pages)")
            }
            if let mmap = ProcessInfo.processInfo.environment["ROOST_PROTO_MMAP"] {
                try db.execute(sql: "PRAGMA mmap_size = \(mmap)")
            }
        }
        let writer: any DatabaseWriter
        var folder: StackFolder?
        var memory: MemoryDatabase?
        let path: String
        var readerPath: String?
        var exclusiveWrites = false
        switch configuration.storage {
        case .privateMemory, .memory where ProcessInfo.processInfo.environment["ROOST_PROTO_MEMORY"] == "queue":
            path = ":memory:"
            writer = try DatabaseQueue(configuration: config)
        case .memory where ProcessInfo.processInfo.environment["ROOST_PROTO_MEMORY"] == "memdb":
            // PROTOTYPE: SQLite's memdb VFS shared by name between the writer and the readers.
            path = "file:/roost-memdb-\(UUID().uuidString)?vfs=memdb"
            var memdb = config
            memdb.prepareDatabase { db in
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA journal_mode = MEMORY") }
            }
            writer = try DatabaseQueue(path: path, configuration: memdb)
            readerPath = path
            exclusiveWrites = true
        case .memory where ProcessInfo.processInfo.environment["ROOST_PROTO_MEMORY"] == "heaprb":
            // PROTOTYPE: the heap VFS in rollback mode (MEMORY journal), reads shared, writes exclusive.
            let made = try MemoryDatabase()
            memory = made
            path = made.path
            var rollback = config
            rollback.prepareDatabase { db in
                try db.execute(sql: "PRAGMA mmap_size = 2147418112")
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA journal_mode = MEMORY") }
            }
            writer = try DatabaseQueue(path: path, configuration: rollback)
            readerPath = path
            exclusiveWrites = true
            config = rollback
        case .memory where ProcessInfo.processInfo.environment["ROOST_PROTO_MEMORY"] == "shm":
            // PROTOTYPE: a WAL pool on a memory file system.
            try configuration.memoryFolder.check(needing: MemoryFolder.emptyStackBytes, for: "SocialStack.init (storage .memory)")
            let made = try StackFolder(in: URL(fileURLWithPath: configuration.memoryFolder.path, isDirectory: true))
            folder = made
            path = made.url.appendingPathComponent("stack.sqlite").path
            writer = try Self.openPool(path: path, configuration: config)
            readerPath = path
        case .memory:
            let made = try MemoryDatabase()
            memory = made
            path = made.path
            var memoryConfig = config
            memoryConfig.prepareDatabase { db in
                // Readers take pages straight from the VFS's memory (xFetch), not copies.
                if ProcessInfo.processInfo.environment["ROOST_PROTO_HEAPMMAP"] != "0" { try db.execute(sql: "PRAGMA mmap_size = 2147418112") }
            }
            writer = try Self.openPool(path: path, configuration: memoryConfig)
            readerPath = path
            config = memoryConfig
        case let .file(filePath):
            path = filePath
            writer = try Self.openPool(path: path, configuration: config)
            readerPath = path
        case .temporaryFile:
            let made = try StackFolder()
            folder = made
            path = made.url.appendingPathComponent("stack.sqlite").path
            writer = try Self.openPool(path: path, configuration: config)
            readerPath = path
        }
        do {
            try Schema.migrator.migrate(writer)
            try FeedService.prepare(writer, strategy: configuration.feed)
        } catch {
            try? writer.close()
            folder?.remove()
            memory?.remove()
            throw StackError.cannotOpen(path: path, reason: String(describing: error))
        }

        let readers = readerPath.map { ReaderConnections(path: $0, writerConfiguration: config) }
        let store = Store(writer: writer, readers: readers, exclusiveWrites: exclusiveWrites, configuration: configuration)
        self.store = store
        self.configuration = configuration
        self.folder = folder
        self.memory = memory
        media = MediaService(store: store)
        auth = AuthService(store: store)
        users = UserService(store: store)
        follows = FollowService(store: store)
        posts = PostService(store: store)
        likes = LikeService(store: store)
        comments = CommentService(store: store)
        feed = FeedService(store: store)
        notifications = NotificationService(store: store)
        search = SearchService(store: store)
    }

    deinit { close() }

    /// Closes the database's connections and, for `.temporaryFile`, removes its folder, even
    /// while other objects still hold the stack (a leaked screen's app does): every later
    /// call of a service, a snapshot or a bulk load throws `StackError.closed`. A call under
    /// way finishes first (the pool waits for it). Does nothing the second time. A
    /// connection SQLite will not close (a statement of the caller's own still open on
    /// `database`) closes when it is released; the folder is removed all the same.
    public func close() {
        guard store.markClosed() else { return }
        store.closeReaders()
        try? store.writer.close()
        folder?.remove()
        memory?.remove()
    }

    /// Whether `close()` was called.
    public var isClosed: Bool { store.isClosed }

    /// The database, for tests and tools that inspect rows directly.
    public var database: any DatabaseReader { store.writer }

    private static func openPool(path: String, configuration: GRDB.Configuration) throws -> DatabasePool {
        do {
            return try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw StackError.cannotOpen(path: path, reason: String(describing: error))
        }
    }
}
