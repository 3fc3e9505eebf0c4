import Foundation
import GRDB

/// Likes. A post's `likeCount` is changed in SQL in the same transaction as the like row
/// (never read-modify-write), so concurrent likes lose nothing and the count always equals
/// the rows.
public struct LikeService: Sendable {
    let store: Store

    /// The session's user likes the post; returns false when they already did.
    @discardableResult
    public func like(_ post: PostID, as session: Session) throws -> Bool {
        try store.write { db, outbox in
            let user = try SessionCheck.verify(session, for: "like", in: db, store: store)
            let author = try Self.author(of: post, in: db)
            let insert = try DirectStatement(db, Statements.insertLike)
            insert.bind(post.rawValue, at: 1)
            insert.bind(user.rawValue, at: 2)
            insert.bind(store.nowMillis, at: 3)
            try insert.execute()
            guard db.changesCount > 0 else { return false }
            let count = try DirectStatement(db, Statements.incrementLikeCount)
            count.bind(post.rawValue, at: 1)
            try count.execute()
            try NotificationService.notify(author, actor: user, kind: .like, post: post, in: db, store: store, outbox: &outbox)
            return true
        }
    }

    /// The session's user takes back their like; returns false when there was none.
    @discardableResult
    public func unlike(_ post: PostID, as session: Session) throws -> Bool {
        try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: "unlike", in: db, store: store)
            _ = try Self.author(of: post, in: db)
            try db.cachedExecute(sql: "DELETE FROM likes WHERE post_id = ? AND user_id = ?", arguments: [post, user])
            guard db.changesCount > 0 else { return false }
            try db.cachedExecute(sql: "UPDATE posts SET like_count = like_count - 1 WHERE id = ?", arguments: [post])
            try db.cachedExecute(
                sql: "DELETE FROM notifications WHERE post_id = ? AND actor_id = ? AND kind = 'like'",
                arguments: [post, user])
            return true
        }
    }

    /// Whether `user` likes the post.
    public func hasLiked(_ post: PostID, by user: UserID) throws -> Bool {
        try store.read { db in
            try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM likes WHERE post_id = ? AND user_id = ?)",
                arguments: [post, user]) ?? false
        }
    }

    /// Which of these posts `user` likes (one query for a page of cells).
    public func liked(_ posts: [PostID], by user: UserID) throws -> Set<PostID> {
        guard !posts.isEmpty else { return [] }
        return try store.read { db in
            Set(try db.cachedValues(PostID.self, sql: "SELECT post_id FROM likes WHERE user_id = ? AND post_id IN (SELECT value FROM json_each(?))",
                arguments: [user, UserService.jsonArray(posts.map(\.rawValue))]))
        }
    }

    /// Who liked the post, most recent first; the cursor is a like id.
    public func likers(of post: PostID, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<User> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try db.exists("posts", id: post.rawValue) else { throw LikeError.postNotFound(post) }
            let rows = try db.cachedRows(sql: """
                    SELECT \(User.columns), likes.id AS like_id FROM likes JOIN users ON users.id = likes.user_id
                    WHERE likes.post_id = ? AND likes.id < ? ORDER BY likes.id DESC LIMIT ?
                    """,
                arguments: [post, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: User.init(row:)) { $0["like_id"] }
        }
    }

    /// The post's author; the liker exists, as their session was just checked.
    private static func author(of post: PostID, in db: Database) throws -> UserID {
        guard let author = try PostService.author(of: post, in: db) else {
            throw LikeError.postNotFound(post)
        }
        return author
    }
}
