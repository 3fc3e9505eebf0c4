import Foundation
import GRDBSQLite
import SocialStack

/// The operations `StackBenchmark` measures (follow, post, like, a home-feed page), run
/// straight through SQLite's C API: the stack's schema (`Schema.migrations`), the services'
/// own statements (`Statements`) in the services' order, each prepared once, one transaction
/// per operation, WAL, `synchronous = NORMAL`, foreign keys on, the stack's page cache size.
/// What the stack takes on top of this is what GRDB and Swift add around the same SQL.
///
/// Not thread-safe: one benchmark thread owns it.
final class StackReference {
    /// One page of a home feed: post ids, newest first, and the cursor of the next page.
    struct FeedPage: Equatable {
        var ids: [Int64]
        var nextCursor: Int64?
    }

    let strategy: FeedStrategy
    private(set) var db: OpaquePointer?
    /// Whether reads run in a transaction: on a WAL database (file or `.memory`), as the
    /// stack's readers do; on one private in-memory connection the stack reads without one,
    /// and so does the reference.
    private let readsInTransaction: Bool
    /// The database of a `.memory` reference (heap VFS, WAL), freed with the reference.
    private var memory: MemoryDatabase?
    /// The folder of a `.temporaryFile` reference, locked while in use (`StaleStackSweeper`).
    private let folder: StackFolder?
    let s: PreparedStatements
    /// Buffers reused by every call, so the reference allocates nothing per operation but
    /// what SQLite does.
    var json: [UInt8] = []
    private var heap = MaxHeap()
    /// Each user's stored session token hash (index = user id - 1): 32 bytes, as the
    /// stack's SHA-256 digests are, bound by every operation's session check.
    private var tokenHashes: [[UInt8]] = []

