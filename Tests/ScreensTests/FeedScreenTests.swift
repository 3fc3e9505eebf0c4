import Testing
import Screens
import SocialStack

/// FeedController and PostDetailController: pages, refresh, likes, replies, mention taps.
@Suite struct FeedScreenTests {
    @Test func pagesThroughTheHomeFeedAndRefreshesToTheFirstPage() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let feed = FeedController(app: app, pageSize: 5)
        #expect(feed.title == "Home")
        try app.navigator.push(feed)
        let ids = { feed.cells.map(\.viewModel.post.id.rawValue) }
        #expect(ids() == [19, 18, 16, 14, 13])
        #expect(feed.hasMorePages)
        try feed.loadNextPage()
        #expect(ids() == [19, 18, 16, 14, 13, 11, 9, 8, 6, 4])
        try feed.loadNextPage()
        #expect(ids() == [19, 18, 16, 14, 13, 11, 9, 8, 6, 4, 3, 1])
        #expect(!feed.hasMorePages)
        try feed.loadNextPage()  // nothing older: no change
        #expect(ids().count == 12)
        // ada's own posts and those of cyd and dee, never bob's or eve's, never a reply.
        let authors = Set(feed.cells.map(\.viewModel.author.username))
        #expect(authors == ["ada", "cyd", "dee"])
        #expect(feed.cells.allSatisfy { !$0.viewModel.post.isReply })

        let newer = try world.stack.posts.compose(.post("fresh from dee"), as: world.session(of: world.dee))
        #expect(ids().first == 19)  // not shown until a refresh
        try feed.refresh()
        #expect(ids() == [newer.id.rawValue, 19, 18, 16, 14])
        #expect(feed.hasMorePages)
        app.navigator.pop()
        #expect(!feed.isOpen)
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func likeAndMentionFromAFeedCell(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let feed = FeedController(app: app)
        try app.navigator.push(feed)
        let cell = try #require(feed.cells.first { $0.viewModel.post.id.rawValue == 14 })  // dee's, mentions eve
        #expect(!cell.viewModel.isLiked && cell.viewModel.likeCount == 1)
        try cell.tapLike()
        #expect(cell.viewModel.isLiked && cell.viewModel.likeCount == 2)
        #expect(try world.stack.likes.hasLiked(cell.viewModel.post.id, by: world.ada))
        #expect(try world.stack.posts.post(cell.viewModel.post.id).likeCount == 2)

        cell.tapMention("eve")
        let pushed = try #require(app.navigator.topScreen as? ProfileController)
        #expect(pushed.userID == world.eve)
        #expect(app.navigator.stack.count == 2)
        app.navigator.closeAll()
    }

    @Test func postDetailShowsThePostAndItsReplies() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let detail = PostDetailController(app: app, post: world.posts[0])
        #expect(detail.title == "Post")
        #expect(throws: ScreenError.notOpen(screen: "PostDetailController")) { try detail.toggleLike() }
        #expect(throws: ScreenError.notOpen(screen: "PostDetailController")) { try detail.reply("too early") }
        try app.navigator.push(detail)
        let postCell = try #require(detail.postCell)
        #expect(postCell.viewModel.post.text == "post 0 by ada for @bob #roost")
        #expect(postCell.viewModel.isLiked)
        #expect(detail.replyCells.map(\.viewModel.post.text) == ["a reply to the first post"])
        #expect(detail.replyCells.map(\.viewModel.author.username) == ["bob"])
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func postDetailLikesRepliesAndOpensMentions(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let detail = PostDetailController(app: app, post: world.posts[0])
        try app.navigator.push(detail)

        try detail.toggleLike()  // ada had liked her own post
        #expect(detail.postCell?.viewModel.isLiked == false)
        #expect(detail.postCell?.viewModel.likeCount == 0)
        #expect(try world.stack.posts.post(world.posts[0]).likeCount == 0)

        let reply = try detail.reply("ada answers @eve")
        #expect(reply.replyTo == world.posts[0] && reply.isReply)
        #expect(detail.replyCells.map(\.viewModel.post.id) == (try world.stack.posts.replies(to: world.posts[0]).items.map(\.id)))
        #expect(detail.replyCells.map(\.viewModel.post.text) == ["a reply to the first post", "ada answers @eve"])
        #expect(detail.postCell?.viewModel.post.replyCount == 2)

        detail.postCell?.tapMention("bob")
        #expect((app.navigator.topScreen as? ProfileController)?.userID == world.bob)
        app.navigator.closeAll()
    }

    @Test func aMissingPostFailsToLoad() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        #expect(throws: PostError.postNotFound(999)) {
            try app.navigator.push(PostDetailController(app: app, post: 999))
        }
        #expect(app.navigator.stack.isEmpty)
    }
}
