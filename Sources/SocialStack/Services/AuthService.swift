import Foundation
import GRDB

/// Sign-up, login, sessions and password reset, with the apps' validation rules.
public struct AuthService: Sendable {
    let store: Store

    /// A sign-up form's checks, in the order sign-up makes them (email, password, username,
    /// full name): the normalized username and the trimmed full name, or the first problem.
    static func checkedSignUp(email: String, password: String, username: String, fullName: String) throws
        -> (username: String, fullName: String)
    {
        guard TextRules.isValidEmail(email) else { throw AuthError.invalidEmail(email) }
        if let reason = TextRules.passwordProblem(password) { throw AuthError.weakPassword(reason: reason) }
        let name = TextRules.normalizedUsername(username)
        if let reason = TextRules.usernameProblem(name) {
            throw AuthError.invalidUsername(username, reason: reason, suggestion: TextRules.usernameSuggestion(for: username))
        }
        let (fullName, nameProblem) = TextRules.trimmed(fullName, limit: TextLimits.fullName)
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
        let passwordHash = try PasswordHasher.hash(password, cost: store.configuration.passwordCost, random: store.configuration.randomBytes)

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

    /// Logs in with email (any case) and password.
    public func logIn(email: String, password: String) throws -> Session {
        let account = try store.read { db in
            try db.cachedRow(sql: "SELECT id, password_hash FROM users WHERE email = ?", arguments: [email])
        }
        guard let account, PasswordHasher.verify(password, against: account["password_hash"]) else {
            throw AuthError.wrongEmailOrPassword
        }
        let id: UserID = account["id"]
        return try store.write { db, _ in
            try Self.openSession(for: try UserService.fetch(id, in: db), in: db, store: store)
        }
    }

    /// The session a stored token stands for, with the user's current profile.
    public func restoreSession(token: String) throws -> Session {
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

    /// Revokes the session; returns whether there was one to revoke.
    @discardableResult
    public func logOut(token: String) throws -> Bool {
        try store.write { db, _ in
            try db.cachedExecute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [SecretToken.digest(token)])
            return db.changesCount > 0
        }
    }

    /// Deletes the session's user's account, after checking their password: their posts,
    /// comments, likes, follows, sessions and notifications go, every counter on other users
    /// and posts that counted them is corrected, and images nothing else uses are freed.
    /// Returns the ids of the freed images.
    @discardableResult
    public func deleteAccount(_ session: Session, password: String) throws -> [MediaID] {
        let operation = "delete account"
        let stored = try store.read { db in
            let user = try SessionCheck.verify(session, for: operation, in: db, store: store)
            return try db.cachedValue(String.self, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [user])
        }
        guard let stored, PasswordHasher.verify(password, against: stored) else {
            throw AuthError.wrongPassword(operation: operation)
        }
        return try store.write { db, _ in
            let user = try SessionCheck.verify(session, for: operation, in: db, store: store)
            return try AccountDeletion.delete(user, in: db)
        }
    }

    /// Issues a one-time password-reset token for the account with this email, the one the
    /// app would mail; `nil` when there is no such account.
    public func requestPasswordReset(email: String) throws -> String? {
        try store.write { db, _ in
            guard let id = try db.cachedValue(UserID.self, sql: "SELECT id FROM users WHERE email = ?", arguments: [email]) else {
                return nil
            }
            let token = SecretToken.generate(store.configuration.randomBytes)
            try db.cachedExecute(
                sql: "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)",
                arguments: [SecretToken.digest(token), id, store.nowMillis + Int64(store.configuration.passwordResetLifetime * 1000)])
            return token
        }
    }

    /// Sets a new password with a reset token, uses the token up, and logs out every session.
    public func resetPassword(token: String, newPassword: String) throws {
        if let reason = TextRules.passwordProblem(newPassword) { throw AuthError.weakPassword(reason: reason) }
        let passwordHash = try PasswordHasher.hash(newPassword, cost: store.configuration.passwordCost, random: store.configuration.randomBytes)
        try store.write { db, _ in
            guard let row = try db.cachedRow(sql: "SELECT user_id, expires_at FROM password_resets WHERE token_hash = ?",
                arguments: [SecretToken.digest(token)])
            else { throw AuthError.resetTokenInvalid }
            guard (row["expires_at"] as Int64) > store.nowMillis else { throw AuthError.resetTokenInvalid }
            let user: UserID = row["user_id"]
            try db.cachedExecute(sql: "DELETE FROM password_resets WHERE user_id = ?", arguments: [user])
            try db.cachedExecute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [passwordHash, user])
            try db.cachedExecute(sql: "DELETE FROM sessions WHERE user_id = ?", arguments: [user])
        }
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
