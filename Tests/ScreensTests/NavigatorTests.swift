import Testing
import MemoryProbes
import Screens
import SocialStack

/// Navigator: push, pop, present, dismiss; a screen that fails to load is not shown.
@Suite struct NavigatorTests {
    @Test func pushPopPresentDismiss() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let navigator = app.navigator
        #expect(navigator.topScreen == nil)
        #expect(navigator.pop() == nil && navigator.dismiss() == nil)

        let feed = FeedController(app: app)
        let profile = ProfileController(app: app, user: world.bob)
        try navigator.push(feed)
        try navigator.push(profile)
        #expect(feed.isOpen && profile.isOpen)
        #expect(navigator.stack.map(\.title) == ["Home", "@bob"])
        #expect(navigator.topScreen === profile)

        let compose = ComposeController(app: app, configuration: .post)
        try navigator.present(compose)
        #expect(navigator.presented.count == 1)
        #expect(navigator.topScreen === compose)  // a presented screen covers the stack

        #expect(navigator.pop() === profile)
        #expect(!profile.isOpen && compose.isOpen)
        #expect(navigator.topScreen === compose)
        #expect(navigator.dismiss() === compose)
        #expect(!compose.isOpen)
        #expect(navigator.topScreen === feed)
        #expect(navigator.presented.isEmpty)
    }

    @Test func closeAllClosesEveryScreen() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screens: [any Screen] = [FeedController(app: app), ExploreController(app: app),
                                     NotificationsController(app: app)]
        for screen in screens { try app.navigator.push(screen) }
        let login = LoginController(app: app)
        try app.navigator.present(login)
        app.navigator.closeAll()
        #expect(app.navigator.stack.isEmpty && app.navigator.presented.isEmpty)
        #expect(!login.isOpen)
        #expect(!(screens[0] as! FeedController).isOpen)
        #expect(!(screens[1] as! ExploreController).isOpen)
        #expect(!(screens[2] as! NotificationsController).isOpen)
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == 0)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 0)
    }

    @Test func aScreenThatFailsToLoadIsNotShown() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        try app.navigator.push(FeedController(app: app))
        #expect(throws: UserError.userNotFound(404)) { try app.navigator.push(ProfileController(app: app, user: 404)) }
        #expect(throws: PostError.postNotFound(404)) { try app.navigator.push(PostDetailController(app: app, post: 404)) }
        #expect(throws: CommentError.postNotFound(404)) { try app.navigator.push(CommentsController(app: app, post: 404)) }
        #expect(app.navigator.stack.map(\.title) == ["Home"])
        #expect(app.navigator.presented.isEmpty)
        app.navigator.closeAll()
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func aScreenThatFailsToLoadIsReleased(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let tracker = LifetimeTracker()
        func failToOpen(_ screen: any Screen) {
            tracker.track(screen)
            #expect(throws: (any Error).self) { try app.navigator.push(screen) }
        }
        failToOpen(ProfileController(app: app, user: 404))
        failToOpen(PostDetailController(app: app, post: 404))
        failToOpen(CommentsController(app: app, post: 404))
        #expect(tracker.trackedCount == 3)
        #expect(tracker.survivors().isEmpty)
        #expect(app.eventBus.listenerCount == 0)
    }
}