    /// A fresh database with the stack's schema, of the stack's kind: a heap VFS WAL database
    /// for `.memory`, one private in-memory connection for `.privateMemory`, a new temporary
    /// directory (deleted with the reference) for `.temporaryFile`, or at `path` for `.file`.
    init(storage: SocialStack.Configuration.Storage, strategy: FeedStrategy) throws {
        self.strategy = strategy
        let path: String
        var isWAL = true
        switch storage {
        case .privateMemory:
            path = ":memory:"
            folder = nil
            isWAL = false
        case .memory:
            do {
                memory = try MemoryDatabase(prefix: "/roost-reference-")
            } catch {
                throw StackReferenceError.sqlite(operation: "open", code: SQLITE_CANTOPEN, message: "\(error)", sql: "roost-memory")
            }
            path = memory!.path
            folder = nil
        case let .file(filePath):
            path = filePath
            folder = nil
        case .temporaryFile:
            let made: StackFolder
            do {
                made = try StackFolder(prefix: StackFolder.referencePrefix)
            } catch {
                throw StackReferenceError.sqlite(operation: "open", code: SQLITE_CANTOPEN, message: "\(error)",
                                                 sql: StackFolder.defaultRoot.path)
            }
            folder = made
            path = made.url.appendingPathComponent("reference.sqlite").path
        }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw StackReferenceError.sqlite(operation: "open", code: code, message: message, sql: path)
        }
        db = handle
        readsInTransaction = isWAL
        do {
            // The stack's connection settings (SocialStack.init, and GRDB's defaults).
            var pragmas = ["PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL", "PRAGMA cache_size = -65536"]
            if isWAL { pragmas.insert("PRAGMA journal_mode = WAL", at: 0) }
            if storage == .memory { pragmas.append("PRAGMA mmap_size = \(MemoryDatabase.mappedBytes)") }
            for pragma in pragmas { try Self.exec(handle, pragma) }
            try Self.exec(handle, Statements.beginImmediate)
            for migration in Schema.migrations { try Self.exec(handle, migration.sql) }
            try Self.exec(handle, Statements.commit)
            s = try PreparedStatements(handle)
        } catch {
            sqlite3_close_v2(handle)
            db = nil
            throw error
        }
    }

    deinit {
        s.finalize()
        sqlite3_close_v2(db)
        folder?.remove()
    }

    // MARK: The measured operations

    /// Inserts users 1...count as `StackBenchmark` signs them up (same email, username and
    /// names; a fixed password hash, since the reference does not time sign-ups), each with
    /// one session that never expires (the one sign-up opens), in one transaction.
    func insertUsers(_ count: Int) throws {
        try inTransaction(s.beginImmediate, "sign up") {
            let now = Self.nowMillis
            for index in 0..<count {
                let st = s.insertUser
                defer { sqlite3_reset(st) }
                bind(st, 1, "user\(index)@roost.test")
                bind(st, 2, "user\(index)")
                bind(st, 3, "User \(index)")
                bind(st, 4, "user \(index)")
                sqlite3_bind_null(st, 5)
                bind(st, 6, "reference-without-a-password")
                sqlite3_bind_int64(st, 7, now)
                try step(st, "sign up")
            }
            guard let db else { return }
            try Self.exec(db, """
                INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
                SELECT CAST(printf('%032d', id) AS BLOB), id, created_at, 9223372036854775807 FROM users
                """)
        }
        // The same bytes as printf('%032d', id): the id's digits, zero-padded to 32.
        tokenHashes = (0..<count).map { index in
            let digits = Array(String(index + 1).utf8)
            return [UInt8](repeating: UInt8(ascii: "0"), count: 32 - digits.count) + digits
        }
    }

    /// FollowService.follow: `follower` follows `followee`; false when it already did.
    func follow(_ followee: Int64, by follower: Int64) throws -> Bool {
        try inTransaction(s.beginImmediate, "follow") {
            try checkSession(of: follower, "follow")
            try requireUser(followee, "follow")
            let now = Self.nowMillis
            try execute(s.insertFollow, "follow") { st in
                sqlite3_bind_int64(st, 1, follower); sqlite3_bind_int64(st, 2, followee); sqlite3_bind_int64(st, 3, now)
            }
            guard sqlite3_changes(db) > 0 else { return false }
            try execute(s.adjustFollowingCount, "follow") { st in sqlite3_bind_int64(st, 1, 1); sqlite3_bind_int64(st, 2, follower) }
            try execute(s.adjustFollowersCount, "follow") { st in sqlite3_bind_int64(st, 1, 1); sqlite3_bind_int64(st, 2, followee) }
            try notify(followee, actor: follower, kind: "follow", post: nil, now: now)
            if strategy == .fanOutOnWrite {
                try execute(s.fanOutFollow, "follow") { st in sqlite3_bind_int64(st, 1, follower); sqlite3_bind_int64(st, 2, followee) }
            }
            return true
        }
    }

    /// PostService.compose of a top-level post without an image: the post, its author's
    /// count, its feed entries (fanOutOnWrite), its mentions and their notifications, and the
    /// post read back. `mentions` are the lowercased usernames the text names (the stack
    /// finds them in the text itself); returns the post id.
    func post(_ text: String, mentions: [String], by author: Int64) throws -> Int64 {
        try inTransaction(s.beginImmediate, "post") {
            try checkSession(of: author, "post")
            let now = Self.nowMillis
            try execute(s.insertPost, "post") { st in
                sqlite3_bind_int64(st, 1, author)
                bind(st, 2, text)
                sqlite3_bind_null(st, 3)
                sqlite3_bind_null(st, 4)
                sqlite3_bind_int64(st, 5, 0)
                sqlite3_bind_int64(st, 6, now)
            }
            let id = sqlite3_last_insert_rowid(db)
            try execute(s.incrementPostsCount, "post") { st in sqlite3_bind_int64(st, 1, author) }
            if strategy == .fanOutOnWrite {
                try execute(s.fanOutPost, "post") { st in
                    sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":author"), author)
                    sqlite3_bind_int64(st, sqlite3_bind_parameter_index(st, ":post"), id)
                }
            }
            if !mentions.isEmpty {
                json.removeAll(keepingCapacity: true)
                json.append(UInt8(ascii: "["))
                for (index, name) in mentions.enumerated() {
                    if index > 0 { json.append(UInt8(ascii: ",")) }
                    json.append(UInt8(ascii: "\""))
                    json.append(contentsOf: name.utf8)
                    json.append(UInt8(ascii: "\""))
                }
                json.append(UInt8(ascii: "]"))
                let st = s.mentionedUsers
                bindJSON(st)
                // Read every mentioned id before writing, as the stack does (fetchAll).
                var mentioned: [Int64] = []
                do {
                    defer { sqlite3_reset(st) }
                    while try step(st, "post") { mentioned.append(sqlite3_column_int64(st, 0)) }
                }
                for user in mentioned {
                    try execute(s.insertMention, "post") { st in sqlite3_bind_int64(st, 1, id); sqlite3_bind_int64(st, 2, user) }
                    try notify(user, actor: author, kind: "mention", post: id, now: now)
                }
            }
            let st = s.post
            defer { sqlite3_reset(st) }
            sqlite3_bind_int64(st, 1, id)
            guard try step(st, "post") else { throw StackReferenceError.postNotFound(operation: "post", post: id) }
            readPostColumns(st)
            return id
        }
    }

    /// LikeService.like: `user` likes the post; false when they already did.
    func like(_ post: Int64, by user: Int64) throws -> Bool {
        try inTransaction(s.beginImmediate, "like") {
            try checkSession(of: user, "like")
            let author: Int64
            do {
                let st = s.postAuthor
                defer { sqlite3_reset(st) }
                sqlite3_bind_int64(st, 1, post)
                guard try step(st, "like") else { throw StackReferenceError.postNotFound(operation: "like", post: post) }
                author = sqlite3_column_int64(st, 0)
            }
            let now = Self.nowMillis
            try execute(s.insertLike, "like") { st in
                sqlite3_bind_int64(st, 1, post); sqlite3_bind_int64(st, 2, user); sqlite3_bind_int64(st, 3, now)
            }
            guard sqlite3_changes(db) > 0 else { return false }
            try execute(s.incrementLikeCount, "like") { st in sqlite3_bind_int64(st, 1, post) }
            try notify(author, actor: user, kind: "like", post: post, now: now)
            return true
        }
    }

    /// FeedService.homeFeed: one page of `user`'s home feed older than `before`, with the
    /// page's posts read (every `Post.columns` column of each row).
    func feedPage(for user: Int64, before: Int64? = nil, limit: Int = PageSize.default) throws -> FeedPage {
        try inTransaction(readsInTransaction ? s.beginDeferred : nil, "feed page") {
            try checkSession(of: user, "feed page")
            let bound = before ?? Int64.max
            var ids: [Int64] = []
            ids.reserveCapacity(limit)
            var more = false
            switch strategy {
            case .fanOutOnRead:
                heap.removeAll()
                do {
                    let st = s.feedHeads
                    defer { sqlite3_reset(st) }
                    sqlite3_bind_int64(st, 1, bound); sqlite3_bind_int64(st, 2, user); sqlite3_bind_int64(st, 3, user)
                    while try step(st, "feed page") {
                        guard sqlite3_column_type(st, 1) != SQLITE_NULL else { continue }
                        heap.insert(post: sqlite3_column_int64(st, 1), author: sqlite3_column_int64(st, 0))
                    }
                }
                let next = s.authorPostBefore
                while ids.count < limit, let top = heap.popMax() {
                    ids.append(top.post)
                    defer { sqlite3_reset(next) }
                    sqlite3_bind_int64(next, 1, top.author); sqlite3_bind_int64(next, 2, top.post)
                    if try step(next, "feed page") { heap.insert(post: sqlite3_column_int64(next, 0), author: top.author) }
                }
                more = !heap.isEmpty
            case .fanOutOnWrite:
                let st = s.storedFeedPage
                defer { sqlite3_reset(st) }
                sqlite3_bind_int64(st, 1, user); sqlite3_bind_int64(st, 2, bound); sqlite3_bind_int64(st, 3, Int64(limit + 1))
                while try step(st, "feed page") {
                    if ids.count == limit { more = true; break }
                    ids.append(sqlite3_column_int64(st, 0))
                }
            }
            guard !ids.isEmpty else { return FeedPage(ids: [], nextCursor: nil) }
            let st = s.postsByIDs
            defer { sqlite3_reset(st) }
            // The id list as the stack builds it (PostService.fetch), so both sides do the same work.
            JSONIntegerArray.withUTF8(ids) { bytes in
                _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                    sqlite3_bind_text(st, 1, chars.baseAddress, Int32(chars.count), Self.transient)
                }
            }
            var index = 0
            while try step(st, "feed page") {
                readPostColumns(st)
                ids[index] = sqlite3_column_int64(st, 0)
                index += 1
            }
            ids.removeLast(ids.count - index)
            return FeedPage(ids: ids, nextCursor: more ? ids.last : nil)
        }
    }

    // MARK: Steps

    private static var nowMillis: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// NotificationService.notify: one notification, never to its own actor.
    private func notify(_ recipient: Int64, actor: Int64, kind: StaticString, post: Int64?, now: Int64) throws {
        guard recipient != actor else { return }
        try execute(s.insertNotification, "notify") { st in
            sqlite3_bind_int64(st, 1, recipient)
            sqlite3_bind_int64(st, 2, actor)
            sqlite3_bind_text(st, 3, UnsafeRawPointer(kind.utf8Start).assumingMemoryBound(to: CChar.self), Int32(kind.utf8CodeUnitCount), nil)
            if let post { sqlite3_bind_int64(st, 4, post) } else { sqlite3_bind_null(st, 4) }
            sqlite3_bind_null(st, 5)
            sqlite3_bind_int64(st, 6, now)
        }
    }

    /// SessionCheck.verify: the user's stored session, bound by its token hash and user id,
    /// exists and has not expired.
    private func checkSession(of user: Int64, _ operation: StaticString) throws {
        let st = s.sessionExpiry
        defer { sqlite3_reset(st) }
        guard user >= 1, Int(user) <= tokenHashes.count else {
            throw StackReferenceError.sessionNotFound(operation: "\(operation)", user: user)
        }
        tokenHashes[Int(user) - 1].withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(st, 1, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
        sqlite3_bind_int64(st, 2, user)
        guard try step(st, operation), sqlite3_column_int64(st, 0) > Self.nowMillis else {
            throw StackReferenceError.sessionNotFound(operation: "\(operation)", user: user)
        }
    }

    private func requireUser(_ user: Int64, _ operation: StaticString) throws {
        let st = s.userExists
        defer { sqlite3_reset(st) }
        sqlite3_bind_int64(st, 1, user)
        guard try step(st, operation), sqlite3_column_int64(st, 0) != 0 else {
            throw StackReferenceError.userNotFound(operation: "\(operation)", user: user)
        }
    }
}
