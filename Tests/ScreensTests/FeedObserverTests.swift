import Testing
import Screens
import SocialStack

/// The feed's live observation: cancelled on close when weak; kept, repeated and leaking when strong.
@Suite struct FeedObserverTests {
    /// An open feed (pages of 5) refreshed `refreshes` times.
    func openFeed(_ app: App, refreshes: Int) throws -> FeedController {
        let feed = FeedController(app: app, pageSize: 5)
        try app.navigator.push(feed)
        for _ in 0..<refreshes { try feed.refresh() }
        return feed
    }

    @Test(arguments: [0, 1, 3])
    func weakDeliversEachPostOnceWhileOpenAndNeverAfterClose(_ refreshes: Int) throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let feed = try openFeed(app, refreshes: refreshes)
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == 1)

        let byFollowed = try world.stack.posts.compose(.post("cyd writes while the feed is open"), as: world.session(of: world.cyd))
        let byViewer = try world.stack.posts.compose(.post("ada writes while the feed is open"), as: world.session(of: world.ada))
        _ = try world.stack.posts.compose(.post("bob is not followed by ada"), as: world.session(of: world.bob))
        _ = try world.stack.posts.compose(.reply(to: world.posts[2], "cyd replies: not in the feed"), as: world.session(of: world.cyd))
        #expect(feed.deliveredPosts == [byFollowed.id, byViewer.id])

        app.navigator.pop()
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == 0)
        _ = try world.stack.posts.compose(.post("cyd writes after the feed closed"), as: world.session(of: world.cyd))
        _ = try world.stack.posts.compose(.post("ada writes after the feed closed"), as: world.session(of: world.ada))
        #expect(feed.deliveredPosts == [byFollowed.id, byViewer.id])
    }

    @Test(arguments: [0, 1, 3])
    func strongDeliversEachPostOncePerLoadOrRefreshEvenAfterClose(_ refreshes: Int) throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak.with(.feedObserver, .strong))
        let feed = try openFeed(app, refreshes: refreshes)
        let copies = refreshes + 1
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == copies)

        let whileOpen = try world.stack.posts.compose(.post("cyd writes while the feed is open"), as: world.session(of: world.cyd))
        _ = try world.stack.posts.compose(.post("bob is not followed by ada"), as: world.session(of: world.bob))
        #expect(feed.deliveredPosts == Array(repeating: whileOpen.id, count: copies))

        app.navigator.pop()
        #expect(!feed.isOpen)
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == copies)
        let byFollowed = try world.stack.posts.compose(.post("dee writes after the feed closed"), as: world.session(of: world.dee))
        let byViewer = try world.stack.posts.compose(.post("ada writes after the feed closed"), as: world.session(of: world.ada))
        #expect(feed.deliveredPosts == Array(repeating: whileOpen.id, count: copies)
            + Array(repeating: byFollowed.id, count: copies) + Array(repeating: byViewer.id, count: copies))
    }

    @Test func strongObservationsPileUpAcrossOpens() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak.with(.feedObserver, .strong))
        var closed: [FeedController] = []
        for open in 1...3 {
            closed.append(try openFeed(app, refreshes: 1))
            app.navigator.pop()
            #expect(try world.stack.feed.observationCount(for: world.adaSession) == 2 * open)
        }
        let post = try world.stack.posts.compose(.post("one post, six callbacks"), as: world.session(of: world.ada))
        for feed in closed { #expect(feed.deliveredPosts == [post.id, post.id]) }
    }

    @Test func weakObservationsDoNotPileUpAcrossOpens() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        var closed: [FeedController] = []
        for _ in 1...3 {
            closed.append(try openFeed(app, refreshes: 2))
            app.navigator.pop()
            #expect(try world.stack.feed.observationCount(for: world.adaSession) == 0)
        }
        let open = try openFeed(app, refreshes: 2)
        let post = try world.stack.posts.compose(.post("one post, one callback"), as: world.session(of: world.ada))
        #expect(open.deliveredPosts == [post.id])
        for feed in closed { #expect(feed.deliveredPosts.isEmpty) }
        app.navigator.pop()
    }
}
