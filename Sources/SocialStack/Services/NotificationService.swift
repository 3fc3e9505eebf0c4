import Foundation
import GRDB

/// Notification lists, read state, and live observation.
public struct NotificationService: Sendable {
    let store: Store

    /// The session's user's notifications, newest first; pass `nextCursor` as `before` for the next page.
    public func notifications(for session: Session, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<SocialNotification> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            // A stored session implies its user exists (sessions cascade with their user).
            let user = try SessionCheck.verify(session, for: "list notifications", in: db, store: store)
            let rows = try db.cachedRows(sql: """
                    SELECT * FROM notifications WHERE recipient_id = ? AND id < ?
                    ORDER BY id DESC LIMIT ?
                    """,
                arguments: [user, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: SocialNotification.init(row:)) { $0["id"] }
        }
    }

    /// How many of the session's user's notifications are unread.
    public func unreadCount(for session: Session) throws -> Int {
        try store.read { db in
            let user = try SessionCheck.verify(session, for: "count unread notifications", in: db, store: store)
            return try db.cachedValue(Int.self, sql: "SELECT count(*) FROM notifications WHERE recipient_id = ? AND read_at IS NULL",
                arguments: [user]) ?? 0
        }
    }

    /// Marks the session's user's notifications read, up to and including `through` (all
    /// when nil); returns how many changed. Nobody else's notifications are touched.
    @discardableResult
    public func markRead(for session: Session, through: NotificationID? = nil) throws -> Int {
        try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: "mark notifications read", in: db, store: store)
            try db.cachedExecute(
                sql: "UPDATE notifications SET read_at = ? WHERE recipient_id = ? AND id <= ? AND read_at IS NULL",
                arguments: [store.nowMillis, user, through?.rawValue ?? Int64.max])
            return db.changesCount
        }
    }

    /// Delivers each new notification for the session's user to `callback`, once, right
    /// after the write that created it commits, on that writer's thread, until the
    /// observation is cancelled or its session ends (logged out, a password reset, the account
    /// deleted, expired): then `ended` is told why, once, and `callback` is never called again.
    public func observe(
        _ session: Session, _ callback: @escaping @Sendable (SocialNotification) -> Void,
        ended: (@Sendable (ObservationEnd) -> Void)? = nil
    ) throws -> NotificationObservation {
        try store.observe(on: store.notificationHub, session, for: "observe notifications", callback, ended: ended)
    }

    /// How many notification observations of the session's user are live (of any of their
    /// sessions; those whose session expired are ended first). Only the user's own session
    /// may ask.
    public func observationCount(for session: Session) throws -> Int {
        let user = try store.read { db in
            try SessionCheck.verify(session, for: "count notification observations", in: db, store: store)
        }
        return store.notificationHub.count(for: user, now: store.nowMillis)
    }

    /// Writes one notification inside the caller's transaction, unless it would go to its
    /// own actor; it is announced to observers when that transaction commits.
    static func notify(
        _ recipient: UserID, actor: UserID, kind: NotificationKind, post: PostID? = nil,
        comment: CommentID? = nil, in db: Database, store: Store, outbox: inout Outbox
    ) throws {
        guard recipient != actor else { return }
        let now = store.nowMillis
        let insert = try DirectStatement(db, Statements.insertNotification)
        insert.bind(recipient.rawValue, at: 1)
        insert.bind(actor.rawValue, at: 2)
        insert.bind(kind.rawValue, at: 3)
        insert.bind(post?.rawValue, at: 4)
        insert.bind(comment?.rawValue, at: 5)
        insert.bind(now, at: 6)
        try insert.execute()
        outbox.notifications.append(SocialNotification(
            id: NotificationID(rawValue: db.lastInsertedRowID), recipient: recipient, actor: actor, kind: kind,
            post: post, comment: comment, createdAt: Timestamp.date(now), isRead: false))
    }
}
