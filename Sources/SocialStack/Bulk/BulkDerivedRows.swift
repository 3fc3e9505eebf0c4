import GRDB

/// The rows the services write as a consequence of a follow, post or like (counts,
/// notifications, feed entries), written set-based for every row of a phase at once. Each
/// statement keeps the services' order (notifications are inserted in the order of the rows
/// that caused them), so ids come out as the services would give them.
enum BulkDerivedRows {
    /// Counts and `follow` notifications for follows with id > `mark`; under fanOutOnWrite,
    /// the followees' existing posts enter the followers' feeds (`FeedService.didFollow`).
    static func afterFollows(since mark: Int64, in db: Database, feed: FeedStrategy) throws {
        try db.execute(sql: """
            UPDATE users SET following_count = following_count + added.count
            FROM (SELECT follower_id AS id, count(*) AS count FROM follows WHERE id > ? GROUP BY follower_id) AS added
            WHERE users.id = added.id
            """, arguments: [mark])
        try db.execute(sql: """
            UPDATE users SET followers_count = followers_count + added.count
            FROM (SELECT followee_id AS id, count(*) AS count FROM follows WHERE id > ? GROUP BY followee_id) AS added
            WHERE users.id = added.id
            """, arguments: [mark])
        try db.execute(sql: """
            INSERT INTO notifications (recipient_id, actor_id, kind, post_id, comment_id, created_at)
            SELECT followee_id, follower_id, 'follow', NULL, NULL, created_at FROM follows WHERE id > ? ORDER BY id
            """, arguments: [mark])
        if feed == .fanOutOnWrite {
            try db.execute(sql: """
                INSERT OR IGNORE INTO feed_entries (owner_id, post_id, author_id)
                SELECT follows.follower_id, posts.id, posts.author_id
                FROM follows JOIN posts ON posts.author_id = follows.followee_id AND posts.is_reply = 0
                WHERE follows.id > ?
                """, arguments: [mark])
        }
    }

    /// Authors' post counts, search entries, `mention` notifications (never to the author) and, under
    /// fanOutOnWrite, the feed entries of posts with id > `mark` (`FeedService.didPost`).
    static func afterPosts(since mark: Int64, in db: Database, feed: FeedStrategy) throws {
        try db.execute(sql: """
            UPDATE users SET posts_count = posts_count + added.count
            FROM (SELECT author_id AS id, count(*) AS count FROM posts WHERE id > ? GROUP BY author_id) AS added
            WHERE users.id = added.id
            """, arguments: [mark])
        try BulkSearchIndex.index(postsAfter: mark, in: db)
        try db.execute(sql: """
            INSERT INTO notifications (recipient_id, actor_id, kind, post_id, comment_id, created_at)
            SELECT mentions.user_id, posts.author_id, 'mention', posts.id, NULL, posts.created_at
            FROM mentions JOIN posts ON posts.id = mentions.post_id
            WHERE mentions.post_id > ? AND mentions.user_id <> posts.author_id
            ORDER BY mentions.post_id, mentions.user_id
            """, arguments: [mark])
        if feed == .fanOutOnWrite {
            // In key order: the table is WITHOUT ROWID, so sorted inserts append to its b-tree.
            try db.execute(sql: """
                INSERT INTO feed_entries (owner_id, post_id, author_id)
                SELECT owner_id, post_id, author_id FROM (
                    SELECT author_id AS owner_id, id AS post_id, author_id FROM posts WHERE id > :mark AND is_reply = 0
                    UNION ALL
                    SELECT follows.follower_id, posts.id, posts.author_id
                    FROM posts JOIN follows ON follows.followee_id = posts.author_id
                    WHERE posts.id > :mark AND posts.is_reply = 0)
                ORDER BY owner_id, post_id
                """, arguments: ["mark": mark])
        }
    }

    /// Posts' like counts and `like` notifications (never to the liker) for likes with id > `mark`.
    static func afterLikes(since mark: Int64, in db: Database) throws {
        try db.execute(sql: """
            UPDATE posts SET like_count = like_count + added.count
            FROM (SELECT post_id AS id, count(*) AS count FROM likes WHERE id > ? GROUP BY post_id) AS added
            WHERE posts.id = added.id
            """, arguments: [mark])
        try db.execute(sql: """
            INSERT INTO notifications (recipient_id, actor_id, kind, post_id, comment_id, created_at)
            SELECT posts.author_id, likes.user_id, 'like', likes.post_id, NULL, likes.created_at
            FROM likes JOIN posts ON posts.id = likes.post_id
            WHERE likes.id > ? AND posts.author_id <> likes.user_id
            ORDER BY likes.id
            """, arguments: [mark])
    }
}
