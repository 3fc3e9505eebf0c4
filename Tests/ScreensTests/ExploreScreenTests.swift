import Testing
import Screens
import SocialStack

/// ExploreController: user search by username or name prefix, post search as tweet cells.
@Suite struct ExploreScreenTests {
    @Test func findsUsers() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let explore = ExploreController(app: app)
        #expect(explore.title == "Explore")
        #expect(throws: ScreenError.notOpen(screen: "ExploreController")) { try explore.searchUsers("b") }
        try app.navigator.push(explore)
        try explore.searchUsers("b")
        #expect(explore.users.map(\.id) == [world.bob])
        try explore.searchUsers("@EV")
        #expect(explore.users.map(\.username) == ["eve"])
        try explore.searchUsers("Cyd")
        #expect(explore.users.map(\.username) == ["cyd"])
        try explore.searchUsers("nobody")
        #expect(explore.users.isEmpty)
        #expect(explore.postCells.isEmpty)
    }

    @Test func findsPostsAsCellsReplacingTheLastResults() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let explore = ExploreController(app: app)
        #expect(throws: ScreenError.notOpen(screen: "ExploreController")) { try explore.searchPosts("roost") }
        try app.navigator.push(explore)
        try explore.searchPosts("roost")
        #expect(explore.postCells.map(\.viewModel.post.id) == (try world.stack.search.posts(matching: "roost").map(\.id)))
        #expect(explore.postCells.map(\.viewModel.post.id.rawValue) == [15, 14, 13, 12, 11, 5, 4, 3, 2, 1])
        #expect(explore.postCells.allSatisfy { $0.viewModel.post.text.contains("#roost") && $0.linkPreview == nil })
        try explore.searchPosts("read exam")  // every word as a prefix
        #expect(explore.postCells.count == 10)
        #expect(explore.postCells.allSatisfy { $0.linkPreview?.url == LinkPreviewCache.firstLink(in: $0.viewModel.post.text) })
        try explore.searchPosts("by bob")  // bob's posts, and ada's "for @bob"
        #expect(explore.postCells.map(\.viewModel.post.id.rawValue).sorted() == [1, 2, 11, 12])
        try explore.searchPosts("zzz")
        #expect(explore.postCells.isEmpty)
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func likeAndMentionFromAResult(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let explore = ExploreController(app: app)
        try app.navigator.push(explore)
        try explore.searchPosts("eve roost")
        let cell = try #require(explore.postCells.first)
        #expect(cell.viewModel.author.username == "eve")
        try cell.tapLike()
        #expect(cell.viewModel.isLiked && cell.viewModel.likeCount == 2)
        #expect(try world.stack.posts.post(cell.viewModel.post.id).likeCount == 2)
        cell.tapMention("ada")
        #expect((app.navigator.topScreen as? ProfileController)?.userID == world.ada)
        app.navigator.closeAll()
    }
}
