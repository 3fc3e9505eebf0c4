import Foundation
import GRDB
import Testing
@testable import SocialStack

/// Written as an attacker would try: every operation that acts as a user, played with a
/// session that is not that user's valid session (bob's token under alice's name, a made-up
/// token, a logged-out, reset or expired session) is refused with `SessionError`, and
/// leaves every table as it was.
@Suite struct SessionAttackTests {
    /// alice and bob with a little history: alice's post with carol's comment, a like and
    /// a follow that gave alice notifications; carol's post; bob follows carol.
    struct World {
        let stack: SocialStack
        let clock: TestClock
        let alice: Session, bob: Session, carol: Session
        let alicePost: PostID, carolPost: PostID
        let carolComment: CommentID

        init(feed: FeedStrategy = .fanOutOnRead) throws {
            let clock = TestClock(), stack = try makeStack(feed: feed, clock: clock)
            self.clock = clock
            self.stack = stack
            func account(_ name: String, image: [UInt8]? = nil) throws -> Session {
                try stack.auth.signUp(email: "\(name)@example.com", password: "secret-\(name)-1", username: name,
                                      fullName: name.capitalized, profileImage: image)
            }
            // alice's avatar and post image: a refused delete or avatar change must free neither.
            alice = try account("alice", image: png([1, 1, 1]))
            bob = try account("bob")
            carol = try account("carol")
            alicePost = try stack.posts.compose(.post("alice writes", image: png([2, 2, 2])), as: alice).id
            carolPost = try stack.posts.compose(.post("carol writes"), as: carol).id
            carolComment = try stack.comments.comment(on: alicePost, text: "carol comments", as: carol).id
            try stack.likes.like(alicePost, as: carol)
            try stack.follows.follow(alice.user.id, as: carol)
            try stack.follows.follow(carol.user.id, as: bob)
        }
    }

    /// Every operation that acts as a user, as `session`, aimed at alice's things where it
    /// names any; with the operation name each reports.
    static func operations(_ world: World) -> [(name: String, run: (Session) throws -> Void)] {
        let stack = world.stack
        return [
            ("follow", { _ = try stack.follows.follow(world.bob.user.id, as: $0) }),
            ("unfollow", { _ = try stack.follows.unfollow(world.carol.user.id, as: $0) }),
            ("like", { _ = try stack.likes.like(world.carolPost, as: $0) }),
            ("unlike", { _ = try stack.likes.unlike(world.alicePost, as: $0) }),
            ("compose", { _ = try stack.posts.compose(.post("forged"), as: $0) }),
            ("compose", { _ = try stack.posts.compose(.reply(to: world.carolPost, "forged reply"), as: $0) }),
            ("edit post", { _ = try stack.posts.edit(world.alicePost, text: "defaced", as: $0) }),
            ("delete post", { try stack.posts.delete(world.alicePost, as: $0) }),
            ("comment", { _ = try stack.comments.comment(on: world.carolPost, text: "forged", as: $0) }),
            ("delete comment", { try stack.comments.delete(world.carolComment, as: $0) }),
            ("list notifications", { _ = try stack.notifications.notifications(for: $0) }),
            ("count unread notifications", { _ = try stack.notifications.unreadCount(for: $0) }),
            ("mark notifications read", { _ = try stack.notifications.markRead(for: $0) }),
            ("observe notifications", { _ = try stack.notifications.observe($0) { _ in } }),
            ("home feed", { _ = try stack.feed.homeFeed(for: $0) }),
            ("observe home feed", { _ = try stack.feed.observe(for: $0) { _ in } }),
            ("update profile", { _ = try stack.users.updateProfile(as: $0, fullName: "Mallory", bio: "pwned") }),
            ("set profile image", { _ = try stack.users.setProfileImage(png([1, 2, 3]), as: $0) }),
            ("change username", { _ = try stack.users.changeUsername(as: $0, to: "mallory") }),
            ("store image", { _ = try stack.media.store(png([4, 5, 6]), as: $0) }),
            ("delete account", { _ = try stack.auth.deleteAccount($0, password: "secret-alice-1") }),
        ]
    }

