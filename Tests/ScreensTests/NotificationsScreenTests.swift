import Testing
import Screens
import SocialStack

/// NotificationsController: the first page, live notifications while open, none after close.
@Suite struct NotificationsScreenTests {
    @Test func showsTheViewersNotificationsNewestFirst() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screen = NotificationsController(app: app)
        #expect(screen.title == "Notifications")
        try app.navigator.push(screen)
        #expect(screen.notifications == (try world.stack.notifications.notifications(for: world.session(of: world.ada)).items))
        #expect(screen.notifications.map(\.kind) == [.reply, .comment, .mention, .mention, .follow, .follow])
        #expect(screen.notifications.allSatisfy { $0.recipient == world.ada && !$0.isRead })
    }

    @Test func aLiveNotificationArrivesWhileOpenAndNoneAfterClose() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screen = NotificationsController(app: app)
        try app.navigator.push(screen)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 1)
        let before = screen.notifications.count

        try world.stack.follows.follow(world.ada, as: world.session(of: world.bob))
        #expect(screen.notifications.count == before + 1)
        #expect(screen.notifications[0].kind == .follow && screen.notifications[0].actor == world.bob)
        try world.stack.likes.like(world.posts[0], as: world.session(of: world.eve))
        #expect(screen.notifications.count == before + 2)
        #expect(screen.notifications[0].kind == .like && screen.notifications[0].post == world.posts[0])
        _ = try world.stack.posts.compose(.post("cyd pings @bob only"), as: world.session(of: world.cyd))  // not ada's
        #expect(screen.notifications.count == before + 2)

        app.navigator.pop()
        #expect(!screen.isOpen)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 0)
        try world.stack.likes.like(world.posts[5], as: world.session(of: world.eve))
        _ = try world.stack.comments.comment(on: world.posts[0], text: "after close", as: world.session(of: world.dee))
        #expect(screen.notifications.count == before + 2)
    }

    @Test func markAllReadReloadsWithOneObservation() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screen = NotificationsController(app: app)
        try app.navigator.push(screen)
        try screen.markAllRead()
        #expect(screen.notifications.count == 6)
        #expect(screen.notifications.allSatisfy { $0.isRead })
        #expect(try world.stack.notifications.unreadCount(for: world.session(of: world.ada)) == 0)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 1)
        try world.stack.follows.follow(world.ada, as: world.session(of: world.eve))
        #expect(screen.notifications.count == 7)  // delivered once, not once per load
        #expect(screen.notifications[0].isRead == false)
        app.navigator.pop()
    }
}
