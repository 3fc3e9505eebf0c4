import Foundation
import Synchronization
import Testing
import SocialStack

/// Written as an outsider calls the public API: a live observation belongs to the session
/// that started it. A logout, a password reset, an account deletion and the session's expiry
/// end it; its `ended` handler is told why, once, and its callback is never called again.
/// Nothing about a user's observations is readable without that user's session.
@Suite struct ObservationLifetimeTests {
    /// ada and bob, who follow each other, on an injected clock.
    struct World {
        let administration: StackAdministration
        let stack: SocialStack
        let clock: TestClock
        let ada: Session, bob: Session

        init() throws {
            let clock = TestClock()
            var configuration = SocialStack.Configuration(passwordCost: .low)
            configuration.clock = { clock.now }
            administration = try StackAdministration(opening: configuration)
            stack = administration.stack
            self.clock = clock
            ada = try stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
            bob = try stack.auth.signUp(email: "bob@example.com", password: "secret-bob-1", username: "bob", fullName: "Bob")
            try stack.follows.follow(ada.user.id, as: bob)
            try stack.follows.follow(bob.user.id, as: ada)
        }

        /// One event for each of ada's observations: bob, in a session of his own, posts
        /// mentioning her (a notification, and a post in her home feed).
        func eventForAda() throws {
            let bob = try stack.auth.logIn(email: "bob@example.com", password: "secret-bob-1")
            _ = try stack.posts.compose(.post("hello @ada"), as: bob)
        }
    }

    /// What an observation's callbacks saw.
    final class Seen: Sendable {
        private let state = Mutex<(events: Int, ends: [ObservationEnd])>((0, []))
        func event() { state.withLock { $0.events += 1 } }
        func end(_ reason: ObservationEnd) { state.withLock { $0.ends.append(reason) } }
        var events: Int { state.withLock { $0.events } }
        var ends: [ObservationEnd] { state.withLock { $0.ends } }
    }

    /// ada's notification and feed observations, started with `session`.
    func observe(_ world: World, as session: Session) throws -> (Seen, NotificationObservation, Seen, FeedObservation) {
        let notifications = Seen(), feed = Seen()
        let watch = try world.stack.notifications.observe(session) { _ in notifications.event() } ended: { notifications.end($0) }
        let timeline = try world.stack.feed.observe(for: session) { _ in feed.event() } ended: { feed.end($0) }
        return (notifications, watch, feed, timeline)
    }

    /// Both observations delivered `events` each before the end, ended once with `reason`, and
    /// a later event reached neither.
    func expectEnded(_ world: World, _ seen: (Seen, NotificationObservation, Seen, FeedObservation), by reason: ObservationEnd,
                     afterEvents events: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (notifications, watch, feed, timeline) = seen
        #expect(notifications.ends == [reason] && feed.ends == [reason], sourceLocation: sourceLocation)
        #expect(watch.ended == reason && timeline.ended == reason, sourceLocation: sourceLocation)
        try world.eventForAda()
        #expect(notifications.events == events && feed.events == events, "no event after the end", sourceLocation: sourceLocation)
        #expect(notifications.ends.count == 1 && feed.ends.count == 1, "told once", sourceLocation: sourceLocation)
    }

    @Test func aLogoutEndsTheObservationsOfThatSessionOnly() throws {
        let world = try World()
        let other = try world.stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        let ended = try observe(world, as: world.ada)
        let kept = try observe(world, as: other)
        try world.eventForAda()
        #expect(ended.0.events == 1 && ended.2.events == 1)
        #expect(try world.stack.auth.logOut(token: world.ada.token))
        try expectEnded(world, ended, by: .loggedOut, afterEvents: 1)
        // ada's other session still observes: it saw both events, and was never ended.
        #expect(kept.0.events == 2 && kept.2.events == 2)
        #expect(kept.0.ends.isEmpty && kept.1.ended == nil && !kept.1.isCancelled)
        #expect(try world.stack.notifications.observationCount(for: other) == 1)
        #expect(try world.stack.feed.observationCount(for: other) == 1)
    }

    @Test func aPasswordResetEndsEveryObservationOfTheUser() throws {
        let world = try World()
        let other = try world.stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        let first = try observe(world, as: world.ada), second = try observe(world, as: other)
        let bobs = Seen()
        let bobsWatch = try world.stack.notifications.observe(world.bob) { _ in bobs.event() } ended: { bobs.end($0) }
        let token = try #require(try world.stack.auth.requestPasswordReset(email: "ada@example.com"))
        try world.stack.auth.resetPassword(token: token, newPassword: "new-secret-2")
        try expectEnded(world, first, by: .passwordReset, afterEvents: 0)
        #expect(second.0.ends == [.passwordReset] && second.2.ends == [.passwordReset])
        #expect(second.0.events == 0 && second.2.events == 0)
        // bob's observation is his own: untouched.
        #expect(bobs.ends.isEmpty && bobsWatch.ended == nil)
    }

