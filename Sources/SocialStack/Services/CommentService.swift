import Foundation
import GRDB

/// Instagram-style comments: add, list newest first, delete your own.
public struct CommentService: Sendable {
    let store: Store

    /// The session's user comments on a post; its author is notified (unless it is them).
    @discardableResult
    public func comment(on post: PostID, text: String, as session: Session) throws -> Comment {
        let (text, problem) = TextRules.trimmed(text, limit: TextLimits.comment, byteLimit: TextLimits.commentBytes)
        if let problem { throw CommentError.invalidText(problem) }
        return try store.write { db, outbox in
            let user = try SessionCheck.verify(session, for: "comment", in: db, store: store)
            guard let author = try PostService.author(of: post, in: db) else {
                throw CommentError.postNotFound(post)
            }
            try db.cachedExecute(
                sql: "INSERT INTO comments (post_id, author_id, text, created_at) VALUES (?, ?, ?, ?)",
                arguments: [post, user, text, store.nowMillis])
            let id = CommentID(rawValue: db.lastInsertedRowID)
            try db.cachedExecute(sql: "UPDATE posts SET comment_count = comment_count + 1 WHERE id = ?", arguments: [post])
            try NotificationService.notify(author, actor: user, kind: .comment, post: post, comment: id, in: db, store: store, outbox: &outbox)
            return try Self.fetch(id, in: db)
        }
    }

    /// A post's comments, newest first.
    public func comments(on post: PostID, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<Comment> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try db.exists("posts", id: post.rawValue) else { throw CommentError.postNotFound(post) }
            let rows = try db.cachedRows(sql: "SELECT * FROM comments WHERE post_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
                arguments: [post, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: Comment.init(row:)) { $0["id"] }
        }
    }

    /// Deletes a comment, and the notification it caused: the session's user must be the
    /// comment's author or the author of the post it is on.
    public func delete(_ comment: CommentID, as session: Session) throws {
        try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: "delete comment", in: db, store: store)
            let existing = try Self.fetch(comment, in: db)
            if existing.author != user, try PostService.author(of: existing.post, in: db) != user {
                throw CommentError.notAuthor(comment: comment, user: user)
            }
            try db.cachedExecute(sql: "DELETE FROM comments WHERE id = ?", arguments: [comment])
            try db.cachedExecute(sql: "UPDATE posts SET comment_count = comment_count - 1 WHERE id = ?", arguments: [existing.post])
        }
    }

    private static func fetch(_ id: CommentID, in db: Database) throws -> Comment {
        guard let row = try db.cachedRow(sql: "SELECT * FROM comments WHERE id = ?", arguments: [id]) else {
            throw CommentError.commentNotFound(id)
        }
        return Comment(row: row)
    }
}
