import Foundation
import GRDB
import Testing
@testable import SocialStack

/// Deleting an account leaves the stack as if the account had never existed: one stack
/// plays a history with dan in it and deletes dan; another plays the same history without
/// dan (every call by dan, or aimed at dan or dan's posts, left out); every table, read
/// by names and texts rather than ids (which differ), must be equal.
@Suite struct AccountDeletionTests {
    /// One call of the history, and whether it involves dan (left out of the stack without him).
    struct Call {
        let involvesDan: Bool
        let run: (History) throws -> Void
    }

    /// The accounts and posts of one stack, by name and text.
    final class History {
        let stack: SocialStack
        var sessions: [String: Session] = [:]
        var posts: [String: PostID] = [:]
        var comments: [String: CommentID] = [:]
        init(stack: SocialStack) { self.stack = stack }

        func post(_ author: String, _ text: String, image: [UInt8]? = nil) throws {
            posts[text] = try stack.posts.compose(.post(text, image: image), as: sessions[author]!).id
        }
        func reply(_ author: String, to parent: String, _ text: String) throws {
            posts[text] = try stack.posts.compose(.reply(to: posts[parent]!, text), as: sessions[author]!).id
        }
    }

    static let sharedImage: [UInt8] = png((8..<512).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    static let dansAvatar: [UInt8] = png((8..<512).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) })
    static let dansOwnImage: [UInt8] = png((8..<512).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ 2) })

    static func signUp(_ name: String, image: [UInt8]? = nil) -> Call {
        Call(involvesDan: name == "dan") { h in
            h.sessions[name] = try h.stack.auth.signUp(email: "\(name)@example.com", password: "secret-\(name)-1",
                                                       username: name, fullName: name.capitalized, profileImage: image)
        }
    }

    /// ann, bob and cat, and dan signed up among them: dan follows and is followed, posts
    /// (with his own image and one cat also uses), replies, likes and is liked, comments and
    /// is commented on, mentions and is mentioned.
    static var calls: [Call] { [
        signUp("ann"), signUp("dan", image: dansAvatar), signUp("bob"), signUp("cat", image: sharedImage),
        Call(involvesDan: true) { try $0.stack.follows.follow($0.sessions["dan"]!.user.id, as: $0.sessions["ann"]!) },
        Call(involvesDan: true) { try $0.stack.follows.follow($0.sessions["ann"]!.user.id, as: $0.sessions["dan"]!) },
        Call(involvesDan: true) { try $0.stack.follows.follow($0.sessions["bob"]!.user.id, as: $0.sessions["dan"]!) },
        Call(involvesDan: false) { try $0.stack.follows.follow($0.sessions["ann"]!.user.id, as: $0.sessions["bob"]!) },
        Call(involvesDan: true) { try $0.stack.follows.follow($0.sessions["dan"]!.user.id, as: $0.sessions["cat"]!) },
        Call(involvesDan: false) { try $0.stack.follows.follow($0.sessions["bob"]!.user.id, as: $0.sessions["cat"]!) },
        // ann mentions dan: without dan the mention names nobody, with him it is deleted with him.
        Call(involvesDan: false) { try $0.post("ann", "ann says hello to @dan and @bob") },
        Call(involvesDan: true) { try $0.post("dan", "dan posts for @ann", image: sharedImage) },
        Call(involvesDan: true) { try $0.post("dan", "dan posts alone", image: dansOwnImage) },
        Call(involvesDan: false) { try $0.post("cat", "cat posts a picture", image: sharedImage) },
        Call(involvesDan: false) { try $0.post("bob", "bob posts words") },
        Call(involvesDan: true) { try $0.reply("dan", to: "ann says hello to @dan and @bob", "dan replies to ann") },
        Call(involvesDan: false) { try $0.reply("ann", to: "bob posts words", "ann replies to bob") },
        Call(involvesDan: true) { try $0.reply("dan", to: "dan posts alone", "dan replies to himself") },
        Call(involvesDan: true) { try $0.stack.likes.like($0.posts["ann says hello to @dan and @bob"]!, as: $0.sessions["dan"]!) },
        Call(involvesDan: true) { try $0.stack.likes.like($0.posts["bob posts words"]!, as: $0.sessions["dan"]!) },
        Call(involvesDan: true) { try $0.stack.likes.like($0.posts["dan posts for @ann"]!, as: $0.sessions["ann"]!) },
        Call(involvesDan: false) { try $0.stack.likes.like($0.posts["ann says hello to @dan and @bob"]!, as: $0.sessions["bob"]!) },
        Call(involvesDan: true) { try $0.stack.likes.like($0.posts["dan posts alone"]!, as: $0.sessions["cat"]!) },
        Call(involvesDan: false) { try $0.stack.likes.like($0.posts["cat posts a picture"]!, as: $0.sessions["ann"]!) },
        Call(involvesDan: true) { h in
            h.comments["dan on ann"] = try h.stack.comments.comment(on: h.posts["ann says hello to @dan and @bob"]!, text: "dan on ann", as: h.sessions["dan"]!).id
        },
        Call(involvesDan: true) { h in
            h.comments["dan again on ann"] = try h.stack.comments.comment(on: h.posts["ann says hello to @dan and @bob"]!, text: "dan again on ann", as: h.sessions["dan"]!).id
        },
        Call(involvesDan: true) { h in
            h.comments["ann on dan"] = try h.stack.comments.comment(on: h.posts["dan posts alone"]!, text: "ann on dan", as: h.sessions["ann"]!).id
        },
        Call(involvesDan: false) { h in
            h.comments["cat on bob"] = try h.stack.comments.comment(on: h.posts["bob posts words"]!, text: "cat on bob", as: h.sessions["cat"]!).id
        },
        Call(involvesDan: false) { _ = try $0.stack.notifications.markRead(for: $0.sessions["bob"]!) },
        // dan on a second device and with a reset pending; ann the same: dan's go with him, ann's stay.
        Call(involvesDan: true) { _ = try $0.stack.auth.logIn(email: "dan@example.com", password: "secret-dan-1") },
        Call(involvesDan: true) { _ = try $0.stack.auth.requestPasswordReset(email: "dan@example.com") },
        Call(involvesDan: false) { _ = try $0.stack.auth.logIn(email: "ann@example.com", password: "secret-ann-1") },
        Call(involvesDan: false) { _ = try $0.stack.auth.requestPasswordReset(email: "ann@example.com") },
        Call(involvesDan: false) { try $0.post("bob", "bob posts after reading") },
    ] }

    /// Every table, by names and texts instead of ids; ordered, so equal stacks give equal dumps.
    static func dump(_ stack: SocialStack) throws -> [String: [String]] {
        let queries = [
            "users": """
                SELECT username, full_name, bio, profile_image_id, followers_count, following_count, posts_count FROM users
                """,
            "sessions": "SELECT u.username FROM sessions JOIN users u ON u.id = sessions.user_id",
            "follows": """
                SELECT a.username, b.username FROM follows JOIN users a ON a.id = follower_id JOIN users b ON b.id = followee_id
                """,
            "posts": """
                SELECT u.username, p.text, p.image_id, parent.text, p.is_reply, p.like_count, p.reply_count, p.comment_count
                FROM posts p JOIN users u ON u.id = p.author_id LEFT JOIN posts parent ON parent.id = p.reply_to
                """,
            "likes": "SELECT u.username, p.text FROM likes JOIN users u ON u.id = user_id JOIN posts p ON p.id = post_id",
            "comments": """
                SELECT u.username, p.text, c.text FROM comments c JOIN users u ON u.id = c.author_id JOIN posts p ON p.id = c.post_id
                """,
            "mentions": "SELECT u.username, p.text FROM mentions JOIN users u ON u.id = user_id JOIN posts p ON p.id = post_id",
            "notifications": """
                SELECT r.username, a.username, n.kind, p.text, c.text, n.read_at IS NOT NULL FROM notifications n
                JOIN users r ON r.id = n.recipient_id JOIN users a ON a.id = n.actor_id
                LEFT JOIN posts p ON p.id = n.post_id LEFT JOIN comments c ON c.id = n.comment_id
                """,
            "feed_entries": """
                SELECT o.username, p.text, a.username FROM feed_entries f JOIN users o ON o.id = f.owner_id
                JOIN posts p ON p.id = f.post_id JOIN users a ON a.id = f.author_id
                """,
            "media": "SELECT id, size FROM media",
            "search": "SELECT p.text FROM posts_fts JOIN posts p ON p.id = posts_fts.rowid WHERE posts_fts MATCH 'dan OR ann OR posts'",
            "password_resets": "SELECT u.username FROM password_resets JOIN users u ON u.id = password_resets.user_id",
        ]
        // The search index matches the posts it indexes (throws SQLITE_CORRUPT_VTAB if not).
        try stack.store.writer.write { db in try db.execute(sql: "INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')") }
        return try stack.database.read { db in
            var dump: [String: [String]] = [:]
            for (table, sql) in queries {
                dump[table] = try Row.fetchAll(db, sql: sql).map { row in
                    row.databaseValues.map { $0.isNull ? "NULL" : "\($0)" }.joined(separator: " | ")
                }.sorted()
            }
            // Nothing the joins above would hide: no row points at a missing user or post.
            let integrity = try String.fetchAll(db, sql: "PRAGMA foreign_key_check")
            dump["foreign_key_check"] = integrity
            return dump
        }
    }

    /// Each remaining user's home feed, as texts.
    static func feeds(_ history: History) throws -> [String: [String]] {
        var feeds: [String: [String]] = [:]
        for name in ["ann", "bob", "cat"] {
            feeds[name] = try history.stack.feed.homeFeed(for: history.sessions[name]!, limit: 50).items.map(\.text)
        }
        return feeds
    }

    @Test(arguments: FeedStrategy.allCases)
    func aDeletedAccountLeavesTheStackAsIfItNeverExisted(feed: FeedStrategy) throws {
        let withDan = History(stack: try makeStack(feed: feed))
        for call in Self.calls { try call.run(withDan) }
        let withoutDan = History(stack: try makeStack(feed: feed))
        for call in Self.calls where !call.involvesDan { try call.run(withoutDan) }

        #expect(try Self.dump(withDan.stack) != Self.dump(withoutDan.stack))
        let freed = try withDan.stack.auth.deleteAccount(withDan.sessions["dan"]!, password: "secret-dan-1")

        // dan's avatar and his own post's image are freed; the image cat still uses is kept.
        #expect(Set(freed) == [MediaService.id(of: Self.dansAvatar), MediaService.id(of: Self.dansOwnImage)])
        #expect(try withDan.stack.media.contains(MediaService.id(of: Self.sharedImage)))
        let after = try Self.dump(withDan.stack), never = try Self.dump(withoutDan.stack)
        for table in never.keys.sorted() {
            #expect(after[table] == never[table], "\(table)")
        }
        #expect(try Self.feeds(withDan) == Self.feeds(withoutDan))
        #expect(try Self.feeds(withDan)["ann"]?.isEmpty == false)
        // What the others see through the services agrees with the rows: counts, unread
        // notifications, searches.
        for name in ["ann", "bob", "cat"] {
            let (with, without) = (withDan.sessions[name]!, withoutDan.sessions[name]!)
            #expect(try withDan.stack.users.stats(for: with.user.id) == withoutDan.stack.users.stats(for: without.user.id), "\(name)")
            #expect(try withDan.stack.notifications.unreadCount(for: with) == withoutDan.stack.notifications.unreadCount(for: without),
                    "\(name)")
        }
        for query in ["dan", "posts", "ann"] {
            #expect(try withDan.stack.search.posts(matching: query).map(\.text) == withoutDan.stack.search.posts(matching: query).map(\.text))
            #expect(try withDan.stack.search.users(matching: query).map(\.username)
                == withoutDan.stack.search.users(matching: query).map(\.username))
        }
        // Both of dan's sessions are refused from now on.
        #expect(throws: SessionError.notFound(operation: "home feed")) { try withDan.stack.feed.homeFeed(for: withDan.sessions["dan"]!) }
    }

    /// A hostile password never reaches scrypt and deletes nothing: over the byte limit it is
    /// refused unhashed; dan's password with a NUL and more after it is another password.
    @Test func aHugeOrNulSuffixedPasswordDeletesNothing() throws {
        let history = History(stack: try makeStack())
        for call in Self.calls { try call.run(history) }
        let (stack, dan) = (history.stack, history.sessions["dan"]!)
        let before = try SessionAttackTests.snapshot(stack)
        var runs = stack.store.scryptRuns.withLock { $0 }
        #expect(throws: AuthError.wrongPassword(operation: "delete account")) {
            try stack.auth.deleteAccount(dan, password: String(repeating: "p", count: 1 << 20))
        }
        #expect(stack.store.scryptRuns.withLock { $0 } == runs)
        #expect(throws: AuthError.wrongPassword(operation: "delete account")) {
            try stack.auth.deleteAccount(dan, password: "secret-dan-1\0tail")
        }
        #expect(stack.store.scryptRuns.withLock { $0 } == runs + 1)
        #expect(try SessionAttackTests.snapshot(stack) == before)
        runs = stack.store.scryptRuns.withLock { $0 }
        try stack.auth.deleteAccount(dan, password: "secret-dan-1")
        #expect(stack.store.scryptRuns.withLock { $0 } == runs + 1)
    }

    @Test func deletionNeedsTheRightPasswordAndItsSessionAndIsFinal() throws {
        let history = History(stack: try makeStack())
        for call in Self.calls { try call.run(history) }
        let dan = history.sessions["dan"]!
        let before = try SessionAttackTests.snapshot(history.stack)
        #expect(throws: AuthError.wrongPassword(operation: "delete account")) {
            try history.stack.auth.deleteAccount(dan, password: "secret-ann-1")
        }
        // A wrong password changes nothing.
        #expect(try SessionAttackTests.snapshot(history.stack) == before)
        try history.stack.auth.deleteAccount(dan, password: "secret-dan-1")
        #expect(throws: SessionError.notFound(operation: "delete account")) {
            try history.stack.auth.deleteAccount(dan, password: "secret-dan-1")
        }
        #expect(throws: AuthError.wrongEmailOrPassword) { try history.stack.auth.logIn(email: "dan@example.com", password: "secret-dan-1") }
        #expect(throws: UserError.usernameNotFound("dan")) { try history.stack.users.user(named: "dan") }
        // The name and email are free again.
        let newDan = try history.stack.auth.signUp(email: "dan@example.com", password: "secret-dan-2", username: "dan", fullName: "New Dan")
        #expect(try history.stack.users.stats(for: newDan.user.id) == UserStats(followers: 0, following: 0, posts: 0))
        #expect(try history.stack.notifications.notifications(for: newDan).items.isEmpty)
    }

    /// Deliberate: others' replies to the deleted account's posts stay, unlinked, as when a
    /// post is deleted (they are the others' words); the parent's reply count goes with it.
    @Test func othersRepliesToADeletedAccountsPostsStayUnlinked() throws {
        let history = History(stack: try makeStack())
        for call in Self.calls { try call.run(history) }
        try history.reply("ann", to: "dan posts alone", "ann replies to dan")
        let reply = history.posts["ann replies to dan"]!
        #expect(try history.stack.posts.post(reply).replyTo == history.posts["dan posts alone"])
        try history.stack.auth.deleteAccount(history.sessions["dan"]!, password: "secret-dan-1")
        let kept = try history.stack.posts.post(reply)
        #expect(kept.replyTo == nil && kept.isReply && kept.text == "ann replies to dan")
        #expect(try history.stack.users.stats(for: history.sessions["ann"]!.user.id).posts == 3)
    }
}
