import Foundation
import GRDB
import HeapModule

/// The home timeline: a user's own top-level posts and those of everyone they follow,
/// newest first, in keyset pages. Replies are not in the feed.
public struct FeedService: Sendable {
    let store: Store

    /// The strategy this stack builds feeds with.
    public var strategy: FeedStrategy { store.configuration.feed }

    /// Delivers each new top-level post that enters the session's user's home feed (their
    /// own, and those of users they follow when it is written) to `callback`, once, right
    /// after the write commits, on that writer's thread, until the observation is cancelled
    /// or its session ends (logged out, a password reset, the account deleted, expired): then
    /// `ended` is told why, once, and `callback` is never called again.
    public func observe(
        for session: Session, _ callback: @escaping @Sendable (Post) -> Void,
        ended: (@Sendable (ObservationEnd) -> Void)? = nil
    ) throws -> FeedObservation {
        try store.observe(on: store.feedHub, session, for: "observe home feed", callback, ended: ended)
    }

    /// How many feed observations of the session's user are live (of any of their sessions;
    /// those whose session expired are ended first). Only the user's own session may ask.
    public func observationCount(for session: Session) throws -> Int {
        let user = try store.read { db in
            try SessionCheck.verify(session, for: "count feed observations", in: db, store: store)
        }
        return store.feedHub.count(for: user, now: store.nowMillis)
    }

    /// One page of the session's user's home feed, posts older than `before` (a post id), newest first.
    public func homeFeed(for session: Session, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<Post> {
        let limit = PageSize.clamped(limit)
        let bound = before ?? Int64.max
        return try store.read { db in
            // A stored session implies its user exists (sessions cascade with their user).
            let user = try SessionCheck.verify(session, for: "home feed", in: db, store: store)
            let (ids, more) = switch strategy {
            case .fanOutOnRead: try Self.mergedPage(for: user, before: bound, limit: limit, in: db)
            case .fanOutOnWrite: try Self.storedPage(for: user, before: bound, limit: limit, in: db)
            }
            let posts = try PostService.fetch(ids, in: db)
            return Page(items: posts, nextCursor: more ? ids.last?.rawValue : nil)
        }
    }

    // MARK: fanOutOnRead

    private struct Head: Comparable {
        let post: Int64
        let author: Int64
        static func < (lhs: Head, rhs: Head) -> Bool { lhs.post < rhs.post }
    }

    /// A k-way merge over the authors' `(author_id, is_reply, id)` index: one seek per
    /// followee to find each author's newest post, then one seek per post taken, so a page
    /// costs O(followees + page) whatever the size of the posts table.
    private static func mergedPage(for user: UserID, before bound: Int64, limit: Int, in db: Database) throws -> ([PostID], Bool) {
        let heads = try DirectStatement(db, Statements.feedHeads)
        heads.bind(bound, at: 1)
        heads.bind(user.rawValue, at: 2)
        heads.bind(user.rawValue, at: 3)
        var heap = Heap<Head>()
        while try heads.step() {
            if let head = heads.optionalInt64(1) { heap.insert(Head(post: head, author: heads.int64(0))) }
        }
        heads.reset()
        let next = try DirectStatement(db, Statements.authorPostBefore)
        var ids: [PostID] = []
        ids.reserveCapacity(limit)
        while ids.count < limit, let top = heap.popMax() {
            ids.append(PostID(rawValue: top.post))
            next.bind(top.author, at: 1)
            next.bind(top.post, at: 2)
            if let older = try next.int64Value() {
                heap.insert(Head(post: older, author: top.author))
            }
        }
        return (ids, !heap.isEmpty)
    }

    // MARK: fanOutOnWrite

    private static func storedPage(for user: UserID, before bound: Int64, limit: Int, in db: Database) throws -> ([PostID], Bool) {
        let page = try DirectStatement(db, Statements.storedFeedPage)
        defer { page.reset() }
        page.bind(user.rawValue, at: 1)
        page.bind(bound, at: 2)
        page.bind(Int64(limit + 1), at: 3)
        var ids: [PostID] = []
        ids.reserveCapacity(limit)
        while try page.step() {
            if ids.count == limit { return (ids, true) }
            ids.append(PostID(rawValue: page.int64(0)))
        }
        return (ids, false)
    }

    /// A top-level post was written: put it in its author's and followers' feeds.
    static func didPost(_ post: PostID, by author: UserID, in db: Database, store: Store) throws {
        guard store.configuration.feed == .fanOutOnWrite else { return }
        let fanOut = try DirectStatement(db, Statements.fanOutPost)
        fanOut.bind(author.rawValue, named: ":author")
        fanOut.bind(post.rawValue, named: ":post")
        try fanOut.execute()
    }

    /// Queues a new top-level post for the live feed observations of its author and of the
    /// observed users who follow the author now (nothing is read when nobody observes).
    static func announce(_ post: Post, in db: Database, store: Store, outbox: inout Outbox) throws {
        let observed = store.feedHub.observedUsers
        guard !observed.isEmpty else { return }
        var recipients: [UserID] = observed.contains(post.author) ? [post.author] : []
        for user in observed where user != post.author {
            let follows = try db.cachedValue(
                Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)",
                arguments: [user, post.author]) ?? false
            if follows { recipients.append(user) }
        }
        if !recipients.isEmpty { outbox.feedPosts.append((post, recipients)) }
    }

    /// A follow started: the followee's posts enter the follower's feed.
    static func didFollow(_ followee: UserID, by follower: UserID, in db: Database, store: Store) throws {
        guard store.configuration.feed == .fanOutOnWrite else { return }
        let fanOut = try DirectStatement(db, Statements.fanOutFollow)
        fanOut.bind(follower.rawValue, at: 1)
        fanOut.bind(followee.rawValue, at: 2)
        try fanOut.execute()
    }

    /// A follow ended: the followee's posts leave the follower's feed.
    static func didUnfollow(_ followee: UserID, by follower: UserID, in db: Database, store: Store) throws {
        guard store.configuration.feed == .fanOutOnWrite else { return }
        try db.cachedExecute(
            sql: "DELETE FROM feed_entries WHERE owner_id = ? AND author_id = ?", arguments: [follower, followee])
    }

    /// Makes the feed table match the strategy a stack opens with: rebuilt from follows and
    /// posts when switching to `fanOutOnWrite`, emptied when switching away from it.
    static func prepare(_ writer: any DatabaseWriter, strategy: FeedStrategy) throws {
        try writer.write { db in
            let previous = try db.cachedValue(String.self, sql: "SELECT value FROM stack_settings WHERE key = 'feed_strategy'")
            guard previous != strategy.rawValue else { return }
            try db.cachedExecute(sql: "DELETE FROM feed_entries")
            if strategy == .fanOutOnWrite {
                try db.cachedExecute(sql: """
                    INSERT INTO feed_entries (owner_id, post_id, author_id)
                    SELECT author_id, id, author_id FROM posts WHERE is_reply = 0
                    UNION ALL
                    SELECT follows.follower_id, posts.id, posts.author_id
                    FROM follows JOIN posts ON posts.author_id = follows.followee_id AND posts.is_reply = 0
                    """)
            }
            try db.cachedExecute(
                sql: "INSERT OR REPLACE INTO stack_settings (key, value) VALUES ('feed_strategy', ?)",
                arguments: [strategy.rawValue])
        }
    }
}
