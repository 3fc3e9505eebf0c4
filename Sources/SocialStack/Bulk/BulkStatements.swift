import GRDB

/// The statements a bulk load writes its rows with, prepared when it starts: the services'
/// inserts, several rows per statement, bound and stepped through SQLite's C API.
struct BulkStatements {
    /// email, username, full name, full-name key, profile image, hash, time.
    let users: BulkRowsInsert
    /// token hash, user, created, expires.
    let sessions: BulkRowsInsert
    /// follower, followee, time.
    let follows: BulkRowsInsert
    /// author, text, image, parent (NULL), is-reply (0), time.
    let posts: BulkRowsInsert
    /// post, user.
    let mentions: BulkRowsInsert
    /// post, user, time.
    let likes: BulkRowsInsert
    /// user, password hash: replaces a placeholder.
    let passwordHashes: BulkRowsInsert
    /// A user's id by username.
    let userNamed: DirectStatement

    init(_ db: Database) throws {
        users = BulkRowsInsert(db, """
            INSERT INTO users (email, username, full_name, full_name_key, profile_image_id, password_hash, created_at) VALUES
            """, columns: 7)
        sessions = BulkRowsInsert(db, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES", columns: 4)
        follows = BulkRowsInsert(db, "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES", columns: 3)
        posts = BulkRowsInsert(db, "INSERT INTO posts (author_id, text, image_id, reply_to, is_reply, created_at) VALUES", columns: 6)
        mentions = BulkRowsInsert(db, "INSERT OR IGNORE INTO mentions (post_id, user_id) VALUES", columns: 2)
        likes = BulkRowsInsert(db, "INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES", columns: 3)
        passwordHashes = BulkRowsInsert(db, "UPDATE users SET password_hash = hashes.column2 FROM (VALUES", columns: 2,
                                        tail: ") AS hashes WHERE users.id = hashes.column1")
        userNamed = try DirectStatement(db, "SELECT id FROM users WHERE username = ?")
    }
}
