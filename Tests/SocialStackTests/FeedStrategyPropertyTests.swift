import Foundation
import TestFolders
import Testing
@testable import SocialStack

/// SplitMix64: a tiny seeded generator, so every run replays the same operations.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The home feed as plain Swift collections: own and followed users' top-level posts,
/// newest id first, replies never.
private struct FeedModel {
    var users: [UserID] = []
    var following: [UserID: Set<UserID>] = [:]
    /// Every live post (top-level and replies) and its author.
    var authors: [PostID: UserID] = [:]
    var topLevel: Set<PostID> = []
    /// Ids of posts that were deleted: replying to or deleting them must fail.
    var deleted: [PostID] = []

    func feed(for user: UserID) -> [PostID] {
        let sources = following[user, default: []].union([user])
        return topLevel.filter { sources.contains(authors[$0]!) }.sorted(by: >)
    }
}

/// Applies each operation to every stack in lockstep and checks that all of them agree:
/// equal values, or the same error.
private struct Lockstep {
    let stacks: [SocialStack]

    func run<T: Equatable>(
        _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: (SocialStack) throws -> T
    ) -> Result<T, any Error> {
        let results = stacks.map { stack in Result { try body(stack) } }
        for other in results.dropFirst() {
            switch (results[0], other) {
            case let (.success(a), .success(b)):
                #expect(a == b, "\(what): the stacks returned different values", sourceLocation: sourceLocation)
            case let (.failure(a), .failure(b)):
                #expect(String(reflecting: a) == String(reflecting: b), "\(what): different errors", sourceLocation: sourceLocation)
            default:
                Issue.record("\(what): one stack threw and the other did not: \(results[0]) vs \(other)", sourceLocation: sourceLocation)
            }
        }
        return results[0]
    }
}

