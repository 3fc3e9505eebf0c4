import GRDB

/// The database schema, as GRDB migrations. Add a migration; never edit a shipped one.
package enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (name, sql) in migrations {
            migrator.registerMigration(name) { db in
                try db.execute(sql: sql)
            }
        }
        return migrator
    }

    /// Every migration's name and SQL, in order: what `migrator` runs, and what the
    /// plain-SQLite reference of `roost-bench stack --reference` runs to get the same schema.
    package static let migrations: [(name: String, sql: String)] = [("v1", v1), ("v2-media-references", v2), ("v3-sessions-by-expiry", v3), ("v4-search-prefixes", v4)]

    // Indexes are chosen so that a feed page, a profile page and a notification page
    // read O(page) rows (plus O(followees) index seeks for fanOutOnRead), whatever the
    // table sizes. Ids are AUTOINCREMENT so they only grow and are never reused: they
    // are the keyset cursors.
    private static let v1 = """
        CREATE TABLE media (
            id TEXT PRIMARY KEY NOT NULL,
            bytes BLOB NOT NULL,
            size INTEGER NOT NULL,
            created_at INTEGER NOT NULL
        );

        CREATE TABLE users (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            email TEXT NOT NULL UNIQUE COLLATE NOCASE,
            username TEXT NOT NULL UNIQUE,
            full_name TEXT NOT NULL,
            full_name_key TEXT NOT NULL,
            bio TEXT NOT NULL DEFAULT '',
            profile_image_id TEXT REFERENCES media(id),
            password_hash TEXT NOT NULL,
            followers_count INTEGER NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
            following_count INTEGER NOT NULL DEFAULT 0 CHECK (following_count >= 0),
            posts_count INTEGER NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
            created_at INTEGER NOT NULL
        );
        CREATE INDEX users_by_full_name_key ON users(full_name_key);

        CREATE TABLE sessions (
            token_hash BLOB PRIMARY KEY NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX sessions_by_user ON sessions(user_id);

        CREATE TABLE password_resets (
            token_hash BLOB PRIMARY KEY NOT NULL,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            expires_at INTEGER NOT NULL
        );
        CREATE INDEX password_resets_by_user ON password_resets(user_id);

        CREATE TABLE follows (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            follower_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            followee_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            UNIQUE (follower_id, followee_id),
            CHECK (follower_id <> followee_id)
        );
        CREATE INDEX follows_following_page ON follows(follower_id, id);
        CREATE INDEX follows_followers_page ON follows(followee_id, id);

        CREATE TABLE posts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            image_id TEXT REFERENCES media(id),
            reply_to INTEGER REFERENCES posts(id) ON DELETE SET NULL,
            is_reply BOOLEAN NOT NULL,
            like_count INTEGER NOT NULL DEFAULT 0 CHECK (like_count >= 0),
            reply_count INTEGER NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
            comment_count INTEGER NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
            created_at INTEGER NOT NULL,
            edited_at INTEGER
        );
        CREATE INDEX posts_timeline ON posts(author_id, is_reply, id);
        CREATE INDEX posts_by_author ON posts(author_id, id);
        CREATE INDEX posts_replies ON posts(reply_to, id);

        CREATE TABLE likes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            UNIQUE (post_id, user_id)
        );
        CREATE INDEX likes_by_user ON likes(user_id, id);

        CREATE TABLE comments (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX comments_page ON comments(post_id, id);
        CREATE INDEX comments_by_author ON comments(author_id);

        CREATE TABLE mentions (
            post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            PRIMARY KEY (post_id, user_id)
        ) WITHOUT ROWID;
        CREATE INDEX mentions_by_user ON mentions(user_id);

        CREATE TABLE feed_entries (
            owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
            author_id INTEGER NOT NULL,
            PRIMARY KEY (owner_id, post_id)
        ) WITHOUT ROWID;
        CREATE INDEX feed_entries_by_post ON feed_entries(post_id);
        CREATE INDEX feed_entries_by_author ON feed_entries(owner_id, author_id);

        CREATE TABLE notifications (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            recipient_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            actor_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('follow', 'like', 'reply', 'comment', 'mention')),
            post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
            comment_id INTEGER REFERENCES comments(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            read_at INTEGER,
            CHECK (recipient_id <> actor_id)
        );
        CREATE INDEX notifications_page ON notifications(recipient_id, id);
        CREATE INDEX notifications_by_post ON notifications(post_id);
        CREATE INDEX notifications_by_comment ON notifications(comment_id);
        CREATE INDEX notifications_by_actor ON notifications(actor_id, kind);

        CREATE VIRTUAL TABLE posts_fts USING fts5(
            text,
            content = 'posts',
            content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2',
            prefix = '2 3'
        );
        CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
            INSERT INTO posts_fts(rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
            INSERT INTO posts_fts(posts_fts, rowid, text) VALUES ('delete', old.id, old.text);
        END;
        CREATE TRIGGER posts_fts_update AFTER UPDATE OF text ON posts BEGIN
            INSERT INTO posts_fts(posts_fts, rowid, text) VALUES ('delete', old.id, old.text);
            INSERT INTO posts_fts(rowid, text) VALUES (new.id, new.text);
        END;

        CREATE TABLE stack_settings (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """

    // Who still uses an image, found by index when a post is deleted or an image replaced
    // (`MediaService.release`). Partial: posts and users without an image add no entry, so
    // a post or a sign-up without one writes nothing more than before.
    private static let v2 = """
        CREATE INDEX posts_by_image ON posts(image_id) WHERE image_id IS NOT NULL;
        CREATE INDEX users_by_profile_image ON users(profile_image_id) WHERE profile_image_id IS NOT NULL;
        """

    // A login looks for the user's expired sessions (`AuthService.purgeExpiredSessions`):
    // on `(user_id)` alone that walked every live session of the user, so a login cost grew
    // with the logins before it; on `(user_id, expires_at)` it is one seek. Same entries,
    // so a session insert writes no more than before.
    private static let v3 = """
        DROP INDEX sessions_by_user;
        CREATE INDEX sessions_by_user ON sessions(user_id, expires_at);
        """

    // A post search matches each word as a prefix. FTS5 reads an indexed prefix length as
    // one posting list, walked lazily; any other length it builds by merging the posting
    // lists of every word that starts with it, in full, before the first row: `round` in
    // 60,000 posts cost about 5 ms that way. Prefixes of 2 to 6 characters cover the words
    // people type; each post's words write three more prefix entries. The table's
    // options cannot be altered, so it is made again and rebuilt from `posts`.
    private static let v4 = """
        DROP TABLE posts_fts;
        CREATE VIRTUAL TABLE posts_fts USING fts5(
            text,
            content = 'posts',
            content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2',
            prefix = '2 3 4 5 6'
        );
        INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
        """
}
