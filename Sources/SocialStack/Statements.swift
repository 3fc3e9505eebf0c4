/// The SQL of the operations `roost-bench stack --reference` measures (post, like, follow,
/// a home-feed page, and the sign-up insert that fills the users table), in one place: the
/// services execute these constants, and the plain-SQLite reference in LoadHarness prepares
/// the very same strings, so the ratio between the two is the cost of GRDB and Swift around
/// identical SQL. Change a statement here and both sides change together.
package enum Statements {
    // MARK: Transactions

    /// A write's transaction begins here (as GRDB's `write` begins it).
    package static let beginImmediate = "BEGIN IMMEDIATE TRANSACTION"
    /// A read's transaction on a pool reader begins here.
    package static let beginDeferred = "BEGIN DEFERRED TRANSACTION"
    package static let commit = "COMMIT TRANSACTION"
    package static let rollback = "ROLLBACK TRANSACTION"

    /// Whether a row with this id exists in `table` (`?` = the id).
    package static func exists(in table: String) -> String {
        "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)"
    }

    /// Whether a user exists (`?` = user id).
    package static let userExists = exists(in: "users")

    // MARK: Sessions

    /// When a session ends (token hash, user id); no row when it is not stored for that user.
    package static let sessionExpiry = "SELECT expires_at FROM sessions WHERE token_hash = ? AND user_id = ?"

    // MARK: Sign-up

    /// A new account: email, username, full name, full-name key, profile image, hash, time.
    package static let insertUser = """
        INSERT INTO users (email, username, full_name, full_name_key, profile_image_id, password_hash, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    // MARK: Post

    /// A post or reply: author, text, image, parent, is-reply, time.
    package static let insertPost = """
        INSERT INTO posts (author_id, text, image_id, reply_to, is_reply, created_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// One more post on the author's profile (`?` = author).
    package static let incrementPostsCount = "UPDATE users SET posts_count = posts_count + 1 WHERE id = ?"

    /// fanOutOnWrite: a new top-level post enters its author's and followers' feeds.
    package static let fanOutPost = """
        INSERT INTO feed_entries (owner_id, post_id, author_id)
        SELECT :author, :post, :author
        UNION ALL
        SELECT follower_id, :post, :author FROM follows WHERE followee_id = :author
        """

    /// The users named in a post (`?` = a JSON array of lowercased usernames), by id.
    package static let mentionedUsers =
        "SELECT id FROM users WHERE username IN (SELECT value FROM json_each(?)) ORDER BY id"

    /// A mention: post, user.
    package static let insertMention = "INSERT OR IGNORE INTO mentions (post_id, user_id) VALUES (?, ?)"

    /// A notification: recipient, actor, kind, post, comment, time.
    package static let insertNotification = """
        INSERT INTO notifications (recipient_id, actor_id, kind, post_id, comment_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """

    /// One post's `Post.columns` (`?` = post id).
    package static let post = "SELECT \(Post.columns) FROM posts WHERE id = ?"

    /// The author of a post (`?` = post id).
    package static let postAuthor = "SELECT author_id FROM posts WHERE id = ?"

    // MARK: Like

    /// A like: post, user, time; ignored when it exists.
    package static let insertLike = "INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)"

    /// One more like on a post (`?` = post id).
    package static let incrementLikeCount = "UPDATE posts SET like_count = like_count + 1 WHERE id = ?"

    // MARK: Follow

    /// A follow: follower, followee, time; ignored when it exists.
    package static let insertFollow =
        "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)"

    /// Adds `?` to a user's following count (delta, user id).
    package static let adjustFollowingCount = "UPDATE users SET following_count = following_count + ? WHERE id = ?"

    /// Adds `?` to a user's followers count (delta, user id).
    package static let adjustFollowersCount = "UPDATE users SET followers_count = followers_count + ? WHERE id = ?"

    /// fanOutOnWrite: the followee's top-level posts enter the follower's feed (follower, followee).
    package static let fanOutFollow = """
        INSERT OR IGNORE INTO feed_entries (owner_id, post_id, author_id)
        SELECT ?, id, author_id FROM posts WHERE author_id = ? AND is_reply = 0
        """

    // MARK: Home feed

    /// fanOutOnRead: each author of a feed (the user and their followees) with their newest
    /// top-level post older than the bound (bound, user, user); `head` is NULL for none.
    package static let feedHeads = """
        SELECT authors.id AS author,
               (SELECT id FROM posts WHERE author_id = authors.id AND is_reply = 0 AND id < ?
                ORDER BY id DESC LIMIT 1) AS head
        FROM (SELECT ? AS id UNION ALL SELECT followee_id FROM follows WHERE follower_id = ?) AS authors
        """

    /// fanOutOnRead: an author's newest top-level post older than a post (author, bound).
    package static let authorPostBefore =
        "SELECT id FROM posts WHERE author_id = ? AND is_reply = 0 AND id < ? ORDER BY id DESC LIMIT 1"

    /// fanOutOnWrite: a stored feed's post ids older than the bound (owner, bound, limit).
    package static let storedFeedPage =
        "SELECT post_id FROM feed_entries WHERE owner_id = ? AND post_id < ? ORDER BY post_id DESC LIMIT ?"

    /// The posts with these ids (`?` = a JSON array of ids), newest first.
    package static let postsByIDs =
        "SELECT \(Post.columns) FROM posts WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC"
}
