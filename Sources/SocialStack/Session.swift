import Foundation

/// A logged-in user: the token the app keeps, and who it belongs to.
public struct Session: Hashable, Sendable {
    /// The secret the client keeps (base64url, 256 random bits); the stack stores only its SHA-256.
    public let token: String
    public let user: User
    public let expiresAt: Date
}
