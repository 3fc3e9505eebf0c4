import Foundation
import GRDB

/// Compose, edit, delete and fetch posts and replies. Only a post's author may edit or
/// delete it, and deleting leaves nothing dangling: its likes, comments, mentions, feed
/// entries, notifications and search entry go with it, and its replies lose their link.
public struct PostService: Sendable {
    let store: Store

    /// Writes a post or a reply by the session's user; mentions notify the users they name.
    @discardableResult
    public func compose(_ compose: Compose, as session: Session) throws -> Post {
        let (rawText, image, parent): (String, [UInt8]?, PostID?) = switch compose {
        case let .post(text, image): (text, image, nil)
        case let .reply(parent, text): (text, nil, parent)
        }
        let text = try Self.validated(rawText)
        return try store.write { db, outbox in
            // A stored session implies its user exists (sessions cascade with their user).
            let author = try SessionCheck.verify(session, for: "compose", in: db, store: store)
            var parentAuthor: UserID?
            if let parent {
                parentAuthor = try Self.author(of: parent, in: db)
                guard parentAuthor != nil else { throw PostError.parentNotFound(parent) }
            }
            var imageID: MediaID?
            if let image {
                do { imageID = try MediaService.insert(image, in: db, store: store) }
                catch let error as MediaError { throw PostError.imageRejected(error) }
            }
            let insert = try DirectStatement(db, Statements.insertPost)
            insert.bind(author.rawValue, at: 1)
            insert.bind(text, at: 2)
            insert.bind(imageID?.rawValue, at: 3)
            insert.bind(parent?.rawValue, at: 4)
            insert.bind(parent != nil, at: 5)
            insert.bind(store.nowMillis, at: 6)
            try insert.execute()
            let id = PostID(rawValue: db.lastInsertedRowID)
            let count = try DirectStatement(db, Statements.incrementPostsCount)
            count.bind(author.rawValue, at: 1)
            try count.execute()
            if let parent, let parentAuthor {
                try db.cachedExecute(sql: "UPDATE posts SET reply_count = reply_count + 1 WHERE id = ?", arguments: [parent])
                try NotificationService.notify(parentAuthor, actor: author, kind: .reply, post: id, in: db, store: store, outbox: &outbox)
            } else {
                try FeedService.didPost(id, by: author, in: db, store: store)
            }
            try Self.recordMentions(in: text, of: id, by: author, alreadyNotified: parentAuthor, in: db, store: store, outbox: &outbox)
            let post = try Self.fetch(id, in: db)
            if parent == nil { try FeedService.announce(post, in: db, store: store, outbox: &outbox) }
            return post
        }
    }

    /// Replaces the text of the session's user's own post; new mentions notify, removed ones are withdrawn.
    @discardableResult
    public func edit(_ id: PostID, text newText: String, as session: Session) throws -> Post {
        let text = try Self.validated(newText)
        return try store.write { db, outbox in
            let user = try SessionCheck.verify(session, for: "edit post", in: db, store: store)
            let post = try Self.fetchOwned(id, by: user, in: db)
            try db.cachedExecute(sql: "UPDATE posts SET text = ?, edited_at = ? WHERE id = ?", arguments: [text, store.nowMillis, id])
            let before = Set(try db.cachedValues(UserID.self, sql: "SELECT user_id FROM mentions WHERE post_id = ?", arguments: [id]))
            let parentAuthor = try post.replyTo.flatMap { try Self.author(of: $0, in: db) }
            let after = Set(try Self.recordMentions(
                in: text, of: id, by: user, alreadyNotified: parentAuthor, skipping: before, in: db, store: store, outbox: &outbox))
            for gone in before.subtracting(after) {
                try db.cachedExecute(sql: "DELETE FROM mentions WHERE post_id = ? AND user_id = ?", arguments: [id, gone])
                try db.cachedExecute(
                    sql: "DELETE FROM notifications WHERE post_id = ? AND recipient_id = ? AND kind = 'mention'",
                    arguments: [id, gone])
            }
            return try Self.fetch(id, in: db)
        }
    }

