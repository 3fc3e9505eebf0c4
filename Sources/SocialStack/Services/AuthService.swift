import Foundation
import GRDB

/// Sign-up, login, sessions and password reset, with the apps' validation rules.
public struct AuthService: Sendable {
    let store: Store
    /// Wrong passwords given to `deleteAccount`, by user.
    let wrongPasswords = WrongPasswordLimit()

    /// A sign-up form's checks, in the order sign-up makes them (email, password, username,
    /// full name): the normalized username and the trimmed full name, or the first problem.
    static func checkedSignUp(email: String, password: String, username: String, fullName: String) throws
        -> (username: String, fullName: String)
    {
        guard TextRules.isValidEmail(email) else { throw AuthError.invalidEmail(TextRules.quoted(email)) }
        if let reason = TextRules.passwordProblem(password) { throw AuthError.weakPassword(reason: reason) }
        let name = TextRules.normalizedUsername(username)
        if let reason = TextRules.usernameProblem(name) {
            throw AuthError.invalidUsername(TextRules.quoted(username), reason: reason, suggestion: TextRules.usernameSuggestion(for: username))
        }
        let (fullName, nameProblem) = TextRules.trimmed(fullName, limit: TextLimits.fullName, byteLimit: TextLimits.fullNameBytes)
        if let nameProblem { throw AuthError.invalidFullName(nameProblem) }
        return (name, fullName)
    }

    /// Creates an account and logs it in. The username is stored lowercased.
    public func signUp(
        email: String, password: String, username: String, fullName: String, profileImage: [UInt8]? = nil
    ) throws -> Session {
        let (name, fullName) = try Self.checkedSignUp(email: email, password: password, username: username, fullName: fullName)

        // Cheap checks first, so a taken name does not pay for a hash; repeated in the write.
        try store.read { db in try Self.checkFree(email: email, username: name, in: db) }
        let passwordHash = try store.hashPassword(password)

        return try store.write { db, _ in
            try Self.checkFree(email: email, username: name, in: db)
            var imageID: MediaID?
            if let profileImage {
                do { imageID = try MediaService.insert(profileImage, in: db, store: store) }
                catch let error as MediaError { throw AuthError.imageRejected(error) }
            }
            do {
                try db.cachedExecute(
                    sql: Statements.insertUser,
                    arguments: [email, name, fullName, fullName.lowercased(), imageID, passwordHash, store.nowMillis])
            } catch let error as DatabaseError where error.isUniqueViolation {
                // Another process took the email or name between the check and the insert.
                try Self.checkFree(email: email, username: name, in: db)
                throw error
            }
            let user = try UserService.fetch(UserID(rawValue: db.lastInsertedRowID), in: db)
            return try Self.openSession(for: user, in: db, store: store)
        }
    }

    /// Logs in with email (any case) and password. An unknown email runs scrypt against a
    /// hash no password matches, so it takes as long as a wrong password and says the same;
    /// so does a password with a NUL byte, which no account's password matches.
    public func logIn(email: String, password: String) throws -> Session {
        // A password over the byte limit is wrong whatever the email: no account is probed.
        guard password.utf8.count <= TextLimits.passwordBytes else { throw AuthError.wrongEmailOrPassword }
        // An address no account can have (not an email, over 254 bytes, a NUL) is not looked up.
        let account = TextRules.isValidEmail(email) ? try store.read { db in try Self.account(email: email, in: db) } : nil
        guard store.verifyPassword(password, against: account?.passwordHash), let account else {
            throw AuthError.wrongEmailOrPassword
        }
        return try store.write { db, _ in
            try Self.purgeExpiredSessions(of: account.id, in: db, store: store)
            return try Self.openSession(for: try UserService.fetch(account.id, in: db), in: db, store: store)
        }
    }

    /// Deletes the user's expired sessions, found by an index seek; the delete (which
    /// allocates in SQLite) runs only when there is one.
    private static func purgeExpiredSessions(of user: UserID, in db: Database, store: Store) throws {
        let now = store.nowMillis
        let expired = try DirectStatement(db, "SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = ? AND expires_at <= ?)")
        expired.bind(user.rawValue, at: 1)
        expired.bind(now, at: 2)
        guard try expired.int64Value() == 1 else { return }
        try db.cachedExecute(sql: "DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?", arguments: [user, now])
    }

