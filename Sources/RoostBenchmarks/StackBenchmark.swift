import Foundation
import LoadHarness
import MemoryProbes
import SocialStack

/// Measures SocialStack's throughput on a generated dataset: sign-ups, follows, posts,
/// likes, and home-feed page reads at two table sizes, for one feed strategy.
///
/// Every operation goes through the public API, one call at a time on one thread, so a
/// rate is the inverse of the mean latency of that call. The dataset follows from `seed`.
public struct StackBenchmark: Sendable {
    /// What to build and how much to read.
    public struct Options: Sendable {
        public var users = 10_000
        public var postsPerUser = 20
        /// Feed reads are measured once after this many posts per user, and again at the end.
        public var checkpointPostsPerUser = 2
        public var followsPerUser = 20
        public var likesPerUser = 5
        public var feedReads = 2_000
        /// Which page the "deep page" reads fetch (2 or more), following cursors from page 1.
        /// Page 2 exists at the checkpoint (2 posts per user, 21 authors per feed).
        public var deepPage = 2
        public var strategy: FeedStrategy = .fanOutOnRead
        public var storage: SocialStack.Configuration.Storage = .temporaryFile
        public var seed: UInt64 = 42
        /// Also runs every follow, post, like and feed page through plain SQLite
        /// (`StackReference`), beside the stack's, on a second database built the same way.
        public var reference = false

        /// The defaults: 10,000 users, 200,000 posts, file storage.
        public init() {}
    }

    /// Feed-page latency at one table size.
    public struct FeedTiming: Sendable {
        public let posts: Int
        public let firstPage: LatencySample
        public let deepPage: LatencySample
        /// Allocations per first page (the stack's; nil for the reference or without jemalloc).
        public var firstPageAllocations: Double? = nil
    }

    /// The same follows, posts, likes and feed pages through plain SQLite.
    public struct ReferenceResult: Sendable {
        /// Follows, posts and likes, in that order.
        public let writes: [(operation: String, sample: LatencySample)]
        public let feedAtCheckpoint: FeedTiming
        public let feedAtEnd: FeedTiming
    }

    /// What one benchmark measured.
    public struct Result: Sendable {
        public let options: Options
        /// Sign-ups, follows, posts and likes, in that order.
        public let writes: [(operation: String, sample: LatencySample)]
        public let feedAtCheckpoint: FeedTiming
        public let feedAtEnd: FeedTiming
        /// The plain-SQLite reference's timings, when `options.reference`.
        public let reference: ReferenceResult?
    }

    public let options: Options

    /// A benchmark with these options.
    public init(options: Options) {
        precondition(options.users >= 2, "the benchmark needs at least 2 users")
        precondition(options.deepPage >= 2, "deepPage must be 2 or more")
        precondition(options.checkpointPostsPerUser >= 1 && options.checkpointPostsPerUser <= options.postsPerUser,
                     "checkpointPostsPerUser must be within 1...postsPerUser")
        self.options = options
    }

