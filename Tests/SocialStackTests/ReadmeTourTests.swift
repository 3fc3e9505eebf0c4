import Synchronization
import Testing
import SocialStack

/// The README's tour, kept compiling and true.
@Suite struct ReadmeTourTests {
    @Test func theTourRunsAsWritten() throws {
        let stack = try SocialStack(.init(storage: .temporaryFile, feed: .fanOutOnWrite, passwordCost: .low))
        let ada = try stack.auth.signUp(email: "ada@example.com", password: "analytical1", username: "ada", fullName: "Ada Lovelace")
        let bob = try stack.auth.signUp(email: "bob@example.com", password: "builder123", username: "bob", fullName: "Bob")
        try stack.follows.follow(ada.user.id, as: bob)
        let post = try stack.posts.compose(.post("Hello @bob"), as: ada)
        let page = try stack.feed.homeFeed(for: bob)
        let seen = Mutex<[String]>([])
        let watch = try stack.notifications.observe(ada) { note in seen.withLock { $0.append("ada: \(note.kind)") } }
        try stack.likes.like(post.id, as: bob)
        watch.cancel()
        #expect(page.items.map(\.id) == [post.id])
        #expect(seen.withLock { $0 } == ["ada: like"])
        #expect(try stack.notifications.notifications(for: bob).items.map(\.kind) == [.mention])
    }
}