    @Test func anAccountDeletionEndsItsObservations() throws {
        let world = try World()
        let seen = try observe(world, as: world.ada)
        try world.stack.auth.deleteAccount(world.ada, password: "secret-ada-1")
        #expect(seen.0.ends == [.accountDeleted] && seen.2.ends == [.accountDeleted])
        #expect(seen.1.ended == .accountDeleted && seen.3.ended == .accountDeleted)
        // Nothing is delivered any more: bob's post (his own feed only) reaches no one of ada's.
        _ = try world.stack.posts.compose(.post("bob writes"), as: world.bob)
        #expect(seen.0.events == 0 && seen.2.events == 0)
    }

    /// Expiry is noticed at the next delivery, on the stack's own clock: no event is delivered
    /// at or after the instant the session expires.
    @Test func anExpiredSessionsObservationEndsAtItsNextDelivery() throws {
        let world = try World()
        let seen = try observe(world, as: world.ada)
        world.clock.advance(by: world.stack.configuration.sessionLifetime - 1)
        try world.eventForAda()
        #expect(seen.0.events == 1 && seen.2.events == 1, "one second before the end it still delivers")
        world.clock.advance(by: 1)
        try world.eventForAda()
        try expectEnded(world, seen, by: .sessionExpired(at: world.ada.expiresAt), afterEvents: 1)
    }

    /// And by the server's maintenance sweep, with no event needed.
    @Test func theMaintenanceSweepEndsExpiredObservations() throws {
        let world = try World()
        let seen = try observe(world, as: world.ada)
        let bobs = Seen()
        world.clock.advance(by: 10)
        _ = try world.stack.notifications.observe(try world.stack.auth.logIn(email: "bob@example.com", password: "secret-bob-1")) { _ in
            bobs.event()
        } ended: { bobs.end($0) }
        world.clock.advance(by: world.stack.configuration.sessionLifetime - 5)
        // ada's sessions (sign-up and nothing newer) and bob's sign-up session have expired;
        // bob's later login has five seconds left.
        let purge = try world.administration.purgeExpired()
        #expect(purge.observations == 2)
        #expect(purge.sessions == 2)
        #expect(seen.0.ends == [.sessionExpired(at: world.ada.expiresAt)] && seen.2.ends == [.sessionExpired(at: world.ada.expiresAt)])
        #expect(bobs.ends.isEmpty)
        #expect(try world.administration.purgeExpired().observations == 0, "told once")
    }

    @Test func anObservationCannotStartWithASessionThatEnded() throws {
        let world = try World()
        try world.stack.auth.logOut(token: world.ada.token)
        #expect(throws: SessionError.notFound(operation: "observe notifications")) {
            try world.stack.notifications.observe(world.ada) { _ in }
        }
        #expect(throws: SessionError.notFound(operation: "observe home feed")) { try world.stack.feed.observe(for: world.ada) { _ in } }
        let again = try world.stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        #expect(try world.stack.notifications.observationCount(for: again) == 0)
        #expect(try world.stack.feed.observationCount(for: again) == 0)
    }

    /// The count names the session's own user, and takes a live session of theirs.
    @Test func observationCountsNeedTheUsersOwnSession() throws {
        let world = try World()
        let (_, watch, _, timeline) = try observe(world, as: world.ada)
        #expect(try world.stack.notifications.observationCount(for: world.ada) == 1)
        #expect(try world.stack.feed.observationCount(for: world.ada) == 1)
        // bob's session counts bob's observations: none.
        #expect(try world.stack.notifications.observationCount(for: world.bob) == 0)
        #expect(try world.stack.feed.observationCount(for: world.bob) == 0)
        // A session that ended tells nothing.
        try world.stack.auth.logOut(token: world.bob.token)
        #expect(throws: SessionError.notFound(operation: "count notification observations")) {
            try world.stack.notifications.observationCount(for: world.bob)
        }
        #expect(throws: SessionError.notFound(operation: "count feed observations")) {
            try world.stack.feed.observationCount(for: world.bob)
        }
        watch.cancel()
        timeline.cancel()
        #expect(try world.stack.notifications.observationCount(for: world.ada) == 0)
    }

    /// The end handler may cancel its own observation; cancelling tells no end.
    @Test func cancellingTellsNoEndAndAnEndHandlerMayCancel() throws {
        let world = try World()
        let seen = Seen()
        let handle = Mutex<NotificationObservation?>(nil)
        let watch = try world.stack.notifications.observe(world.ada) { _ in seen.event() } ended: { reason in
            seen.end(reason)
            handle.withLock { $0 }?.cancel()
        }
        handle.withLock { $0 = watch }
        let cancelled = Seen()
        let other = try world.stack.notifications.observe(world.ada) { _ in cancelled.event() } ended: { cancelled.end($0) }
        other.cancel()
        try world.stack.auth.logOut(token: world.ada.token)
        #expect(seen.ends == [.loggedOut])
        #expect(watch.ended == .loggedOut && !watch.isCancelled)
        #expect(cancelled.ends.isEmpty && other.isCancelled && other.ended == nil)
    }
}
