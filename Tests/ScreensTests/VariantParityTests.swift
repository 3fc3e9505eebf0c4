import Testing
import Screens
import SocialStack

/// While a screen is open, `.allWeak` and `.allStrong` show exactly the same things.
@Suite struct VariantParityTests {
    /// Everything the screens show, as plain values.
    struct Shown: Equatable {
        var profiles: [[PostID]] = []
        var headers: [String] = []
        var feedPages: [[PostID]] = []
        var postDetail: [PostID] = []
        var notifications: [SocialNotification] = []
        var userResults: [[String]] = []
        var postResults: [[PostID]] = []
        var comments: [PostComment] = []
        var likeStates: [String] = []
    }

    /// Opens every screen of `app` and reads what it shows, closing each.
    func shown(in app: App, _ world: ScreenWorld) throws -> Shown {
        var shown = Shown()
        let navigator = app.navigator
        for user in world.users {
            let profile = ProfileController(app: app, user: user)
            try navigator.push(profile)
            let header = try #require(profile.header)
            shown.profiles.append(profile.cells.map(\.viewModel.post.id))
            shown.headers.append("\(profile.title) \(header.stats) following=\(header.isFollowing) "
                + "button=\(header.followButtonTitle ?? "none") avatar=\(header.avatar?.pixels.count ?? 0)")
            shown.likeStates += profile.cells.map { "\($0.viewModel.post.id):\($0.viewModel.isLiked):\($0.viewModel.likeCount)" }
            navigator.pop()
        }
        let feed = FeedController(app: app, pageSize: 5)
        try navigator.push(feed)
        shown.feedPages.append(feed.cells.map(\.viewModel.post.id))
        while feed.hasMorePages {
            try feed.loadNextPage()
            shown.feedPages.append(feed.cells.map(\.viewModel.post.id))
        }
        try feed.refresh()
        shown.feedPages.append(feed.cells.map(\.viewModel.post.id))
        navigator.pop()

        let detail = PostDetailController(app: app, post: world.posts[0])
        try navigator.push(detail)
        shown.postDetail = ([detail.postCell] + detail.replyCells).compactMap { $0?.viewModel.post.id }
        navigator.pop()

        let notifications = NotificationsController(app: app)
        try navigator.push(notifications)
        shown.notifications = notifications.notifications
        navigator.pop()

        let explore = ExploreController(app: app)
        try navigator.push(explore)
        for query in ["b", "e", "D", "zz"] {
            try explore.searchUsers(query)
            shown.userResults.append(explore.users.map(\.username))
        }
        for query in ["roost", "read", "ada", "nothing"] {
            try explore.searchPosts(query)
            shown.postResults.append(explore.postCells.map(\.viewModel.post.id))
        }
        navigator.pop()

        let comments = CommentsController(app: app, post: world.posts[0])
        try navigator.push(comments)
        shown.comments = comments.comments
        navigator.pop()
        return shown
    }

    @Test func weakAndStrongShowTheSameWorld() throws {
        let world = try ScreenWorld()
        let weak = try shown(in: try world.app(.allWeak), world)
        let strong = try shown(in: try world.app(.allStrong), world)
        #expect(weak == strong)

        // And what they show is the world's content.
        let ids = { (raw: [Int64]) in raw.map(PostID.init(rawValue:)) }
        #expect(weak.profiles[1] == ids([17, 12, 7, 2]))
        #expect(weak.headers[0] == "@ada UserStats(followers: 2, following: 2, posts: 4) following=false button=none avatar=360000")
        #expect(weak.headers[1] == "@bob UserStats(followers: 2, following: 2, posts: 5) following=false button=Follow avatar=360000")
        #expect(weak.headers[2] == "@cyd UserStats(followers: 4, following: 4, posts: 4) following=true button=Following avatar=360000")
        #expect(weak.feedPages == [ids([19, 18, 16, 14, 13]), ids([19, 18, 16, 14, 13, 11, 9, 8, 6, 4]),
                                   ids([19, 18, 16, 14, 13, 11, 9, 8, 6, 4, 3, 1]), ids([19, 18, 16, 14, 13])])
        #expect(weak.postDetail == ids([1, 21]))
        #expect(weak.notifications == (try world.stack.notifications.notifications(for: world.session(of: world.ada)).items))
        #expect(weak.notifications.map(\.kind) == [.reply, .comment, .mention, .mention, .follow, .follow])
        #expect(weak.userResults == [["bob"], ["eve"], ["dee"], []])
        #expect(weak.postResults[0] == ids([15, 14, 13, 12, 11, 5, 4, 3, 2, 1]))
        #expect(weak.postResults[1] == ids([20, 19, 18, 17, 16, 10, 9, 8, 7, 6]))
        #expect(weak.postResults[3].isEmpty)
        #expect(weak.comments.map(\.text) == ["nice one"])
        #expect(weak.likeStates.allSatisfy { $0.hasSuffix(":1") })
        #expect(weak.likeStates.filter { $0.contains(":true:") }.count == 4)  // ada liked her own 4
    }

    @Test func weakAndStrongActTheSameWhileOpen() throws {
        // The same taps on two apps, one per variant, on two identical worlds.
        var outcomes: [[String]] = []
        for policy in [ReferencePolicy.allWeak, .allStrong] {
            let world = try ScreenWorld()
            let app = try world.app(policy)
            var log: [String] = []
            let profile = ProfileController(app: app, user: world.bob)
            try app.navigator.push(profile)
            try profile.header!.tapFollow()
            log.append("\(profile.header!.stats) \(profile.header!.isFollowing) seen=\(profile.profileChangesSeen)")
            try profile.cells[0].tapLike()
            log.append("\(profile.cells[0].viewModel.isLiked) \(profile.cells[0].viewModel.likeCount)")
            profile.cells[3].tapMention("cyd")
            log.append(app.navigator.topScreen?.title ?? "none")
            app.navigator.pop()
            try profile.header!.tapMore()
            try profile.actionSheet!.choose(0)
            log.append(profile.lastAction ?? "none")
            app.navigator.pop()
            let feed = FeedController(app: app)
            try app.navigator.push(feed)
            log.append("feed \(feed.cells.map(\.viewModel.post.id))")  // bob is followed now
            let post = try world.stack.posts.compose(.post("new"), as: world.session(of: world.bob))
            log.append("delivered \(feed.deliveredPosts == [post.id])")
            app.navigator.pop()
            outcomes.append(log)
        }
        #expect(outcomes[0] == outcomes[1])
        #expect(outcomes[0].first == "UserStats(followers: 3, following: 2, posts: 5) true seen=1")
    }
}
