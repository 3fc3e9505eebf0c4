import Testing
import Screens
import SocialStack

/// CommentsController: a post's comments newest first; add one, delete one's own or one on one's post.
@Suite struct CommentsScreenTests {
    @Test func showsThePostsComments() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screen = CommentsController(app: app, post: world.posts[0])
        #expect(screen.title == "Comments")
        try app.navigator.push(screen)
        #expect(screen.comments.map(\.text) == ["nice one"])
        #expect(screen.comments.map(\.author) == [world.cyd])
        #expect(screen.authors[world.cyd]?.username == "cyd")
    }

    @Test func addAndDeleteAComment() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let screen = CommentsController(app: app, post: world.posts[0])
        #expect(throws: ScreenError.notOpen(screen: "CommentsController")) { try screen.add("too early") }
        try app.navigator.push(screen)
        let added = try screen.add("ada agrees")
        #expect(added.author == world.ada && added.post == world.posts[0])
        #expect(screen.comments.map(\.text) == ["ada agrees", "nice one"])
        #expect(screen.authors[world.ada]?.username == "ada")
        #expect(try world.stack.comments.comments(on: world.posts[0]).items == screen.comments)
        #expect(try world.stack.posts.post(world.posts[0]).commentCount == 2)

        try screen.delete(added.id)
        #expect(screen.comments.map(\.text) == ["nice one"])
        #expect(try world.stack.posts.post(world.posts[0]).commentCount == 1)
        #expect(screen.authors[world.ada] == nil)

        // On eve's post, bob's comment is neither ada's nor on ada's post: refused.
        let eves = CommentsController(app: app, post: world.posts[4])
        try app.navigator.push(eves)
        let bobs = try #require(eves.comments.first { $0.author == world.bob }).id
        #expect(throws: CommentError.notAuthor(comment: bobs, user: world.ada)) { try eves.delete(bobs) }
        #expect(eves.comments.count == 1)
        app.navigator.pop()
        // ada wrote posts[0], so she may remove cyd's comment on it.
        let others = screen.comments[0].id
        #expect(throws: CommentError.invalidText(.empty)) { try screen.add("  ") }
        try screen.delete(others)
        #expect(screen.comments.isEmpty)

        app.navigator.pop()
        #expect(throws: ScreenError.notOpen(screen: "CommentsController")) { try screen.add("after close") }
        #expect(throws: ScreenError.notOpen(screen: "CommentsController")) { try screen.delete(others) }
    }
}
