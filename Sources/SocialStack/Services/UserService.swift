import Foundation
import GRDB

/// Profiles: fetch, edit, rename, stats, and user search.
public struct UserService: Sendable {
    let store: Store

    /// The user with this id.
    public func user(_ id: UserID) throws -> User {
        try store.read { db in try Self.fetch(id, in: db) }
    }

    /// The user with this username (any case), matched on every byte of it.
    public func user(named username: String) throws -> User {
        let name = TextRules.normalizedUsername(username)
        // A name that breaks the username rule (a NUL, a space, too long) is no one's: it is
        // not looked up, so it cannot match a stored name that is a prefix of it.
        guard TextRules.usernameProblem(name) == nil else { throw UserError.usernameNotFound(TextRules.quoted(name)) }
        return try store.read { db in
            guard let row = try db.cachedRow(sql: "SELECT \(User.columns) FROM users WHERE username = ?", arguments: [name])
            else { throw UserError.usernameNotFound(name) }
            return User(row: row)
        }
    }

    /// The users with these ids, by id; unknown ids are left out.
    public func users(_ ids: [UserID]) throws -> [UserID: User] {
        guard !ids.isEmpty else { return [:] }
        return try store.read { db in
            let rows = try db.cachedRows(sql: "SELECT \(User.columns) FROM users WHERE id IN (SELECT value FROM json_each(?))",
                arguments: [Self.jsonArray(ids.map(\.rawValue))])
            return Dictionary(rows.map { (UserID(rawValue: $0["id"]), User(row: $0)) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Followers, following and post counts (posts include replies).
    public func stats(for id: UserID) throws -> UserStats {
        try store.read { db in
            guard let row = try db.cachedRow(sql: "SELECT followers_count, following_count, posts_count FROM users WHERE id = ?", arguments: [id])
            else { throw UserError.userNotFound(id) }
            return UserStats(followers: row["followers_count"], following: row["following_count"], posts: row["posts_count"])
        }
    }

    /// Edits the session's user's full name and bio; a `nil` argument keeps the current value.
    @discardableResult
    public func updateProfile(as session: Session, fullName: String? = nil, bio: String? = nil) throws -> User {
        var newName: String?
        if let fullName {
            let (trimmed, problem) = TextRules.trimmed(fullName, limit: TextLimits.fullName, byteLimit: TextLimits.fullNameBytes)
            if let problem { throw UserError.invalidFullName(problem) }
            newName = trimmed
        }
        var newBio: String?
        if let bio {
            let (trimmed, problem) = TextRules.trimmed(bio, limit: TextLimits.bio, byteLimit: TextLimits.bioBytes)
            // An empty bio is allowed: it clears the bio.
            if let problem, problem != .empty { throw UserError.invalidBio(problem) }
            newBio = trimmed
        }
        return try store.write { db, _ in
            let id = try SessionCheck.verify(session, for: "update profile", in: db, store: store)
            if let newName {
                try db.cachedExecute(sql: "UPDATE users SET full_name = ?, full_name_key = ? WHERE id = ?",
                               arguments: [newName, newName.lowercased(), id])
            }
            if let newBio {
                try db.cachedExecute(sql: "UPDATE users SET bio = ? WHERE id = ?", arguments: [newBio, id])
            }
            return try Self.fetch(id, in: db)
        }
    }

    /// Replaces the session's user's profile image with these bytes, or removes it when
    /// `nil`; the old image's bytes go unless another post or profile uses them.
    @discardableResult
    public func setProfileImage(_ bytes: [UInt8]?, as session: Session) throws -> User {
        try store.write { db, _ in
            let id = try SessionCheck.verify(session, for: "set profile image", in: db, store: store)
            let old = try Self.fetch(id, in: db).profileImage
            var imageID: MediaID?
            if let bytes {
                do { imageID = try MediaService.insert(bytes, in: db, store: store) }
                catch let error as MediaError { throw UserError.imageRejected(error) }
            }
            try db.cachedExecute(sql: "UPDATE users SET profile_image_id = ? WHERE id = ?", arguments: [imageID, id])
            if let old, old != imageID { try MediaService.release(old, in: db) }
            return try Self.fetch(id, in: db)
        }
    }

    /// Renames the session's user; the old name is free for others as soon as this returns.
    @discardableResult
    public func changeUsername(as session: Session, to newUsername: String) throws -> User {
        let name = TextRules.normalizedUsername(newUsername)
        if let reason = TextRules.usernameProblem(name) {
            throw UserError.invalidUsername(TextRules.quoted(newUsername), reason: reason, suggestion: TextRules.usernameSuggestion(for: newUsername))
        }
        return try store.write { db, _ in
            let id = try SessionCheck.verify(session, for: "change username", in: db, store: store)
            let user = try Self.fetch(id, in: db)
            if user.username == name { throw UserError.sameUsername(name) }
            if try Usernames.isTaken(name, in: db) {
                throw UserError.usernameTaken(name, suggestion: try Usernames.freeSuggestion(near: name, in: db))
            }
            try db.cachedExecute(sql: "UPDATE users SET username = ? WHERE id = ?", arguments: [name, id])
            return try Self.fetch(id, in: db)
        }
    }

    /// Users whose username or full name starts with `query` (any case; a leading `@` is
    /// ignored): exact username first, then username prefixes, then full-name prefixes,
    /// each by follower count. A query over `TextLimits.searchBytes` bytes or with a NUL
    /// throws `SearchError`.
    public func search(_ query: String, limit: Int = PageSize.default, offset: Int = 0) throws -> [User] {
        try SearchError.check(query)
        var prefix = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if prefix.hasPrefix("@") { prefix.removeFirst() }
        guard !prefix.isEmpty else { return [] }
        let upper = prefix + "\u{10FFFF}"
        return try store.read { db in
            try db.cachedRows(sql: """
                    SELECT \(User.columns),
                        CASE WHEN username = :prefix THEN 0
                             WHEN username >= :prefix AND username < :upper THEN 1
                             ELSE 2 END AS match_rank
                    FROM users
                    WHERE (username >= :prefix AND username < :upper)
                       OR (full_name_key >= :prefix AND full_name_key < :upper)
                    ORDER BY match_rank, followers_count DESC, id
                    LIMIT :limit OFFSET :offset
                    """,
                arguments: ["prefix": prefix, "upper": upper, "limit": PageSize.clamped(limit), "offset": max(offset, 0)]
            ).map(User.init(row:))
        }
    }

    static func fetch(_ id: UserID, in db: Database) throws -> User {
        guard let row = try db.cachedRow(sql: "SELECT \(User.columns) FROM users WHERE id = ?", arguments: [id]) else {
            throw UserError.userNotFound(id)
        }
        return User(row: row)
    }

    static func exists(_ id: UserID, in db: Database) throws -> Bool {
        let exists = try DirectStatement(db, Statements.userExists)
        exists.bind(id.rawValue, at: 1)
        return try exists.int64Value() == 1
    }

    /// `[1,2,3]`, built in one string.
    static func jsonArray(_ ids: some Collection<Int64>) -> String {
        var json = "["
        json.reserveCapacity(2 + ids.count * 8)
        for (index, id) in ids.enumerated() {
            if index > 0 { json.append(",") }
            json.append(String(id))
        }
        json.append("]")
        return json
    }
}