    /// Deletes the session's user's own post and everything that hangs off it.
    public func delete(_ id: PostID, as session: Session) throws {
        try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: "delete post", in: db, store: store)
            let post = try Self.fetchOwned(id, by: user, in: db)
            if let parent = post.replyTo {
                try db.cachedExecute(sql: "UPDATE posts SET reply_count = reply_count - 1 WHERE id = ?", arguments: [parent])
            }
            try db.cachedExecute(sql: "UPDATE users SET posts_count = posts_count - 1 WHERE id = ?", arguments: [user])
            // Foreign keys cascade to likes, comments (and their notifications), mentions,
            // feed entries and notifications, and unlink replies; a trigger updates search.
            try db.cachedExecute(sql: "DELETE FROM posts WHERE id = ?", arguments: [id])
            // Its image goes too, unless another post or a profile uses the same bytes.
            if let image = post.image { try MediaService.release(image, in: db) }
        }
    }

    /// The post with this id.
    public func post(_ id: PostID) throws -> Post {
        try store.read { db in try Self.fetch(id, in: db) }
    }

    /// The posts with these ids that exist, newest first.
    public func posts(_ ids: [PostID]) throws -> [Post] {
        try store.read { db in try Self.fetch(ids, in: db) }
    }

    /// A user's posts, newest first (replies only when asked), for the profile screen.
    public func posts(by user: UserID, includingReplies: Bool = false, before: Int64? = nil,
                      limit: Int = PageSize.default) throws -> Page<Post> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try UserService.exists(user, in: db) else { throw PostError.userNotFound(user) }
            let filter = includingReplies ? "" : "AND is_reply = 0"
            let rows = try db.cachedRows(sql: "SELECT \(Post.columns) FROM posts WHERE author_id = ? \(filter) AND id < ? ORDER BY id DESC LIMIT ?",
                arguments: [user, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: Post.init(row:)) { $0[0] }
        }
    }

    /// The replies to a post, oldest first (conversation order); pass `nextCursor` as `after`.
    public func replies(to id: PostID, after: Int64? = nil, limit: Int = PageSize.default) throws -> Page<Post> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try db.exists("posts", id: id.rawValue) else { throw PostError.postNotFound(id) }
            let rows = try db.cachedRows(sql: "SELECT \(Post.columns) FROM posts WHERE reply_to = ? AND id > ? ORDER BY id LIMIT ?",
                arguments: [id, after ?? 0, limit + 1])
            return Page(rows: rows, limit: limit, item: Post.init(row:)) { $0[0] }
        }
    }

    /// The posts a user liked, most recently liked first; the cursor is a like id.
    public func liked(by user: UserID, before: Int64? = nil, limit: Int = PageSize.default) throws -> Page<Post> {
        let limit = PageSize.clamped(limit)
        return try store.read { db in
            guard try UserService.exists(user, in: db) else { throw PostError.userNotFound(user) }
            let rows = try db.cachedRows(sql: """
                    SELECT \(Post.columns), likes.id AS like_id FROM likes JOIN posts ON posts.id = likes.post_id
                    WHERE likes.user_id = ? AND likes.id < ? ORDER BY likes.id DESC LIMIT ?
                    """,
                arguments: [user, before ?? Int64.max, limit + 1])
            return Page(rows: rows, limit: limit, item: Post.init(row:)) { $0["like_id"] }
        }
    }

    /// The users a post mentions, in no particular order.
    public func mentions(in id: PostID) throws -> [UserID] {
        try store.read { db in
            try db.cachedValues(UserID.self, sql: "SELECT user_id FROM mentions WHERE post_id = ? ORDER BY user_id", arguments: [id])
        }
    }

    // MARK: Shared with the other services

    static func fetch(_ id: PostID, in db: Database) throws -> Post {
        let post = try DirectStatement(db, Statements.post)
        defer { post.reset() }
        post.bind(id.rawValue, at: 1)
        guard try post.step() else { throw PostError.postNotFound(id) }
        return Post(post)
    }

    /// The posts with these ids, newest first.
    static func fetch(_ ids: [PostID], in db: Database) throws -> [Post] {
        guard !ids.isEmpty else { return [] }
        let rows = try DirectStatement(db, Statements.postsByIDs)
        defer { rows.reset() }
        JSONIntegerArray.withUTF8(ids.lazy.map(\.rawValue)) { rows.bind(utf8: $0, at: 1) }
        var posts: [Post] = []
        posts.reserveCapacity(ids.count)
        while try rows.step() { posts.append(Post(rows)) }
        return posts
    }

    /// The author of a post, or nil when there is no such post.
    static func author(of post: PostID, in db: Database) throws -> UserID? {
        let author = try DirectStatement(db, Statements.postAuthor)
        author.bind(post.rawValue, at: 1)
        return try author.int64Value().map(UserID.init(rawValue:))
    }

    private static func fetchOwned(_ id: PostID, by user: UserID, in db: Database) throws -> Post {
        let post = try fetch(id, in: db)
        guard post.author == user else { throw PostError.notAuthor(post: id, user: user) }
        return post
    }

    private static func validated(_ text: String) throws -> String {
        let (trimmed, problem) = TextRules.trimmed(text, limit: TextLimits.post, byteLimit: TextLimits.postBytes)
        if let problem { throw PostError.invalidText(problem) }
        return trimmed
    }

    /// Resolves the `@username`s in `text` to users, records them, and notifies each one
    /// not yet told (never the author, nor a parent author already told of the reply).
    /// Returns every user the text mentions.
    @discardableResult
    private static func recordMentions(
        in text: String, of post: PostID, by author: UserID, alreadyNotified: UserID?,
        skipping known: Set<UserID> = [], in db: Database, store: Store, outbox: inout Outbox
    ) throws -> [UserID] {
        let names = TextRules.mentions(in: text)
        guard !names.isEmpty else { return [] }
        // Usernames are [a-z0-9_] (TextRules.usernameProblem), so they need no JSON escaping.
        var jsonNames = "["
        for (index, name) in names.enumerated() {
            jsonNames += index == 0 ? "\"" : ",\""
            jsonNames += name
            jsonNames += "\""
        }
        jsonNames += "]"
        let users = try DirectStatement(db, Statements.mentionedUsers)
        users.bind(jsonNames, at: 1)
        var mentioned: [UserID] = []
        while try users.step() { mentioned.append(UserID(rawValue: users.int64(0))) }
        users.reset()
        for user in mentioned where !known.contains(user) {
            let mention = try DirectStatement(db, Statements.insertMention)
            mention.bind(post.rawValue, at: 1)
            mention.bind(user.rawValue, at: 2)
            try mention.execute()
            if user != alreadyNotified {
                try NotificationService.notify(user, actor: author, kind: .mention, post: post, in: db, store: store, outbox: &outbox)
            }
        }
        return mentioned
    }
}
