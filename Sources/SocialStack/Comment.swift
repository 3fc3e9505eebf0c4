import Foundation
import GRDB

/// An Instagram-style comment under a post.
public struct Comment: Hashable, Sendable, Codable {
    public let id: CommentID
    public let post: PostID
    public let author: UserID
    /// Trimmed text, 1...`TextLimits.comment` characters.
    public let text: String
    public let createdAt: Date

    init(row: Row) {
        id = row["id"]
        post = row["post_id"]
        author = row["author_id"]
        text = row["text"]
        createdAt = Timestamp.date(row["created_at"] as Int64)
    }
}
