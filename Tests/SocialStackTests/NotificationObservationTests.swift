import Foundation
import GRDB
import Synchronization
import Testing
@testable import SocialStack

/// What an observer callback saw, collected across threads.
private final class Inbox: Sendable {
    private let items = Mutex<[SocialNotification]>([])

    var received: [SocialNotification] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }

    func append(_ notification: SocialNotification) { items.withLock { $0.append(notification) } }

    /// Starts observing `user` into this inbox.
    func observe(_ stack: SocialStack, _ user: UserID) throws -> NotificationObservation {
        try stack.notifications.observe(stack.session(of: user)) { [self] notification in append(notification) }
    }
}

/// All of a user's notification rows, newest first, through the public list.
private func listed(_ stack: SocialStack, _ user: UserID) throws -> [SocialNotification] {
    try stack.notifications.notifications(for: stack.session(of: user), limit: 200).items
}

@Suite struct NotificationObservationTests {
    /// Follow, like, reply, comment and mention each reach the observer once, before the
    /// call that caused them returns, on the caller's thread, after the row is committed,
    /// and equal to the row the list shows.
    @Test func eachKindIsDeliveredOnceOnTheWritersThreadAndMatchesTheRow() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let inbox = Inbox()
        let threads = Mutex<[pthread_t]>([])
        let rowVisible = Mutex<[Bool]>([])
        let observation = try stack.notifications.observe(stack.session(of: alice)) { notification in
            inbox.append(notification)
            threads.withLock { $0.append(pthread_self()) }
            // Delivered after commit: the row is already readable from the callback.
            let newest = try? stack.notifications.notifications(for: stack.session(of: notification.recipient), limit: 1).items.first
            rowVisible.withLock { $0.append(newest == notification) }
        }
        defer { observation.cancel() }
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 1)

        try stack.follows.follow(alice, as: stack.session(of: bob))
        #expect(inbox.count == 1)
        let post = try stack.posts.compose(.post("hello world"), as: stack.session(of: alice)).id
        #expect(inbox.count == 1, "composing one's own post notifies no one")
        try stack.likes.like(post, as: stack.session(of: bob))
        #expect(inbox.count == 2)
        // A reply that also mentions the parent's author notifies once, as a reply.
        let reply = try stack.posts.compose(.reply(to: post, "hi @alice"), as: stack.session(of: carol)).id
        #expect(inbox.count == 3)
        let comment = try stack.comments.comment(on: post, text: "nice", as: stack.session(of: bob)).id
        #expect(inbox.count == 4)
        let mention = try stack.posts.compose(.post("look @Alice"), as: stack.session(of: carol)).id
        #expect(inbox.count == 5)

        let received = inbox.received
        #expect(received.map(\.kind) == [.follow, .like, .reply, .comment, .mention])
        #expect(received.map(\.actor) == [bob, bob, carol, bob, carol])
        #expect(received.map(\.post) == [nil, post, reply, post, mention])
        #expect(received.map(\.comment) == [nil, nil, nil, comment, nil])
        #expect(received.allSatisfy { $0.recipient == alice && !$0.isRead })
        #expect(Set(received.map(\.id)).count == 5)
        // The very rows the list shows (ids, kinds, actors, posts, dates), newest first.
        #expect(try listed(stack, alice) == received.reversed())
        #expect(rowVisible.withLock { $0 } == [true, true, true, true, true])
        let me = pthread_self()
        #expect(threads.withLock { $0 }.allSatisfy { pthread_equal($0, me) != 0 })
    }

    /// A mention added by an edit is delivered once; edits that keep it deliver nothing more.
    @Test func aMentionAddedByAnEditIsDeliveredOnce() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob")
        let inbox = Inbox()
        let observation = try inbox.observe(stack, alice)
        defer { observation.cancel() }
        let post = try stack.posts.compose(.post("no mention yet"), as: stack.session(of: bob)).id
        #expect(inbox.count == 0)
        try stack.posts.edit(post, text: "now with @alice", as: stack.session(of: bob))
        #expect(inbox.received.map(\.kind) == [.mention] && inbox.received.map(\.post) == [post])
        try stack.posts.edit(post, text: "still @alice, reworded", as: stack.session(of: bob))
        #expect(inbox.count == 1)
        #expect(try listed(stack, alice) == inbox.received)
        #expect(throws: PostError.notAuthor(post: post, user: alice)) { try stack.posts.edit(post, text: "@alice", as: stack.session(of: alice)) }
        #expect(inbox.count == 1)
    }

    /// Notifications to someone else, and things one does to oneself, deliver nothing.
    @Test func otherUsersAndSelfActionsDeliverNothing() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let inbox = Inbox()
        let observation = try inbox.observe(stack, alice)
        defer { observation.cancel() }

        // To other users.
        let bobPost = try stack.posts.compose(.post("bob here"), as: stack.session(of: bob)).id
        try stack.follows.follow(bob, as: stack.session(of: carol))
        try stack.likes.like(bobPost, as: stack.session(of: carol))
        try stack.comments.comment(on: bobPost, text: "hey bob", as: stack.session(of: alice))
        try stack.posts.compose(.reply(to: bobPost, "@carol look"), as: stack.session(of: alice))
        #expect(try count(stack, "notifications") == 5, "bob and carol were notified")
        // To oneself.
        let own = try stack.posts.compose(.post("talking to @alice myself"), as: stack.session(of: alice)).id
        try stack.likes.like(own, as: stack.session(of: alice))
        try stack.posts.compose(.reply(to: own, "and replying, @alice"), as: stack.session(of: alice))
        try stack.comments.comment(on: own, text: "and commenting", as: stack.session(of: alice))
        #expect(inbox.count == 0)
        #expect(try count(stack, "notifications", where: "recipient_id = \(alice.rawValue)") == 0)

        // The observation does work: someone else's like arrives.
        try stack.likes.like(own, as: stack.session(of: bob))
        #expect(inbox.received.map(\.kind) == [.like])
        #expect(try listed(stack, alice) == inbox.received)
    }

    @Test func nothingIsDeliveredAfterCancel() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let first = Inbox(), second = Inbox()
        let firstObservation = try first.observe(stack, alice)
        let secondObservation = try second.observe(stack, alice)
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 2)

        try stack.follows.follow(alice, as: stack.session(of: bob))
        #expect(first.count == 1 && second.count == 1)

        firstObservation.cancel()
        #expect(firstObservation.isCancelled)
        #expect(!secondObservation.isCancelled)
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 1)
        try stack.follows.follow(alice, as: stack.session(of: carol))
        #expect(first.count == 1, "a cancelled observation was called")
        #expect(second.count == 2)

        secondObservation.cancel()
        secondObservation.cancel()  // idempotent
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 0)
        let post = try stack.posts.compose(.post("anyone?"), as: stack.session(of: alice)).id
        try stack.likes.like(post, as: stack.session(of: bob))
        #expect(first.count == 1 && second.count == 2)
        // The notifications are still written; only the live delivery stopped.
        #expect(try listed(stack, alice).count == 3)
    }

    @Test func aCallbackMayCancelItsOwnObservation() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let inbox = Inbox()
        let handle = Mutex<NotificationObservation?>(nil)
        let observation = try stack.notifications.observe(stack.session(of: alice)) { notification in
            inbox.append(notification)
            handle.withLock { $0 }?.cancel()
        }
        handle.withLock { $0 = observation }
        try stack.follows.follow(alice, as: stack.session(of: bob))
        try stack.follows.follow(alice, as: stack.session(of: carol))
        #expect(inbox.received.map(\.actor) == [bob])
        #expect(observation.isCancelled)
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 0)
    }

    /// A notification already on its way to several observers: cancelling one of them (here
    /// from another observer's callback, before its turn) stops it from receiving that one too.
    @Test func cancelStopsADeliveryAlreadyUnderWay() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob")
        let later = Inbox()
        let laterHandle = Mutex<NotificationObservation?>(nil)
        let first = try stack.notifications.observe(stack.session(of: alice)) { _ in
            laterHandle.withLock { $0 }?.cancel()
        }
        defer { first.cancel() }
        let second = try later.observe(stack, alice)
        laterHandle.withLock { $0 = second }

        try stack.follows.follow(alice, as: stack.session(of: bob))
        #expect(second.isCancelled)
        #expect(later.count == 0, "called after cancel() returned")
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 1)
    }

    /// As with a Firebase handle, dropping the observation object does not stop delivery.
    @Test func droppingTheObservationWithoutCancelKeepsDelivering() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let inbox = Inbox()
        _ = try inbox.observe(stack, alice)
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 1)
        try stack.follows.follow(alice, as: stack.session(of: bob))
        let post = try stack.posts.compose(.post("still listening"), as: stack.session(of: alice)).id
        try stack.likes.like(post, as: stack.session(of: carol))
        #expect(inbox.received.map(\.kind) == [.follow, .like])
        #expect(try listed(stack, alice) == inbox.received.reversed())
        #expect(try stack.notifications.observationCount(for: stack.session(of: alice)) == 1)
    }

    /// An operation that throws, before or after it wrote a notification in its transaction,
    /// delivers nothing and leaves no row.
    @Test func failedOperationsDeliverNothing() throws {
        let stack = try makeStack()
        let alice = try signUp(stack, "alice"), bob = try signUp(stack, "bob"), carol = try signUp(stack, "carol")
        let aliceInbox = Inbox(), bobInbox = Inbox()
        let aliceObservation = try aliceInbox.observe(stack, alice), bobObservation = try bobInbox.observe(stack, bob)
        defer { aliceObservation.cancel(); bobObservation.cancel() }
        let post = try stack.posts.compose(.post("the post"), as: stack.session(of: alice)).id
        let missing = PostID(rawValue: 9_999)

        #expect(throws: LikeError.postNotFound(missing)) { try stack.likes.like(missing, as: stack.session(of: bob)) }
        #expect(throws: SessionError.notFound(operation: "like")) { try stack.likes.like(post, as: stack.session(of: UserID(rawValue: 9_999))) }
        #expect(throws: SessionError.notFound(operation: "follow")) { try stack.follows.follow(alice, as: stack.session(of: UserID(rawValue: 9_999))) }
        #expect(throws: CommentError.invalidText(.empty)) { try stack.comments.comment(on: post, text: "  ", as: stack.session(of: bob)) }
        #expect(throws: CommentError.postNotFound(missing)) { try stack.comments.comment(on: missing, text: "hi", as: stack.session(of: bob)) }
        #expect(throws: PostError.parentNotFound(missing)) { try stack.posts.compose(.reply(to: missing, "hi @alice"), as: stack.session(of: bob)) }

        // A write that fails after it wrote the reply notification to alice: the mention
        // notification is refused, the transaction rolls back, and nothing may be announced.
        let writer = try #require(stack.database as? any DatabaseWriter)
        try writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse_mentions BEFORE INSERT ON notifications WHEN NEW.kind = 'mention'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        #expect(throws: (any Error).self) { try stack.posts.compose(.reply(to: post, "hey @bob"), as: stack.session(of: carol)) }
        #expect(aliceInbox.count == 0 && bobInbox.count == 0)
        #expect(try count(stack, "notifications") == 0)
        #expect(try count(stack, "posts") == 1)

        // The same reply, once it can commit, is announced to both.
        try writer.write { db in try db.execute(sql: "DROP TRIGGER refuse_mentions") }
        let reply = try stack.posts.compose(.reply(to: post, "hey @bob"), as: stack.session(of: carol)).id
        #expect(aliceInbox.received.map(\.kind) == [.reply] && aliceInbox.received.map(\.post) == [reply])
        #expect(bobInbox.received.map(\.kind) == [.mention] && bobInbox.received.map(\.post) == [reply])
        #expect(try listed(stack, alice) == aliceInbox.received)
        #expect(try listed(stack, bob) == bobInbox.received)
    }

    /// Writers on several threads: each notification reaches the observer exactly once,
    /// on the thread of the write that caused it, before that write returns.
    @Test(arguments: [SocialStack.Configuration.Storage.memory, .temporaryFile])
    func concurrentWritersDeliverEachNotificationExactlyOnce(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let alice = try signUp(stack, "alice")
        let posts = try (0..<4).map { try stack.posts.compose(.post("post \($0)"), as: stack.session(of: alice)).id }
        let writers = try (0..<8).map { try signUp(stack, "writer\($0)") }
        let deliveries = Mutex<[(notification: SocialNotification, thread: pthread_t)]>([])
        let observation = try stack.notifications.observe(stack.session(of: alice)) { notification in
            deliveries.withLock { $0.append((notification, pthread_self())) }
        }
        defer { observation.cancel() }
        let problems = Mutex<[String]>([])

        DispatchQueue.concurrentPerform(iterations: writers.count) { index in
            let me = writers[index]
            let thread = pthread_self()
            var expected = 0
            func check(_ step: String) {
                let mine = deliveries.withLock { all in all.filter { $0.notification.actor == me } }
                if mine.count != expected { problems.withLock { $0.append("writer \(index) \(step): \(mine.count) of \(expected) delivered") } }
                if !mine.allSatisfy({ pthread_equal($0.thread, thread) != 0 }) {
                    problems.withLock { $0.append("writer \(index) \(step): delivered on another thread") }
                }
            }
            do {
                try stack.follows.follow(alice, as: stack.session(of: me))
                expected += 1; check("follow")
                for post in posts {
                    try stack.likes.like(post, as: stack.session(of: me))
                    expected += 1; check("like")
                    try stack.comments.comment(on: post, text: "comment by \(index)", as: stack.session(of: me))
                    expected += 1; check("comment")
                }
                try stack.posts.compose(.reply(to: posts[index % posts.count], "reply \(index)"), as: stack.session(of: me))
                expected += 1; check("reply")
                try stack.posts.compose(.post("thanks @alice, from \(index)"), as: stack.session(of: me))
                expected += 1; check("mention")
                // Noise for another user, not to be delivered to alice's observer.
                try stack.follows.follow(writers[(index + 1) % writers.count], as: stack.session(of: me))
                check("other follow")
            } catch {
                problems.withLock { $0.append("writer \(index): \(error)") }
            }
        }

        #expect(problems.withLock { $0 } == [])
        let delivered = deliveries.withLock { $0.map { $0.notification } }
        let rows = try stack.notifications.notifications(for: stack.session(of: alice), limit: 200).items
        #expect(delivered.count == writers.count * 11)
        #expect(Set(delivered.map(\.id)).count == delivered.count, "a notification was delivered twice")
        #expect(try count(stack, "notifications", where: "recipient_id = \(alice.rawValue)") == delivered.count)
        #expect(Set(rows) == Set(delivered))
        #expect(delivered.allSatisfy { $0.recipient == alice })
    }
}
