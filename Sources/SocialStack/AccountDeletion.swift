import GRDB

/// What deleting an account removes and corrects, in one write transaction: the rows that
/// hang off the account go by cascade (sessions, resets, follows, likes, comments,
/// mentions, feed entries, notifications to and from it), its posts are deleted first (so
/// the search index's delete trigger runs for each), and every counter on other users and
/// other posts that counted the account is decremented first, so each equals what a stack
/// where the account never existed holds. Images no other user or post refers to are freed.
enum AccountDeletion {
    /// Counters on others that count the account (`:me` = the account), run before any row goes.
    static let counterCorrections = [
        // Users it followed lose a follower; users following it follow one fewer.
        "UPDATE users SET followers_count = followers_count - 1 WHERE id IN (SELECT followee_id FROM follows WHERE follower_id = :me)",
        "UPDATE users SET following_count = following_count - 1 WHERE id IN (SELECT follower_id FROM follows WHERE followee_id = :me)",
        // Others' posts lose its likes, comments and replies (its own posts go altogether).
        """
        UPDATE posts SET like_count = like_count - 1
        WHERE id IN (SELECT post_id FROM likes WHERE user_id = :me) AND author_id <> :me
        """,
        """
        UPDATE posts SET comment_count = comment_count
            - (SELECT count(*) FROM comments WHERE comments.post_id = posts.id AND comments.author_id = :me)
        WHERE id IN (SELECT post_id FROM comments WHERE author_id = :me) AND author_id <> :me
        """,
        """
        UPDATE posts SET reply_count = reply_count
            - (SELECT count(*) FROM posts AS reply WHERE reply.reply_to = posts.id AND reply.author_id = :me)
        WHERE id IN (SELECT reply_to FROM posts WHERE author_id = :me AND reply_to IS NOT NULL) AND author_id <> :me
        """,
    ]

    /// The images the account's profile and posts use: candidates to free once it is gone.
    static let mediaInUse = """
        SELECT profile_image_id FROM users WHERE id = :me AND profile_image_id IS NOT NULL
        UNION SELECT image_id FROM posts WHERE author_id = :me AND image_id IS NOT NULL
        """

    /// Deletes the account `me` and corrects what counted it; returns the images freed.
    @discardableResult
    static func delete(_ me: UserID, in db: Database) throws -> [MediaID] {
        let arguments: StatementArguments = ["me": me]
        let images = try db.cachedValues(MediaID.self, sql: mediaInUse, arguments: arguments)
        for sql in counterCorrections { try db.cachedExecute(sql: sql, arguments: arguments) }
        // Its posts one statement ahead of the user row: replies by others to them lose
        // their link (as when a post is deleted), and the search index drops each.
        try db.cachedExecute(sql: "DELETE FROM posts WHERE author_id = :me", arguments: arguments)
        try db.cachedExecute(sql: "DELETE FROM users WHERE id = :me", arguments: arguments)
        var freed: [MediaID] = []
        // The rule a deleted post or a replaced avatar follows (`MediaService.release`).
        for image in images where try MediaService.release(image, in: db) { freed.append(image) }
        return freed
    }
}
