import Synchronization
import Testing
import SocialStack

/// The README's tour, kept compiling and true.
@Suite struct ReadmeTourTests {
    @Test func theTourRunsAsWritten() throws {
        let stack = try SocialStack(.init(storage: .temporaryFile, feed: .fanOutOnWrite, passwordCost: .low))
        let ada = try stack.auth.signUp(email: "ada@example.com", password: "analytical1", username: "ada", fullName: "Ada Lovelace").user
        let bob = try stack.auth.signUp(email: "bob@example.com", password: "builder123", username: "bob", fullName: "Bob").user
        try stack.follows.follow(ada.id, by: bob.id)
        let post = try stack.posts.compose(.post("Hello @bob"), by: ada.id)
        let page = try stack.feed.homeFeed(for: bob.id)
        let seen = Mutex<[String]>([])
        let watch = stack.notifications.observe(user: ada.id) { note in seen.withLock { $0.append("ada: \(note.kind)") } }
        try stack.likes.like(post.id, by: bob.id)
        watch.cancel()
        #expect(page.items.map(\.id) == [post.id])
        #expect(seen.withLock { $0 } == ["ada: like"])
        #expect(try stack.notifications.notifications(for: bob.id).items.map(\.kind) == [.mention])
    }
}
