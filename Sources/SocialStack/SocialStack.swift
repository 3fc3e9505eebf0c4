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
    public convenience init(_ configuration: Configuration = Configuration()) throws {
        try self.init(configuration, startingAs: nil)
    }

    /// Opens the stack's database, made from `contents` when given (SocialStack+Starting.swift),
    /// and migrates it.
    init(_ configuration: Configuration, startingAs contents: StartingContents?) throws {
        try SQLiteLibrary.check()
        var config = GRDB.Configuration()
        config.busyMode = .timeout(10)
        let onConnection = configuration.onConnection
        config.prepareDatabase { db in
            if let onConnection, let connection = db.sqliteConnection { onConnection(connection) }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A server-sized page cache per connection (SQLite's default is 2 MiB), so a
            // feed page at 200k posts does not go to the file system for index pages.
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        let writer: any DatabaseWriter
        var folder: StackFolder?
        var memory: MemoryDatabase?
        let path: String
        var readerPath: String?
        // Whether `contents` are already the database file (a `.temporaryFile` stack's).
        var written = false
        switch configuration.storage {
        case .privateMemory:
            path = ":memory:"
            writer = try DatabaseQueue(configuration: config)
        case .memory:
            let made = try MemoryDatabase()
            memory = made
            try contents?.fill(made, configuration: configuration)
            path = made.path
            config.prepareDatabase { db in
                // Reads take pages not in the WAL straight from the VFS's memory (xFetch), not copies.
                try db.execute(sql: "PRAGMA mmap_size = \(MemoryDatabase.mappedBytes)")
            }
            writer = try Self.openMemoryWriter(made, configuration: config)
            readerPath = path
        case let .file(filePath):
            path = filePath
            Self.mapFile(&config)
            let uri = try MappedFileVFS.uri(for: path)
            writer = try Self.openPool(uri, path: path, configuration: config)
            readerPath = uri
        case .temporaryFile:
            let made = try StackFolder()
            folder = made
            path = made.url.appendingPathComponent("stack.sqlite").path
            Self.mapFile(&config)
            let uri: String
            do {
                uri = try MappedFileVFS.uri(for: path)
                if let contents {
                    try contents.write(asNewDatabaseAt: path)
                    written = true
                }
            } catch {
                made.remove()
                throw error
            }
            writer = try Self.openPool(uri, path: path, configuration: config)
            readerPath = uri
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
        let store = Store(writer: writer, readers: readers, configuration: configuration)
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
        // Other storages than `.memory` open empty and copy their contents in, unless their
        // file was written from them before it opened.
        if let contents, memory == nil, !written { try contents.copy(into: self) }
    }

    deinit { close() }

    /// Closes the database's connections and removes what the stack kept (a `.temporaryFile`
    /// stack's folder, a `.memory` stack's database), even while other objects still hold the
    /// stack (a leaked screen's app does): every later call of a service, a snapshot or a bulk
    /// load throws `StackError.closed`. A call under way finishes first (the writer waits for
    /// it; a read keeps its connection, and a `.memory` database's last bytes, until it
    /// returns). Does nothing the second time. A connection SQLite will not close (a statement
    /// of the caller's own still open on `database`) closes when it is released; the folder is
    /// removed all the same.
    public func close() {
        guard store.markClosed() else { return }
        store.closeReaders()
        try? store.writer.close()
        folder?.remove()
        memory?.remove()
    }

    /// Whether `close()` was called.
    public var isClosed: Bool { store.isClosed }

    /// Nanoseconds SQLite's one writer has spent in write transactions since the stack began;
    /// its share of a span says whether writes wait for the writer's work or for their turn.
    public var writerBusyNanoseconds: UInt64 { store.writerBusy.value }

    /// The database, for the stack's own tests; tools reach it through `StackAdministration.database`.
    var database: any DatabaseReader { store.writer }

    /// The writer of a `.memory` stack: one connection to the VFS file, in WAL mode. A
    /// `DatabaseQueue`, not a `DatabasePool`: the pool would make sure a `-wal` file exists on
    /// disk by creating and dropping a table, which would change a dataset just loaded.
    private static func openMemoryWriter(_ memory: MemoryDatabase, configuration: GRDB.Configuration) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: memory.path, configuration: configuration)
            let mode = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            guard mode == "wal" else {
                try? queue.close()
                throw StackError.cannotOpen(path: memory.path, reason: "SQLite kept journal mode \(mode ?? "none"), not WAL")
            }
            return queue
        } catch let error as StackError {
            memory.remove()
            throw error
        } catch {
            memory.remove()
            throw StackError.cannotOpen(path: memory.path, reason: String(describing: error))
        }
    }

    /// Makes a file stack's connections read the database through a memory map, which
    /// `MappedFileVFS` keeps across read transactions while the file's size stays the same.
    private static func mapFile(_ config: inout GRDB.Configuration) {
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = \(MemoryDatabase.mappedBytes)")
        }
    }

    /// A WAL pool on `uri` (the database file at `path`, named in errors).
    private static func openPool(_ uri: String, path: String, configuration: GRDB.Configuration) throws -> DatabasePool {
        do {
            return try DatabasePool(path: uri, configuration: configuration)
        } catch {
            throw StackError.cannotOpen(path: path, reason: String(describing: error))
        }
    }
}
