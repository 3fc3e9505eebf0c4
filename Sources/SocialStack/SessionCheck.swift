import GRDB

/// The check every operation that acts as a user makes first, inside its own transaction:
/// the session's hashed token is stored, for this user, and not expired (what
/// `AuthService.restoreSession` checks). One cached statement, the token's digest bound in
/// place, uncopied, from the session (computed when it was handed out): no Swift allocation,
/// and no copy of the digest in SQLite.
enum SessionCheck {
    /// The session's user when the session is valid now; `SessionError` otherwise.
    @discardableResult
    static func verify(_ session: Session, for operation: String, in db: Database, store: Store) throws -> UserID {
        _ = try expiry(of: session, for: operation, in: db, store: store)
        return session.user.id
    }

    /// When the session expires (stored milliseconds) when it is valid now; `SessionError` otherwise.
    static func expiry(of session: Session, for operation: String, in db: Database, store: Store) throws -> Int64 {
        let check = try DirectStatement(db, Statements.sessionExpiry)
        check.bind(session.user.id.rawValue, at: 2)
        let stored = try check.withBlob(session.tokenHash, at: 1) { try check.int64Value() }
        guard let expiresAt = stored else { throw SessionError.notFound(operation: operation) }
        guard expiresAt > store.nowMillis else {
            throw SessionError.expired(operation: operation, expiredAt: Timestamp.date(expiresAt))
        }
        return expiresAt
    }
}
