import Synchronization
import Testing
import SocialStack

/// Posts a feed observer saw, collected across threads.
private final class FeedInbox: Sendable {
    private let posts = Mutex<[PostID]>([])
    var received: [PostID] { posts.withLock { $0 } }
    func append(_ post: Post) { posts.withLock { $0.append(post.id) } }
}

@Suite struct FeedObservationTests {
    private func makeStack() throws -> (SocialStack, ada: UserID, bob: UserID, cy: UserID) {
        let stack = try SocialStack(.init(storage: .memory, feed: .fanOutOnRead, passwordCost: .low))
        func signUp(_ name: String) throws -> UserID {
            register(try stack.auth.signUp(email: "\(name)@example.com", password: "password1", username: name, fullName: name), in: stack)
        }
        return (stack, try signUp("ada"), try signUp("bob"), try signUp("cyd"))
    }

    @Test(arguments: FeedStrategy.allCases)
    func ownAndFollowedPostsArriveOnceAndNothingElse(strategy: FeedStrategy) throws {
        let stack = try SocialStack(.init(storage: .memory, feed: strategy, passwordCost: .low))
        let ada = register(try stack.auth.signUp(email: "ada@example.com", password: "password1", username: "ada", fullName: "Ada"), in: stack)
        let bob = register(try stack.auth.signUp(email: "bob@example.com", password: "password1", username: "bob", fullName: "Bob"), in: stack)
        let cy = register(try stack.auth.signUp(email: "cyd@example.com", password: "password1", username: "cyd", fullName: "Cy"), in: stack)
        try stack.follows.follow(bob, as: stack.session(of: ada))
        let inbox = FeedInbox()
        let observation = try stack.feed.observe(for: stack.session(of: ada)) { inbox.append($0) }
        defer { observation.cancel() }

        let own = try stack.posts.compose(.post("mine"), as: stack.session(of: ada))
        let followed = try stack.posts.compose(.post("from bob"), as: stack.session(of: bob))
        _ = try stack.posts.compose(.post("from cy, not followed"), as: stack.session(of: cy))
        _ = try stack.posts.compose(.reply(to: followed.id, "a reply stays out of the feed"), as: stack.session(of: bob))
        #expect(inbox.received == [own.id, followed.id])
        // What arrived is what the feed shows.
        #expect(try stack.feed.homeFeed(for: stack.session(of: ada)).items.map(\.id) == [followed.id, own.id])
    }

    @Test func followStateIsTheOneAtWriteTime() throws {
        let (stack, ada, bob, _) = try makeStack()
        let inbox = FeedInbox()
        let observation = try stack.feed.observe(for: stack.session(of: ada)) { inbox.append($0) }
        defer { observation.cancel() }
        _ = try stack.posts.compose(.post("before the follow"), as: stack.session(of: bob))
        try stack.follows.follow(bob, as: stack.session(of: ada))
        let during = try stack.posts.compose(.post("while followed"), as: stack.session(of: bob))
        try stack.follows.unfollow(bob, as: stack.session(of: ada))
        _ = try stack.posts.compose(.post("after the unfollow"), as: stack.session(of: bob))
        #expect(inbox.received == [during.id])
    }

    @Test func cancelStopsDeliveryAndDroppingTheHandleDoesNot() throws {
        let (stack, ada, _, _) = try makeStack()
        let cancelled = FeedInbox(), dropped = FeedInbox()
        let observation = try stack.feed.observe(for: stack.session(of: ada)) { cancelled.append($0) }
        _ = try stack.feed.observe(for: stack.session(of: ada)) { dropped.append($0) }
        #expect(try stack.feed.observationCount(for: stack.session(of: ada)) == 2)
        observation.cancel()
        #expect(observation.isCancelled)
        #expect(try stack.feed.observationCount(for: stack.session(of: ada)) == 1)
        let post = try stack.posts.compose(.post("after cancel"), as: stack.session(of: ada))
        #expect(cancelled.received.isEmpty)
        #expect(dropped.received == [post.id], "a dropped handle keeps delivering, as a Firebase handle did")
    }

    @Test func aFailedWriteDeliversNothing() throws {
        let (stack, ada, _, _) = try makeStack()
        let inbox = FeedInbox()
        let observation = try stack.feed.observe(for: stack.session(of: ada)) { inbox.append($0) }
        defer { observation.cancel() }
        #expect(throws: PostError.self) { try stack.posts.compose(.post("   "), as: stack.session(of: ada)) }
        #expect(throws: SessionError.notFound(operation: "compose")) { try stack.posts.compose(.post("ok"), as: stack.session(of: UserID(rawValue: 999))) }
        #expect(inbox.received.isEmpty)
    }
}
