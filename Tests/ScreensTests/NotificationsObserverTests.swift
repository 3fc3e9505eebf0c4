import MemoryProbes
import Screens
import SocialStack
import Testing

/// The notifications screen's live observation under the `feedObserver` edge: weak cancels
/// it on close; strong keeps it (one more per reload), so the closed screen stays alive and
/// keeps receiving.
@Suite struct NotificationsObserverTests {
    @Test func strongKeepsReceivingAfterCloseOncePerLoad() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak.with(.feedObserver, .strong))
        let screen = NotificationsController(app: app)
        try app.navigator.push(screen)
        try screen.markAllRead()  // a reload: a second observation
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 2)
        let before = screen.notifications.count

        app.navigator.pop()
        #expect(!screen.isOpen)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 2)
        try world.stack.follows.follow(world.ada, as: world.session(of: world.eve))
        // Delivered to the closed screen, once per observation.
        #expect(screen.notifications.count == before + 2)
        #expect(screen.notifications.prefix(2).allSatisfy { $0.kind == .follow && $0.actor == world.eve })
    }

    @Test func strongKeepsTheClosedScreenAliveAndWeakDoesNot() throws {
        for (policy, survives) in [(ReferencePolicy.allWeak, false), (.allWeak.with(.feedObserver, .strong), true)] {
            let world = try ScreenWorld()
            let app = try world.app(policy)
            let tracker = LifetimeTracker()
            do {
                let screen = NotificationsController(app: app)
                try app.navigator.push(screen)
                tracker.track(screen)
                app.navigator.pop()
            }
            #expect(tracker.survivors().map(\.label) == (survives ? ["NotificationsController"] : []), "\(policy)")
            #expect(try world.stack.notifications.observationCount(for: world.adaSession) == (survives ? 1 : 0))
        }
    }
}
