import Foundation
import GRDB

/// Why a notification was written.
public enum NotificationKind: String, Hashable, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case follow, like, reply, comment, mention
}

/// Something that happened to a user: followed, liked, replied to, commented on, mentioned.
public struct SocialNotification: Hashable, Sendable, Codable {
    public let id: NotificationID
    /// Who is told.
    public let recipient: UserID
    /// Who did it.
    public let actor: UserID
    public let kind: NotificationKind
    /// The post liked, the reply, or the post that mentions (nil for follows).
    public let post: PostID?
    /// The comment, for `.comment`.
    public let comment: CommentID?
    public let createdAt: Date
    public var isRead: Bool

    init(
        id: NotificationID, recipient: UserID, actor: UserID, kind: NotificationKind, post: PostID?,
        comment: CommentID?, createdAt: Date, isRead: Bool
    ) {
        self.id = id
        self.recipient = recipient
        self.actor = actor
        self.kind = kind
        self.post = post
        self.comment = comment
        self.createdAt = createdAt
        self.isRead = isRead
    }

    init(row: Row) {
        id = row["id"]
        recipient = row["recipient_id"]
        actor = row["actor_id"]
        kind = row["kind"]
        post = row["post_id"]
        comment = row["comment_id"]
        createdAt = Timestamp.date(row["created_at"] as Int64)
        isRead = (row["read_at"] as Int64?) != nil
    }
}