    /// Every table's rows, as text, to show that a refused call wrote nothing.
    static func snapshot(_ stack: SocialStack) throws -> [String: [String]] {
        try stack.database.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            var rows: [String: [String]] = [:]
            for table in tables {
                rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description)
            }
            return rows
        }
    }

    /// Plays every operation with `session` and expects each refused as `expected` says,
    /// with nothing written and no observation left registered.
    func expectEveryOperationRefused(
        _ world: World, with session: Session, _ expected: (String) -> SessionError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try Self.snapshot(world.stack)
        for (name, run) in Self.operations(world) {
            #expect(throws: expected(name), "\(name)", sourceLocation: sourceLocation) { try run(session) }
        }
        #expect(try Self.snapshot(world.stack) == before, sourceLocation: sourceLocation)
        #expect(try count(world.stack, "media") == 2, sourceLocation: sourceLocation)
        let now = world.stack.store.nowMillis
        #expect(world.stack.store.notificationHub.count(for: world.alice.user.id, now: now) == 0, sourceLocation: sourceLocation)
        #expect(world.stack.store.feedHub.count(for: world.alice.user.id, now: now) == 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: FeedStrategy.allCases)
    func bobsTokenUnderAlicesNameIsRefusedByEveryOperation(feed: FeedStrategy) throws {
        let world = try World(feed: feed)
        // A client that keeps bob's token and rewrites the user it claims to be.
        let forged = Session(token: world.bob.token, user: world.alice.user, expiresAt: world.alice.expiresAt)
        try expectEveryOperationRefused(world, with: forged) { .notFound(operation: $0) }
    }

    @Test func madeUpTruncatedAndAlteredTokensAreRefused() throws {
        let world = try World()
        let token = world.alice.token
        let altered = String(token.dropLast()) + (token.last == "A" ? "B" : "A")
        for fake in [String(repeating: "A", count: token.count), String(token.dropLast(4)), altered, "", token + "\0"] {
            let forged = Session(token: fake, user: world.alice.user, expiresAt: world.alice.expiresAt)
            try expectEveryOperationRefused(world, with: forged) { .notFound(operation: $0) }
        }
    }

    @Test func aLoggedOutSessionIsRefusedByEveryOperation() throws {
        let world = try World()
        #expect(try world.stack.auth.logOut(token: world.alice.token))
        try expectEveryOperationRefused(world, with: world.alice) { .notFound(operation: $0) }
        // Bob's session is untouched by alice's logout.
        #expect(try world.stack.notifications.unreadCount(for: world.bob) == 0)
    }

    @Test func aPasswordResetRevokesTheSessionsItLogsOut() throws {
        let world = try World()
        let reset = try #require(try world.stack.auth.requestPasswordReset(email: "alice@example.com"))
        try world.stack.auth.resetPassword(token: reset, newPassword: "new-secret-2")
        try expectEveryOperationRefused(world, with: world.alice) { .notFound(operation: $0) }
    }

    @Test func anExpiredSessionIsRefusedByEveryOperationAtTheMomentItExpires() throws {
        let world = try World()
        let lifetime = world.stack.configuration.sessionLifetime
        // One second before the end it still works...
        world.clock.advance(by: lifetime - 1)
        #expect(try world.stack.notifications.unreadCount(for: world.alice) == 3)
        // ...and from the end on, every operation refuses it, naming when it expired.
        world.clock.advance(by: 1)
        try expectEveryOperationRefused(world, with: world.alice) {
            .expired(operation: $0, expiredAt: world.alice.expiresAt)
        }
        // A fresh login works again.
        let again = try world.stack.auth.logIn(email: "alice@example.com", password: "secret-alice-1")
        #expect(try world.stack.notifications.unreadCount(for: again) == 3)
    }

    @Test func bobCannotTouchAlicesPostsCommentsOrNotifications() throws {
        let world = try World()
        let (stack, bob) = (world.stack, world.bob)
        let before = try Self.snapshot(stack)
        let bobID = bob.user.id
        #expect(throws: PostError.notAuthor(post: world.alicePost, user: bobID)) {
            try stack.posts.edit(world.alicePost, text: "defaced", as: bob)
        }
        #expect(throws: PostError.notAuthor(post: world.alicePost, user: bobID)) { try stack.posts.delete(world.alicePost, as: bob) }
        #expect(throws: CommentError.notAuthor(comment: world.carolComment, user: bobID)) {
            try stack.comments.delete(world.carolComment, as: bob)
        }
        // Marking read "through" alice's newest notification marks only bob's own.
        let alicesNewest = try #require(try stack.notifications.notifications(for: world.alice).items.first)
        #expect(try stack.notifications.markRead(for: bob, through: alicesNewest.id) == 0)
        #expect(try stack.notifications.notifications(for: bob).items.allSatisfy { $0.recipient == bobID })
        #expect(try Self.snapshot(stack) == before)
        #expect(try stack.notifications.unreadCount(for: world.alice) == 3)
    }

    @Test func aPostsAuthorMayRemoveCommentsOnItAndACommentsAuthorTheirOwn() throws {
        let world = try World()
        let stack = world.stack
        // alice removes carol's comment on alice's post.
        try stack.comments.delete(world.carolComment, as: world.alice)
        #expect(try stack.posts.post(world.alicePost).commentCount == 0)
        // carol removes her own comment on alice's post; alice may not remove bob's on carol's.
        let own = try stack.comments.comment(on: world.alicePost, text: "again", as: world.carol)
        try stack.comments.delete(own.id, as: world.carol)
        let bobs = try stack.comments.comment(on: world.carolPost, text: "bob on carol", as: world.bob)
        #expect(throws: CommentError.notAuthor(comment: bobs.id, user: world.alice.user.id)) {
            try stack.comments.delete(bobs.id, as: world.alice)
        }
        try stack.comments.delete(bobs.id, as: world.carol)
        #expect(try count(stack, "comments") == 0)
        #expect(try stack.posts.post(world.carolPost).commentCount == 0)
    }

    /// An observation runs until it is cancelled or its session ends (issue 33; until then it
    /// ran on after a logout, which `ObservationLifetimeTests` plays in full): a delivery
    /// before the logout arrives, none after.
    @Test func anObservationRunsUntilCancelledOrItsSessionEnds() throws {
        let world = try World()
        let seen = Locked(0)
        let observation = try world.stack.notifications.observe(world.alice) { _ in seen.withLock { $0 += 1 } }
        try world.stack.likes.like(world.alicePost, as: world.bob)
        #expect(seen.withLock { $0 } == 1)
        try world.stack.auth.logOut(token: world.alice.token)
        try world.stack.follows.follow(world.alice.user.id, as: world.bob)
        #expect(seen.withLock { $0 } == 1)
        #expect(observation.ended == .loggedOut)
        observation.cancel()
        #expect(observation.ended == .loggedOut, "cancel after the end changes nothing")
    }

    @Test func operationsActAsTheSessionsUser() throws {
        let world = try World()
        let stack = world.stack
        let post = try stack.posts.compose(.post("bob's own"), as: world.bob)
        #expect(post.author == world.bob.user.id)
        let user = try stack.users.updateProfile(as: world.bob, bio: "bio")
        #expect(user.id == world.bob.user.id)
        #expect(try stack.users.user(world.alice.user.id).bio == "")
    }

    /// Deliberate: public reads take no session. After alice logs out, anyone still reads
    /// her profile, posts, comments, likers, followers and search results, as in the apps.
    @Test func publicReadsNeedNoSession() throws {
        let world = try World()
        let (stack, alice) = (world.stack, world.alice.user.id)
        #expect(try stack.auth.logOut(token: world.alice.token))
        #expect(try stack.users.user(alice).username == "alice")
        #expect(try stack.users.user(named: "alice").id == alice)
        #expect(try stack.users.stats(for: alice) == UserStats(followers: 1, following: 0, posts: 1))
        #expect(try stack.posts.posts(by: alice).items.map(\.text) == ["alice writes"])
        #expect(try stack.comments.comments(on: world.alicePost).items.map(\.text) == ["carol comments"])
        #expect(try stack.likes.likers(of: world.alicePost).items.map(\.username) == ["carol"])
        #expect(try stack.follows.followers(of: alice).items.map(\.username) == ["carol"])
        #expect(try stack.search.posts(matching: "alice").map(\.id) == [world.alicePost])
        #expect(try stack.search.users(matching: "ali").map(\.id) == [alice])
        #expect(try stack.media.bytes(try #require(try stack.posts.post(world.alicePost).image)) == png([2, 2, 2]))
    }

    /// A session written to a log, interpolated or debug-printed, names its user, not its token.
    @Test func aSessionPrintsNoToken() throws {
        let world = try World()
        let alice = world.alice
        for text in ["\(alice)", String(describing: alice), String(reflecting: alice), "\([alice])"] {
            #expect(!text.contains(alice.token), "\(text)")
            #expect(text.contains("alice"), "\(text)")
        }
    }
}
