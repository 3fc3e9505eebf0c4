import Testing
import Screens
import SocialStack

/// ComposeController: a post and a reply differ in title, action and placeholder; send writes.
@Suite struct ComposeScreenTests {
    @Test func aNewPostsTitlesAndPlaceholder() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let compose = ComposeController(app: app, configuration: .post)
        try app.navigator.present(compose)
        #expect(compose.title == "New Post")
        #expect(compose.actionTitle == "Post")
        #expect(compose.placeholder == "What's happening?")
        #expect(compose.replyingTo == nil)
    }

    @Test func aRepliesTitlesAndPlaceholderNameTheAuthor() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let post = try world.stack.posts.post(world.posts[1])  // bob's
        let compose = ComposeController(app: app, configuration: .reply(post))
        #expect(compose.placeholder == "Post your reply")  // before the author is loaded
        try app.navigator.present(compose)
        #expect(compose.title == "Reply")
        #expect(compose.actionTitle == "Reply")
        #expect(compose.replyingTo?.id == world.bob)
        #expect(compose.placeholder == "Reply to @bob")
    }

    @Test func sendingAPostWritesItAsTheViewer() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let compose = ComposeController(app: app, configuration: .post)
        #expect(throws: ScreenError.notOpen(screen: "ComposeController")) { try compose.send("too early") }
        try app.navigator.present(compose)
        let image: [UInt8] = [0xFF, 0xD8, 0xFF] + Array(repeating: 7, count: 61)  // a JPEG, as far as the stack looks
        let sent = try compose.send("hello from the composer @bob", image: image)
        #expect(compose.sent == sent)
        let stored = try world.stack.posts.post(sent.id)
        #expect(stored.author == world.ada)
        #expect(stored.text == "hello from the composer @bob")
        #expect(!stored.isReply && stored.replyTo == nil)
        #expect(try world.stack.media.bytes(try #require(stored.image)) == image)
        #expect(try world.stack.posts.posts(by: world.ada).items.first?.id == sent.id)
        #expect(try world.stack.notifications.notifications(for: world.session(of: world.bob)).items.first?.post == sent.id)
        app.navigator.dismiss()
        #expect(!compose.isOpen)
        #expect(throws: ScreenError.notOpen(screen: "ComposeController")) { try compose.send("after close") }
    }

    @Test func sendingAReplyWritesItUnderThePost() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let post = try world.stack.posts.post(world.posts[1])
        let compose = ComposeController(app: app, configuration: .reply(post))
        try app.navigator.present(compose)
        let sent = try compose.send("ada replies to bob")
        #expect(sent.isReply && sent.replyTo == post.id && sent.author == world.ada)
        #expect(try world.stack.posts.replies(to: post.id).items.map(\.text) == ["ada replies to bob"])
        #expect(try world.stack.posts.post(post.id).replyCount == 1)
        #expect(try world.stack.notifications.notifications(for: world.session(of: world.bob)).items.first?.kind == .reply)
        app.navigator.dismiss()
    }

    @Test func theStacksErrorsPassThrough() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let compose = ComposeController(app: app, configuration: .post)
        try app.navigator.present(compose)
        #expect(throws: PostError.invalidText(.empty)) { try compose.send("   ") }
        #expect(compose.sent == nil)
    }

    @Test func aReplyToADeletedPostFailsOnSend() throws {
        // The composer loads the author only; the stack refuses the reply when it is sent.
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let ghost = try world.stack.posts.compose(.post("soon gone"), as: world.session(of: world.bob))
        try world.stack.posts.delete(ghost.id, as: world.session(of: world.bob))
        let compose = ComposeController(app: app, configuration: .reply(ghost))
        try app.navigator.present(compose)
        #expect(compose.placeholder == "Reply to @bob")
        #expect(throws: PostError.parentNotFound(ghost.id)) { try compose.send("into the void") }
        #expect(compose.sent == nil)
    }
}
