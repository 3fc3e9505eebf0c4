import Foundation
import GRDB
import GRDBSQLite
@testable import RoostBenchmarks
@testable import SocialStack
import Testing

/// The plain-SQLite reference of `roost-bench stack --reference` must do the stack's work:
/// the same rows written, the same pages read, the same statements run.
@Suite struct StackReferenceTests {
    /// A stack and a reference with the same users (ids 1...count), each with the session
    /// its sign-up opened (the stack's, by user id).
    private func pairWithSessions(_ strategy: FeedStrategy, users count: Int,
                                  onConnection: (@Sendable (OpaquePointer) -> Void)? = nil) throws
        -> (SocialStack, StackReference, SignUpSessions)
    {
        var configuration = SocialStack.Configuration(storage: .memory, feed: strategy, passwordCost: .low)
        configuration.onConnection = onConnection
        let stack = try SocialStack(configuration)
        var sessions: [Session] = []
        for index in 0..<count {
            sessions.append(try stack.auth.signUp(email: "user\(index)@roost.test", password: "password\(index)",
                                                  username: "user\(index)", fullName: "User \(index)"))
        }
        let reference = try StackReference(storage: .memory, strategy: strategy)
        try reference.insertUsers(count)
        return (stack, reference, SignUpSessions(sessions: sessions))
    }

    /// The sign-up sessions of a pair's users, by id (1...count).
    struct SignUpSessions {
        let sessions: [Session]
        subscript(_ user: Int64) -> Session { sessions[Int(user) - 1] }
    }

    /// Each table as SQLite renders its rows (JSON arrays), every column but times and secrets.
    private static let tables = [
        "SELECT json_array(id, username, full_name, full_name_key, followers_count, following_count, posts_count) FROM users ORDER BY id",
        "SELECT json_array(id, follower_id, followee_id) FROM follows ORDER BY id",
        "SELECT json_array(id, author_id, text, image_id, reply_to, is_reply, like_count, reply_count, comment_count, edited_at) FROM posts ORDER BY id",
        "SELECT json_array(id, post_id, user_id) FROM likes ORDER BY id",
        "SELECT json_array(post_id, user_id) FROM mentions ORDER BY post_id, user_id",
        "SELECT json_array(id, recipient_id, actor_id, kind, post_id, comment_id, read_at) FROM notifications ORDER BY id",
        "SELECT json_array(owner_id, post_id, author_id) FROM feed_entries ORDER BY owner_id, post_id",
        "SELECT json_array(rowid, text) FROM posts_fts WHERE posts_fts MATCH 'hello' ORDER BY rowid",
    ]

    /// Every page of `user`'s feed, following cursors, as post ids.
    private func allPages(_ stack: SocialStack, _ reference: StackReference, sessions: SignUpSessions, user: Int64, limit: Int) throws
        -> (stack: [[Int64]], reference: [[Int64]])
    {
        var stackPages: [[Int64]] = [], referencePages: [[Int64]] = []
        var cursor: Int64?
        repeat {
            let page = try stack.feed.homeFeed(for: sessions[user], before: cursor, limit: limit)
            stackPages.append(page.items.map(\.id.rawValue))
            cursor = page.nextCursor
        } while cursor != nil && stackPages.count < 50
        repeat {
            let page = try reference.feedPage(for: user, before: cursor, limit: limit)
            referencePages.append(page.ids)
            cursor = page.nextCursor
        } while cursor != nil && referencePages.count < 50
        return (stackPages, referencePages)
    }

    @Test(arguments: FeedStrategy.allCases)
    func writesTheRowsAndReadsThePagesTheStackDoes(strategy: FeedStrategy) throws {
        let (stack, reference, sessions) = try pairWithSessions(strategy, users: 8)
        // A follow ring plus some chords, one repeated (answers false on both sides).
        let follows: [(Int64, Int64)] = (1...8).map { ($0, $0 % 8 + 1) } + [(1, 5), (2, 7), (3, 1), (1, 5)]
        for (follower, followee) in follows {
            let stackAnswer = try stack.follows.follow(UserID(rawValue: followee), as: sessions[follower])
            #expect(stackAnswer == (try reference.follow(followee, by: follower)))
        }
        // Posts naming the next user, the author themselves, and nobody who exists.
        for round in 0..<4 {
            for author in Int64(1)...8 {
                let next = "user\(author % 8)", own = "user\(author - 1)"
                let text = "Post \(round) by \(own): hello @\(next) @\(own) @nobody_here"
                let stackID = try stack.posts.compose(.post(text), as: sessions[author]).id.rawValue
                #expect(stackID == (try reference.post(text, mentions: [next, own, "nobody_here"], by: author)))
            }
        }
        // Likes, one of them repeated and one of a user's own post.
        for (post, user) in [(Int64(1), Int64(2)), (1, 3), (5, 5), (9, 1), (1, 2), (32, 8)] {
            let stackAnswer = try stack.likes.like(PostID(rawValue: post), as: sessions[user])
            #expect(stackAnswer == (try reference.like(post, by: user)))
        }
        for sql in Self.tables {
            let stackRows = try stack.database.read { db in try String.fetchAll(db, sql: sql) }
            let referenceRows = try reference.rows(sql).map { $0[0] }
            #expect(!stackRows.isEmpty || sql.contains("feed_entries"), "\(sql)")
            #expect(stackRows == referenceRows, "\(sql)")
        }
        for user in Int64(1)...8 {
            let pages = try allPages(stack, reference, sessions: sessions, user: user, limit: 3)
            #expect(pages.stack.count > 1)
            #expect(pages.stack == pages.reference, "user \(user)")
        }
    }

