import Foundation
import GRDB

/// Follow and unfollow (idempotent, never oneself), and the follow lists.
public struct FollowService: Sendable {
    let store: Store

    /// The session's user follows `user`; returns false when they already did.
    @discardableResult
    public func follow(_ user: UserID, as session: Session) throws -> Bool {
        let follower = session.user.id
        if user == follower { throw FollowError.cannotFollowSelf(user) }
        return try store.write { db, outbox in
            try SessionCheck.verify(session, for: "follow", in: db, store: store)
            guard try UserService.exists(user, in: db) else { throw FollowError.userNotFound(user) }
            let insert = try DirectStatement(db, Statements.insertFollow)
            insert.bind(follower.rawValue, at: 1)
            insert.bind(user.rawValue, at: 2)
            insert.bind(store.nowMillis, at: 3)
            try insert.execute()
            guard db.changesCount > 0 else { return false }
            try Self.adjustCounts(follower: follower, followee: user, by: 1, in: db)
            try NotificationService.notify(user, actor: follower, kind: .follow, in: db, store: store, outbox: &outbox)
            try FeedService.didFollow(user, by: follower, in: db, store: store)
            return true
        }
    }

    /// The session's user stops following `user`; returns false when they did not follow.
    @discardableResult
    public func unfollow(_ user: UserID, as session: Session) throws -> Bool {
        let follower = session.user.id
        if user == follower { throw FollowError.cannotFollowSelf(user) }
        return try store.write { db, _ in
            try SessionCheck.verify(session, for: "unfollow", in: db, store: store)
            guard try UserService.exists(user, in: db) else { throw FollowError.userNotFound(user) }
            try db.cachedExecute(
                sql: "DELETE FROM follows WHERE follower_id = ? AND followee_id = ?", arguments: [follower, user])
            guard db.changesCount > 0 else { return false }
            try Self.adjustCounts(follower: follower, followee: user, by: -1, in: db)
            try db.cachedExecute(
                sql: "DELETE FROM notifications WHERE actor_id = ? AND kind = 'follow' AND recipient_id = ?",
                arguments: [follower, user])
            try FeedService.didUnfollow(user, by: follower, in: db, store: store)
            return true
        }
    }

    /// Whether `follower` follows `user`.
    public func isFollowing(_ user: UserID, by follower: UserID) throws -> Bool {
        try store.read { db in
            try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?)",
                arguments: [follower, user]) ?? false
        }
    }

    /// Who follows `user`, most recent first.
    public func followers(of user: UserID, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<User> {
        try page(of: user, matching: "followee_id", joining: "follower_id", before: before, limit: limit)
    }

    /// Whom `user` follows, most recent first.
    public func following(of user: UserID, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<User> {
        try page(of: user, matching: "follower_id", joining: "followee_id", before: before, limit: limit)
    }

    private func page(of user: UserID, matching column: String, joining other: String, before: Int64?, limit: Int) throws -> Page<User> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try UserService.exists(user, in: db) else { throw FollowError.userNotFound(user) }
            let rows = try db.cachedRows(sql: """
                    SELECT \(User.columns), follows.id AS follow_id FROM follows
                    JOIN users ON users.id = follows.\(other)
                    WHERE follows.\(column) = ? AND follows.id < ?
                    ORDER BY follows.id DESC LIMIT ?
                    """,
                arguments: [user, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: User.init(row:)) { $0["follow_id"] }
        }
    }

    private static func adjustCounts(follower: UserID, followee: UserID, by delta: Int, in db: Database) throws {
        let following = try DirectStatement(db, Statements.adjustFollowingCount)
        following.bind(Int64(delta), at: 1)
        following.bind(follower.rawValue, at: 2)
        try following.execute()
        let followers = try DirectStatement(db, Statements.adjustFollowersCount)
        followers.bind(Int64(delta), at: 1)
        followers.bind(followee.rawValue, at: 2)
        try followers.execute()
    }
}
