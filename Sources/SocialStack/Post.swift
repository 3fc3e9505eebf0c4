import Foundation
import GRDB

/// What a user writes: a top-level post, or a reply to one.
public enum Compose: Sendable {
    /// A top-level post, with an optional image.
    case post(String, image: [UInt8]? = nil)
    /// A reply to another post.
    case reply(to: PostID, String)
}

/// A post or a reply.
public struct Post: Hashable, Sendable, Codable {
    public let id: PostID
    public let author: UserID
    /// Trimmed text, 1...280 characters, stored byte for byte.
    public var text: String
    public let image: MediaID?
    /// The post this replies to; `nil` for a top-level post, or once the parent was deleted.
    public let replyTo: PostID?
    /// Whether this was written as a reply (stays true when the parent is deleted).
    public let isReply: Bool
    public var likeCount: Int
    public var replyCount: Int
    public var commentCount: Int
    public let createdAt: Date
    public var editedAt: Date?

    /// Decodes a row whose first columns are `Post.columns`, in that order (by index:
    /// looking columns up by name cost more than the query on a feed page).
    init(row: Row) {
        id = row[0]
        author = row[1]
        text = row[2]
        image = row[3]
        replyTo = row[4]
        isReply = row[5]
        likeCount = row[6]
        replyCount = row[7]
        commentCount = row[8]
        createdAt = Timestamp.date(row[9] as Int64)
        editedAt = Timestamp.date(row[10] as Int64?)
    }

    static let columns = """
        posts.id, posts.author_id, posts.text, posts.image_id, posts.reply_to, posts.is_reply, \
        posts.like_count, posts.reply_count, posts.comment_count, posts.created_at, posts.edited_at
        """
}
