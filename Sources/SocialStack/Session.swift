import Foundation

/// A logged-in user: the token the app keeps, and who it belongs to. Only `AuthService`
/// hands one out (sign-up, log-in, restore); every operation that acts as a user takes one
/// and checks it against the stored session inside its own transaction.
public struct Session: Hashable, Sendable {
    /// The secret the client keeps (base64url, 256 random bits); the stack stores only its SHA-256.
    public let token: String
    /// The user as they were when the session was handed out (a profile snapshot).
    public let user: User
    public let expiresAt: Date
    /// The token's SHA-256, as stored: computed once here, so checking a session per
    /// operation hashes nothing.
    let tokenHash: Data

    /// A session for `token`, whose stored digest (`SecretToken.digest(token)`) the caller
    /// already computed to store or look it up.
    init(token: String, tokenHash: Data, user: User, expiresAt: Date) {
        self.token = token
        self.tokenHash = tokenHash
        self.user = user
        self.expiresAt = expiresAt
    }

    /// A session for `token`, computing its digest.
    init(token: String, user: User, expiresAt: Date) {
        self.init(token: token, tokenHash: SecretToken.digest(token), user: user, expiresAt: expiresAt)
    }
}