private func expectValue<T>(
    _ result: Result<T, any Error>, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) -> T? {
    switch result {
    case let .success(value): return value
    case let .failure(error):
        Issue.record("\(what): unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

private func expectError<T, E: Error & Equatable>(
    _ result: Result<T, any Error>, _ expected: E, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    switch result {
    case let .success(value):
        Issue.record("\(what): expected \(expected), got \(value)", sourceLocation: sourceLocation)
    case let .failure(error):
        #expect(error as? E == expected, "\(what)", sourceLocation: sourceLocation)
    }
}

/// Every page of a user's home feed, walked with the cursor; page sizes cycle through `sizes`.
private func walk(_ stack: SocialStack, _ user: UserID, sizes: [Int]) throws -> [Page<Post>] {
    var pages: [Page<Post>] = []
    var cursor: Int64?
    repeat {
        let page = try stack.feed.homeFeed(for: stack.session(of: user), before: cursor, limit: sizes[pages.count % sizes.count])
        pages.append(page)
        cursor = page.nextCursor
    } while cursor != nil && pages.count < 1_000
    return pages
}

/// The random operations: follow, unfollow, post, reply, delete (and some that must fail).
private struct RandomOperations {
    var rng: SplitMix64
    var model = FeedModel()
    let lockstep: Lockstep
    let clock: TestClock
    let context: String

    init(seed: UInt64, stacks: [SocialStack], clock: TestClock, context: String) {
        rng = SplitMix64(seed: seed)
        lockstep = Lockstep(stacks: stacks)
        self.clock = clock
        self.context = context
    }

    mutating func signUpUsers(_ count: Int) throws {
        for index in 0..<count {
            let ids = try lockstep.stacks.map { try signUp($0, "user\(index)") }
            #expect(Set(ids).count == 1, "user ids differ between stacks")
            model.users.append(ids[0])
        }
    }

    private mutating func randomUser() -> UserID { model.users.randomElement(using: &rng)! }

    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    private mutating func livePost() -> PostID? { model.authors.keys.sorted().randomElement(using: &rng) }

    private var missingPost: PostID { model.deleted.last ?? PostID(rawValue: 999_999) }

    mutating func step(_ index: Int) {
        clock.advance(by: 1)
        let what = "\(context) op \(index)"
        let roll = Int.random(in: 0..<100, using: &rng)
        switch roll {
        case 0..<25:
            let follower = randomUser()
            let followee = chance(4) ? UserID(rawValue: 999) : randomUser()
            let result = lockstep.run("\(what) follow") { try $0.follows.follow(followee, as: $0.session(of: follower)) }
            if follower == followee {
                expectError(result, FollowError.cannotFollowSelf(followee), what)
            } else if !model.users.contains(followee) {
                expectError(result, FollowError.userNotFound(followee), what)
            } else if let started = expectValue(result, what) {
                #expect(started == !model.following[follower, default: []].contains(followee), "\(what) follow result")
                model.following[follower, default: []].insert(followee)
            }
        case 25..<40:
            let follower = randomUser()
            // Mostly someone followed, so unfollows are not all no-ops.
            let followed = model.following[follower, default: []].sorted()
            let followee = chance(70) ? (followed.randomElement(using: &rng) ?? randomUser()) : randomUser()
            let result = lockstep.run("\(what) unfollow") { try $0.follows.unfollow(followee, as: $0.session(of: follower)) }
            if follower == followee {
                expectError(result, FollowError.cannotFollowSelf(followee), what)
            } else if let ended = expectValue(result, what) {
                #expect(ended == model.following[follower, default: []].contains(followee), "\(what) unfollow result")
                model.following[follower, default: []].remove(followee)
            }
        case 40..<70:
            let author = randomUser()
            let blank = chance(3)
            let mention = chance(20) ? " @user\(Int.random(in: 0..<8, using: &rng))" : ""
            let text = blank ? "   " : "post \(index) by \(author)\(mention)"
            let result = lockstep.run("\(what) post") { try $0.posts.compose(.post(text), as: $0.session(of: author)) }
            if blank {
                expectError(result, PostError.invalidText(.empty), what)
            } else if let post = expectValue(result, what) {
                #expect(post.author == author && !post.isReply && post.replyTo == nil)
                model.authors[post.id] = author
                model.topLevel.insert(post.id)
            }
        case 70..<85:
            let author = randomUser()
            let toMissing = chance(10) || model.authors.isEmpty
            let parent = toMissing ? missingPost : livePost()!
            let result = lockstep.run("\(what) reply") { try $0.posts.compose(.reply(to: parent, "reply \(index)"), as: $0.session(of: author)) }
            if toMissing {
                expectError(result, PostError.parentNotFound(parent), what)
            } else if let reply = expectValue(result, what) {
                #expect(reply.isReply && reply.replyTo == parent)
                model.authors[reply.id] = author
            }
        default:
            let toMissing = chance(10) || model.authors.isEmpty
            let post = toMissing ? missingPost : livePost()!
            let actor = !toMissing && chance(80) ? model.authors[post]! : randomUser()
            let result = lockstep.run("\(what) delete") { try $0.posts.delete(post, as: $0.session(of: actor)); return true }
            if toMissing {
                expectError(result, PostError.postNotFound(post), what)
            } else if model.authors[post] != actor {
                expectError(result, PostError.notAuthor(post: post, user: actor), what)
            } else if expectValue(result, what) != nil {
                model.authors[post] = nil
                model.topLevel.remove(post)
                model.deleted.append(post)
            }
        }
    }

    /// Walks `user`'s feed in every stack with random small page sizes: the pages (items
    /// and cursors) must be identical, and the posts must be what the model says.
    mutating func checkFeed(of user: UserID, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sizes = (0..<5).map { _ in Int.random(in: 1...7, using: &rng) }
        let walks = try lockstep.stacks.map { try walk($0, user, sizes: sizes) }
        for other in walks.dropFirst() {
            #expect(walks[0] == other, "\(what): strategies disagree on user \(user)'s feed", sourceLocation: sourceLocation)
        }
        let pages = walks[0]
        #expect(pages.flatMap(\.items).map(\.id) == model.feed(for: user),
                "\(what): user \(user)'s feed differs from the model", sourceLocation: sourceLocation)
        for (number, page) in pages.enumerated() {
            if number < pages.count - 1 {
                #expect(page.items.count == sizes[number % sizes.count], sourceLocation: sourceLocation)
                #expect(page.nextCursor == page.items.last?.id.rawValue, sourceLocation: sourceLocation)
            } else {
                #expect(page.nextCursor == nil, sourceLocation: sourceLocation)
                #expect(!page.items.isEmpty || pages.count == 1, "empty trailing page", sourceLocation: sourceLocation)
            }
        }
        // A page from an arbitrary cursor (possibly a deleted or a reply's id) agrees too.
        let bound = Int64.random(in: 0...(model.authors.keys.map(\.rawValue).max() ?? 0) + 2, using: &rng)
        let limit = Int.random(in: 1...7, using: &rng)
        let result = lockstep.run("\(what) page before \(bound)") { try $0.feed.homeFeed(for: $0.session(of: user), before: bound, limit: limit) }
        if let page = expectValue(result, what, sourceLocation: sourceLocation) {
            let expected = model.feed(for: user).filter { $0.rawValue < bound }
            #expect(page.items.map(\.id) == Array(expected.prefix(limit)), sourceLocation: sourceLocation)
            #expect(page.nextCursor == (expected.count > limit ? expected[limit - 1].rawValue : nil), sourceLocation: sourceLocation)
        }
    }

    mutating func checkAllFeeds(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for user in model.users { try checkFeed(of: user, what, sourceLocation: sourceLocation) }
    }
}

@Suite struct FeedStrategyPropertyTests {
    @Test(arguments: 1...20)
    func bothStrategiesReturnIdenticalPagesForRandomHistories(seed: UInt64) throws {
        let clock = TestClock()
        let stacks = [try makeStack(feed: .fanOutOnRead, clock: clock), try makeStack(feed: .fanOutOnWrite, clock: clock)]
        #expect(stacks.map(\.feed.strategy) == [.fanOutOnRead, .fanOutOnWrite])
        var operations = RandomOperations(
            seed: seed &* 0x2545_F491_4F6C_DD1D, stacks: stacks, clock: clock, context: "seed \(seed)")
        try operations.signUpUsers(8)
        try operations.checkAllFeeds("seed \(seed) empty")
        for index in 1...150 {
            operations.step(index)
            if index % 10 == 0 {
                let user = operations.model.users[index / 10 % operations.model.users.count]
                try operations.checkFeed(of: user, "seed \(seed) after op \(index)")
            }
            if index % 75 == 0 { try operations.checkAllFeeds("seed \(seed) after op \(index)") }
        }
        try operations.checkAllFeeds("seed \(seed) at the end")
        // The histories did exercise the feed: some posts, follows and deletes happened.
        #expect(operations.model.topLevel.count > 10)
        #expect(!operations.model.deleted.isEmpty)
        #expect(operations.model.following.values.contains { !$0.isEmpty })
    }

    /// Reopening a stack file with the other strategy gives the same feeds, pages and
    /// cursors alike: the feed table is rebuilt when switching to fan-out on write, and
    /// changes made while it was not maintained (fan-out on read) do not leave stale entries.
    @Test(arguments: [7, 8] as [UInt64])
    func reopeningAFileWithTheOtherStrategyKeepsTheFeed(seed: UInt64) throws {
        let directory = URL(fileURLWithPath: TestFolders.path("feed-switch"), isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stack.sqlite").path
        let clock = TestClock()
        let sizes = [3, 1, 5]
        let strategies: [FeedStrategy] = [.fanOutOnRead, .fanOutOnWrite, .fanOutOnRead, .fanOutOnWrite, .fanOutOnWrite]

        var model = FeedModel()
        var rng = SplitMix64(seed: seed)
        var previous: [UserID: [Page<Post>]]?
        for (round, strategy) in strategies.enumerated() {
            let stack = try makeStack(feed: strategy, storage: .file(path: path), clock: clock)
            #expect(stack.feed.strategy == strategy)
            var operations = RandomOperations(seed: rng.next(), stacks: [stack], clock: clock, context: "round \(round)")
            if round == 0 { try operations.signUpUsers(8) } else { operations.model = model }

            // Same data, just reopened (maybe with the other strategy): identical pages.
            if let previous {
                for user in operations.model.users {
                    #expect(try walk(stack, user, sizes: sizes) == previous[user], "round \(round): user \(user)'s feed changed on reopening")
                }
                try operations.checkAllFeeds("round \(round) reopened as \(strategy)")
            }
            for index in 1...60 { operations.step(index) }
            try operations.checkAllFeeds("round \(round) after writes as \(strategy)")
            model = operations.model
            previous = Dictionary(uniqueKeysWithValues: try model.users.map { ($0, try walk(stack, $0, sizes: sizes)) })
        }
        #expect(!model.deleted.isEmpty)
    }
}