    /// Builds the dataset and measures; `progress` is told each phase as it starts.
    public func run(progress: (String) -> Void = { _ in }) throws -> Result {
        let configuration = SocialStack.Configuration(storage: options.storage, feed: options.strategy, passwordCost: .low)
        let stack = try SocialStack(configuration)
        let reference = try options.reference ? StackReference(storage: options.storage, strategy: options.strategy) : nil
        var pair = SideBySide(reference: reference)
        var random = SeededGenerator(seed: options.seed)

        progress("sign up \(options.users) users")
        var signUps = LatencySample()
        var users: [UserID] = []
        users.reserveCapacity(options.users)
        // Each user's sign-up session (same order as `users`): every measured operation acts through it.
        var sessions: [Session] = []
        sessions.reserveCapacity(options.users)
        for index in 0..<options.users {
            let session = try signUps.time {
                try stack.auth.signUp(
                    email: "user\(index)@roost.test", password: "password\(index)", username: "user\(index)",
                    fullName: "User \(index)")
            }
            users.append(session.user.id)
            sessions.append(session)
        }
        try reference?.insertUsers(options.users)

        progress("\(options.followsPerUser) follows per user")
        let followCount = min(options.followsPerUser, options.users - 1)
        for (user, session) in zip(users, sessions) {
            var chosen = Set<UserID>()
            while chosen.count < followCount {
                let other = users[Int.random(in: 0..<users.count, using: &random)]
                if other != user { chosen.insert(other) }
            }
            for other in chosen.sorted() {
                try pair.time(.follow, "follow \(other) by \(user)",
                              stack: { try stack.follows.follow(other, as: session) },
                              reference: { try $0.follow(other.rawValue, by: user.rawValue) })
            }
        }

        var postIDs: [PostID] = []
        postIDs.reserveCapacity(options.users * options.postsPerUser)
        func writePosts(rounds: Range<Int>) throws {
            for round in rounds {
                for (index, (user, session)) in zip(users, sessions).enumerated() {
                    let mentioned = "user\((index + 1) % users.count)"
                    let text = "Post \(round) of user\(index): hello @\(mentioned) #roost"
                    let post = try pair.time(.post, "post by \(user)",
                                             stack: { try stack.posts.compose(.post(text), as: session).id.rawValue },
                                             reference: { try $0.post(text, mentions: [mentioned], by: user.rawValue) })
                    postIDs.append(PostID(rawValue: post))
                }
            }
        }

        progress("\(options.checkpointPostsPerUser * options.users) posts")
        try writePosts(rounds: 0..<options.checkpointPostsPerUser)
        progress("feed reads at \(postIDs.count) posts")
        let checkpoint = try measureFeed(stack, &pair, users: users, sessions: sessions, posts: postIDs.count)

        progress("\(options.users * options.postsPerUser) posts")
        try writePosts(rounds: options.checkpointPostsPerUser..<options.postsPerUser)

        progress("\(options.likesPerUser) likes per user")
        for (user, session) in zip(users, sessions) {
            for _ in 0..<options.likesPerUser {
                let post = postIDs[Int.random(in: 0..<postIDs.count, using: &random)]
                try pair.time(.like, "like \(post) by \(user)",
                              stack: { try stack.likes.like(post, as: session) },
                              reference: { try $0.like(post.rawValue, by: user.rawValue) })
            }
        }

        progress("feed reads at \(postIDs.count) posts")
        let end = try measureFeed(stack, &pair, users: users, sessions: sessions, posts: postIDs.count)
        let writes: [SideBySide.Operation] = [.follow, .post, .like]
        return Result(
            options: options,
            writes: [("sign_up", signUps)] + writes.map { ($0.rawValue, pair.stackSamples[$0]) },
            feedAtCheckpoint: checkpoint.stack, feedAtEnd: end.stack,
            reference: reference == nil ? nil : ReferenceResult(
                writes: writes.map { ($0.rawValue, pair.referenceSamples[$0]) },
                feedAtCheckpoint: checkpoint.reference, feedAtEnd: end.reference))
    }

    /// Reads the first page and the `deepPage`-th page of random users' feeds; the same
    /// users at both table sizes. Counts the stack's allocations per first page when
    /// jemalloc is the allocator.
    private func measureFeed(
        _ stack: SocialStack, _ pair: inout SideBySide, users: [UserID], sessions: [Session], posts: Int
    ) throws -> (stack: FeedTiming, reference: FeedTiming) {
        var random = SeededGenerator(seed: options.seed &+ 1)
        pair.stackSamples.resetFeedPages()
        pair.referenceSamples.resetFeedPages()
        let counting = AllocationCounters.isJemallocActive
        var allocations = 0
        for _ in 0..<options.feedReads {
            let index = Int.random(in: 0..<users.count, using: &random)
            let user = users[index], session = sessions[index]
            var page = try pair.time(
                .firstPage, "feed page 1 of \(user)",
                stack: {
                    // Two thread-local loads around the call when counting.
                    let before = counting ? AllocationCounters.threadTotals().allocations : 0
                    let page = try stack.feed.homeFeed(for: session)
                    if counting { allocations += AllocationCounters.threadTotals().allocations - before }
                    return page
                },
                reference: { try $0.feedPage(for: user.rawValue) },
                same: FeedPageIDs.init, FeedPageIDs.init)
            for _ in 1..<(options.deepPage - 1) {
                guard let cursor = page.nextCursor else { break }
                page = try stack.feed.homeFeed(for: session, before: cursor)
            }
            if let cursor = page.nextCursor {
                try pair.time(.deepPage, "feed page \(options.deepPage) of \(user)",
                              stack: { try stack.feed.homeFeed(for: session, before: cursor) },
                              reference: { try $0.feedPage(for: user.rawValue, before: cursor) },
                              same: FeedPageIDs.init, FeedPageIDs.init)
            }
        }
        var stackTiming = FeedTiming(posts: posts, firstPage: pair.stackSamples[.firstPage], deepPage: pair.stackSamples[.deepPage])
        if counting { stackTiming.firstPageAllocations = Double(allocations) / Double(options.feedReads) }
        return (stackTiming, FeedTiming(posts: posts, firstPage: pair.referenceSamples[.firstPage], deepPage: pair.referenceSamples[.deepPage]))
    }
}
