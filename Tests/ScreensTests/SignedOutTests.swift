import Testing
import Screens
import SocialStack

/// With no session, every screen but the login screen refuses to load (`ScreenError.notSignedIn`).
@Suite struct SignedOutTests {
    /// Every screen that needs a signed-in user.
    func screens(_ app: App, _ world: ScreenWorld) throws -> [any Screen] {
        let post = try world.stack.posts.post(world.posts[0])
        return [ProfileController(app: app, user: world.bob), FeedController(app: app),
                PostDetailController(app: app, post: post.id), ComposeController(app: app, configuration: .post),
                ComposeController(app: app, configuration: .reply(post)), NotificationsController(app: app),
                ExploreController(app: app), CommentsController(app: app, post: post.id)]
    }

    @Test func everyScreenButLoginThrowsNotSignedIn() throws {
        let world = try ScreenWorld()
        let app = world.signedOutApp()
        for screen in try screens(app, world) {
            #expect(throws: ScreenError.notSignedIn, "\(type(of: screen))") { try app.navigator.push(screen) }
            #expect(throws: ScreenError.notSignedIn, "\(type(of: screen))") { try app.navigator.present(screen) }
        }
        #expect(app.navigator.stack.isEmpty && app.navigator.presented.isEmpty)
        #expect(app.eventBus.listenerCount == 0)
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == 0)
        try app.navigator.present(LoginController(app: app))
        #expect(app.navigator.topScreen is LoginController)
    }

    @Test func signingOutStopsTheActionsOfOpenScreens() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let profile = ProfileController(app: app, user: world.bob)
        let feed = FeedController(app: app, pageSize: 5)
        let explore = ExploreController(app: app)
        let comments = CommentsController(app: app, post: world.posts[0])
        for screen in [profile, feed, explore, comments] as [any Screen] { try app.navigator.push(screen) }
        app.signOut()
        #expect(throws: ScreenError.notSignedIn) { try profile.header!.tapFollow() }
        #expect(throws: ScreenError.notSignedIn) { try profile.cells[0].tapLike() }
        #expect(throws: ScreenError.notSignedIn) { try feed.loadNextPage() }
        #expect(throws: ScreenError.notSignedIn) { try feed.refresh() }
        #expect(throws: ScreenError.notSignedIn) { try explore.searchPosts("roost") }
        #expect(throws: ScreenError.notSignedIn) { try comments.add("who am I") }
        #expect(try !world.stack.follows.isFollowing(world.bob, by: world.ada))
        #expect(try world.stack.comments.comments(on: world.posts[0]).items.count == 1)
        app.navigator.closeAll()
    }
}