    /// The account with this email (any case), matched on every byte of it.
    private static func account(email: String, in db: Database) throws -> (id: UserID, passwordHash: String)? {
        let account = try DirectStatement(db, "SELECT id, password_hash FROM users WHERE email = ?")
        defer { account.reset() }
        account.bind(email, at: 1)
        guard try account.step() else { return nil }
        return (UserID(rawValue: account.int64(0)), account.text(1))
    }

    /// The session a stored token stands for, with the user's current profile.
    public func restoreSession(token: String) throws -> Session {
        guard token.utf8.count == TextLimits.tokenBytes else { throw AuthError.sessionNotFound }
        let digest = SecretToken.digest(token)
        return try store.read { db in
            guard let row = try db.cachedRow(sql: "SELECT user_id, expires_at FROM sessions WHERE token_hash = ?",
                arguments: [digest])
            else { throw AuthError.sessionNotFound }
            let expiresAt: Int64 = row["expires_at"]
            guard expiresAt > store.nowMillis else { throw AuthError.sessionExpired }
            return Session(token: token, tokenHash: digest, user: try UserService.fetch(row["user_id"], in: db),
                           expiresAt: Timestamp.date(expiresAt))
        }
    }

    /// Revokes the session, and ends the observations it started (`ObservationEnd.loggedOut`);
    /// returns whether there was one to revoke.
    @discardableResult
    public func logOut(token: String) throws -> Bool {
        guard token.utf8.count == TextLimits.tokenBytes else { return false }
        let digest = SecretToken.digest(token)
        // The session's user is read before the delete, so only that user's observations are
        // looked at afterwards: the work (and what it allocates) depends on this session alone,
        // never on how many other users happen to be observing at that moment. (A delete with
        // RETURNING would fill an ephemeral table: a page cache per call.)
        let user = try store.write { db, _ -> UserID? in
            let owner = try DirectStatement(db, "SELECT user_id FROM sessions WHERE token_hash = ?")
            guard let user = try owner.withBlob(digest, at: 1, { try owner.int64Value() }) else { return nil }
            try db.cachedExecute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [digest])
            return UserID(rawValue: user)
        }
        guard let user else { return false }
        store.endObservations(ofSession: digest, of: user, .loggedOut)
        return true
    }

    /// Deletes the session's user's account, after checking their password: their posts,
    /// comments, likes, follows, sessions and notifications go, every counter on other users
    /// and posts that counted them is corrected, images nothing else uses are freed, and their
    /// observations end (`ObservationEnd.accountDeleted`). Returns the ids of the freed images.
    /// After `Configuration.wrongPasswordLimit` wrong passwords it refuses, unchecked, with
    /// `AuthError.tooManyWrongPasswords` until `Configuration.wrongPasswordLockout` has passed.
    @discardableResult
    public func deleteAccount(_ session: Session, password: String) throws -> [MediaID] {
        let operation = "delete account"
        let (user, stored) = try store.read { db in
            let user = try SessionCheck.verify(session, for: operation, in: db, store: store)
            return (user, try db.cachedValue(String.self, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [user]))
        }
        let lockout = Int64(store.configuration.wrongPasswordLockout * 1000)
        if let reopens = wrongPasswords.take(user, at: store.nowMillis, limit: store.configuration.wrongPasswordLimit, lockout: lockout) {
            throw AuthError.tooManyWrongPasswords(operation: operation, retryAfter: Timestamp.date(reopens))
        }
        // A password over the byte limit is wrong without hashing it, as at login; one with a
        // NUL is wrong after the same scrypt run as any other (`PasswordHasher.verify`).
        guard password.utf8.count <= TextLimits.passwordBytes, let stored, store.verifyPassword(password, against: stored) else {
            throw AuthError.wrongPassword(operation: operation)
        }
        wrongPasswords.succeeded(user)
        let freed = try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: operation, in: db, store: store)
            return try AccountDeletion.delete(user, in: db)
        }
        store.endObservations(of: user, .accountDeleted)
        return freed
    }

    /// Issues a one-time password-reset token for the account with this email, the one the
    /// app would mail; `nil` when there is no such account.
    public func requestPasswordReset(email: String) throws -> String? {
        // An address no account can have (not an email, over 254 bytes, a NUL) has no account.
        guard TextRules.isValidEmail(email) else { return nil }
        return try store.write { db, _ in
            guard let id = try Self.account(email: email, in: db)?.id else { return nil }
            let token = SecretToken.generate(store.configuration.randomBytes)
            try db.cachedExecute(
                sql: "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)",
                arguments: [SecretToken.digest(token), id, store.nowMillis + Int64(store.configuration.passwordResetLifetime * 1000)])
            return token
        }
    }

    /// Sets a new password with a reset token, uses the token up, and logs out every session,
    /// ending their observations (`ObservationEnd.passwordReset`). The token is checked
    /// before the new password is hashed: a bad token costs no scrypt.
    public func resetPassword(token: String, newPassword: String) throws {
        if let reason = TextRules.passwordProblem(newPassword) { throw AuthError.weakPassword(reason: reason) }
        guard token.utf8.count == TextLimits.tokenBytes else { throw AuthError.resetTokenInvalid }
        let digest = SecretToken.digest(token)
        _ = try store.read { db in try Self.resetUser(digest, in: db, store: store) }
        let passwordHash = try store.hashPassword(newPassword)
        let user = try store.write { db, _ in
            // Checked again: the token may have been used while the password was hashed.
            let user = try Self.resetUser(digest, in: db, store: store)
            try db.cachedExecute(sql: "DELETE FROM password_resets WHERE user_id = ?", arguments: [user])
            try db.cachedExecute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [passwordHash, user])
            try db.cachedExecute(sql: "DELETE FROM sessions WHERE user_id = ?", arguments: [user])
            return user
        }
        store.endObservations(of: user, .passwordReset)
    }

    /// Deletes every expired session and reset token, inside the caller's transaction;
    /// returns how many of each went. `StackAdministration.purgeExpired()` runs it.
    static func purgeExpired(in db: Database, now: Int64) throws -> (sessions: Int, passwordResets: Int) {
        try db.cachedExecute(sql: "DELETE FROM password_resets WHERE expires_at <= ?", arguments: [now])
        let resets = db.changesCount
        try db.cachedExecute(sql: "DELETE FROM sessions WHERE expires_at <= ?", arguments: [now])
        return (db.changesCount, resets)
    }

    /// The user a live reset token (by digest) belongs to.
    private static func resetUser(_ digest: Data, in db: Database, store: Store) throws -> UserID {
        guard let row = try db.cachedRow(sql: "SELECT user_id, expires_at FROM password_resets WHERE token_hash = ?",
            arguments: [digest])
        else { throw AuthError.resetTokenInvalid }
        guard (row["expires_at"] as Int64) > store.nowMillis else { throw AuthError.resetTokenInvalid }
        return row["user_id"]
    }

    private static func checkFree(email: String, username: String, in db: Database) throws {
        if try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE email = ?)", arguments: [email]) ?? false {
            throw AuthError.emailTaken
        }
        if try Usernames.isTaken(username, in: db) {
            throw AuthError.usernameTaken(username, suggestion: try Usernames.freeSuggestion(near: username, in: db))
        }
    }

    static func openSession(for user: User, in db: Database, store: Store) throws -> Session {
        let token = SecretToken.generate(store.configuration.randomBytes)
        let digest = SecretToken.digest(token)
        let now = store.nowMillis
        let expiresAt = now + Int64(store.configuration.sessionLifetime * 1000)
        try db.cachedExecute(
            sql: "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
            arguments: [digest, user.id, now, expiresAt])
        return Session(token: token, tokenHash: digest, user: user, expiresAt: Timestamp.date(expiresAt))
    }
}