    @Test func refusesWhatTheStackRefuses() throws {
        let (stack, reference, sessions) = try pairWithSessions(.fanOutOnRead, users: 2)
        #expect(throws: StackReferenceError.userNotFound(operation: "follow", user: 9)) { try reference.follow(9, by: 1) }
        #expect(throws: StackReferenceError.postNotFound(operation: "like", post: 4)) { try reference.like(4, by: 1) }
        #expect(throws: StackReferenceError.sessionNotFound(operation: "feed page", user: 3)) { try reference.feedPage(for: 3) }
        #expect(throws: (any Error).self) { try stack.likes.like(4, as: sessions[1]) }
        // A refused operation leaves nothing behind, and the next one runs.
        #expect(try reference.follow(2, by: 1))
        #expect(try reference.rows("SELECT count(*) FROM follows") == [["1"]])
    }

    /// The drift test: for each measured operation, the reference runs exactly the statements
    /// the services run, in the same order (a service that gains, loses or changes a
    /// statement fails here until the reference follows).
    @Test(arguments: FeedStrategy.allCases)
    func runsTheStatementsTheServicesRun(strategy: FeedStrategy) throws {
        let log = StatementLog()
        // Every connection the stack opens (the writer and each reader) reports its statements.
        let (stack, reference, sessions) = try pairWithSessions(strategy, users: 4) { connection in
            // SQLite's text of each statement as it starts ("-- ..." for a trigger's), as the reference traces.
            sqlite3_trace_v2(connection, UInt32(SQLITE_TRACE_STMT), { _, context, _, sql in
                guard let context, let sql else { return 0 }
                Unmanaged<StatementLog>.fromOpaque(context).takeUnretainedValue()
                    .append(String(cString: sql.assumingMemoryBound(to: CChar.self)))
                return 0
            }, Unmanaged.passUnretained(log).toOpaque())
        }
        for user in Int64(1)...4 {
            _ = try stack.follows.follow(UserID(rawValue: user % 4 + 1), as: sessions[user])
            _ = try reference.follow(user % 4 + 1, by: user)
            for round in 0..<12 {
                let text = "Post \(round) by user\(user - 1)"
                _ = try stack.posts.compose(.post(text), as: sessions[user])
                _ = try reference.post(text, mentions: [], by: user)
            }
        }
        func same(_ name: String, stack stackBody: () throws -> Void, reference referenceBody: () throws -> Void) throws {
            _ = log.take()
            try stackBody()
            let stackStatements = log.take().map(Self.trimmed)
            let referenceStatements = try reference.executedStatements(referenceBody).map(Self.trimmed)
            #expect(stackStatements.count > 2, "\(name)")
            #expect(stackStatements == referenceStatements, "\(name)")
        }
        try same("follow", stack: { _ = try stack.follows.follow(3, as: sessions[1]) }, reference: { _ = try reference.follow(3, by: 1) })
        try same("post", stack: { _ = try stack.posts.compose(.post("hi @user1 and @user0"), as: sessions[3]) },
                 reference: { _ = try reference.post("hi @user1 and @user0", mentions: ["user1", "user0"], by: 3) })
        try same("like", stack: { _ = try stack.likes.like(5, as: sessions[2]) }, reference: { _ = try reference.like(5, by: 2) })
        try same("repeated like", stack: { _ = try stack.likes.like(5, as: sessions[2]) }, reference: { _ = try reference.like(5, by: 2) })
        try same("feed page 1", stack: { _ = try stack.feed.homeFeed(for: sessions[1]) }, reference: { _ = try reference.feedPage(for: 1) })
        try same("feed page 2", stack: { _ = try stack.feed.homeFeed(for: sessions[1], before: 40) },
                 reference: { _ = try reference.feedPage(for: 1, before: 40) })
    }

    private static func trimmed(_ sql: String) -> String { sql.trimmingCharacters(in: .whitespacesAndNewlines) }

    @Test(arguments: [SocialStack.Configuration.Storage.memory, .temporaryFile], FeedStrategy.allCases)
    func benchmarkTimesBothSidesOfEveryOperation(storage: SocialStack.Configuration.Storage, strategy: FeedStrategy) throws {
        var options = StackBenchmark.Options()
        options.users = 30
        options.postsPerUser = 4
        options.checkpointPostsPerUser = 1
        options.followsPerUser = 5
        options.likesPerUser = 2
        options.feedReads = 10
        options.storage = storage
        options.strategy = strategy
        options.reference = true
        // The run itself throws `differentResult` when the two sides answer a call differently.
        let result = try StackBenchmark(options: options).run()
        let reference = try #require(result.reference)
        let counts = Dictionary(uniqueKeysWithValues: reference.writes.map { ($0.operation, $0.sample.count) })
        #expect(counts == ["follow": 150, "post": 120, "like": 60])
        for (stackTiming, referenceTiming) in [(result.feedAtCheckpoint, reference.feedAtCheckpoint), (result.feedAtEnd, reference.feedAtEnd)] {
            #expect(referenceTiming.firstPage.count == 10)
            #expect(referenceTiming.deepPage.count == stackTiming.deepPage.count)
        }
        let markdown = StackBenchmarkReport(result: result).markdown
        #expect(markdown.contains("| operation | stack p50 us | SQLite p50 us | stack / SQLite |"))
        #expect(markdown.contains("| feed page 1 @ 120 posts |"))
    }
}

/// The statements the stack's connections ran, in order, as SQLite traced them.
private final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []
    func append(_ sql: String) { lock.withLock { statements.append(sql) } }
    func take() -> [String] { lock.withLock { defer { statements = [] }; return statements } }
}
