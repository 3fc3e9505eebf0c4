import GRDB

/// The statements a bulk load runs once per row, prepared when it starts (the same SQL as
/// the services' inserts).
struct BulkStatements {
    let insertUser: Statement
    let insertSession: Statement
    let insertFollow: Statement
    let insertPost: Statement
    let userNamed: Statement
    let insertMention: Statement
    let insertLike: Statement

    init(_ db: Database) throws {
        insertUser = try db.makeStatement(sql: """
            INSERT INTO users (email, username, full_name, full_name_key, profile_image_id, password_hash, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        insertSession = try db.makeStatement(
            sql: "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
        insertFollow = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)")
        insertPost = try db.makeStatement(
            sql: "INSERT INTO posts (author_id, text, image_id, reply_to, is_reply, created_at) VALUES (?, ?, ?, NULL, 0, ?)")
        userNamed = try db.makeStatement(sql: "SELECT id FROM users WHERE username = ?")
        insertMention = try db.makeStatement(sql: "INSERT OR IGNORE INTO mentions (post_id, user_id) VALUES (?, ?)")
        insertLike = try db.makeStatement(sql: "INSERT OR IGNORE INTO likes (post_id, user_id, created_at) VALUES (?, ?, ?)")
    }
}
