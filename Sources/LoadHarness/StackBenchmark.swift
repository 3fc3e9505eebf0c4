import Foundation
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

        /// The defaults: 10,000 users, 200,000 posts, file storage.
        public init() {}
    }

    /// Feed-page latency at one table size.
    public struct FeedTiming: Sendable {
        public let posts: Int
        public let firstPage: LatencySample
        public let deepPage: LatencySample
    }

    /// What one benchmark measured.
    public struct Result: Sendable {
        public let options: Options
        /// Sign-ups, follows, posts and likes, in that order.
        public let writes: [(operation: String, sample: LatencySample)]
        public let feedAtCheckpoint: FeedTiming
        public let feedAtEnd: FeedTiming
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
        var random = SeededGenerator(seed: options.seed)

        progress("sign up \(options.users) users")
        var signUps = LatencySample()
        var users: [UserID] = []
        users.reserveCapacity(options.users)
        for index in 0..<options.users {
            let session = try signUps.time {
                try stack.auth.signUp(
                    email: "user\(index)@roost.test", password: "password\(index)", username: "user\(index)",
                    fullName: "User \(index)")
            }
            users.append(session.user.id)
        }

        progress("\(options.followsPerUser) follows per user")
        var follows = LatencySample()
        let followCount = min(options.followsPerUser, options.users - 1)
        for user in users {
            var chosen = Set<UserID>()
            while chosen.count < followCount {
                let other = users[Int.random(in: 0..<users.count, using: &random)]
                if other != user { chosen.insert(other) }
            }
            for other in chosen.sorted() { try follows.time { try stack.follows.follow(other, by: user) } }
        }

        var posts = LatencySample()
        var postIDs: [PostID] = []
        postIDs.reserveCapacity(options.users * options.postsPerUser)
        func writePosts(rounds: Range<Int>) throws {
            for round in rounds {
                for (index, user) in users.enumerated() {
                    let post = try posts.time {
                        try stack.posts.compose(.post("Post \(round) of user\(index): hello @user\((index + 1) % users.count) #roost"), by: user)
                    }
                    postIDs.append(post.id)
                }
            }
        }

        progress("\(options.checkpointPostsPerUser * options.users) posts")
        try writePosts(rounds: 0..<options.checkpointPostsPerUser)
        progress("feed reads at \(postIDs.count) posts")
        let checkpoint = try measureFeed(stack, users: users, posts: postIDs.count)

        progress("\(options.users * options.postsPerUser) posts")
        try writePosts(rounds: options.checkpointPostsPerUser..<options.postsPerUser)

        progress("\(options.likesPerUser) likes per user")
        var likes = LatencySample()
        for user in users {
            for _ in 0..<options.likesPerUser {
                let post = postIDs[Int.random(in: 0..<postIDs.count, using: &random)]
                try likes.time { try stack.likes.like(post, by: user) }
            }
        }

        progress("feed reads at \(postIDs.count) posts")
        let end = try measureFeed(stack, users: users, posts: postIDs.count)
        return Result(
            options: options,
            writes: [("sign_up", signUps), ("follow", follows), ("post", posts), ("like", likes)],
            feedAtCheckpoint: checkpoint, feedAtEnd: end)
    }

    /// Reads the first page and the `deepPage`-th page of random users' feeds; the same
    /// users at both table sizes.
    private func measureFeed(_ stack: SocialStack, users: [UserID], posts: Int) throws -> FeedTiming {
        var random = SeededGenerator(seed: options.seed &+ 1)
        var first = LatencySample(), deep = LatencySample()
        for _ in 0..<options.feedReads {
            let user = users[Int.random(in: 0..<users.count, using: &random)]
            var page = try first.time { try stack.feed.homeFeed(for: user) }
            for _ in 1..<(options.deepPage - 1) {
                guard let cursor = page.nextCursor else { break }
                page = try stack.feed.homeFeed(for: user, before: cursor)
            }
            if let cursor = page.nextCursor {
                try deep.time { _ = try stack.feed.homeFeed(for: user, before: cursor) }
            }
        }
        return FeedTiming(posts: posts, firstPage: first, deepPage: deep)
    }
}
