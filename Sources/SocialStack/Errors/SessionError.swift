import Foundation

/// Why an operation that acts as a user refused its session. Never carries the token.
public enum SessionError: Error, Hashable, Sendable {
    /// No stored session has this token for this user: it was logged out, revoked by a
    /// password reset or an account deletion, purged, or never issued.
    case notFound(operation: String)
    /// The session expired at `expiredAt`, before the operation ran.
    case expired(operation: String, expiredAt: Date)
}

extension SessionError: DescribedError {
    public var description: String {
        switch self {
        case let .notFound(operation):
            "\(operation): the session is not valid (logged out, revoked or never issued); log in again"
        case let .expired(operation, expiredAt):
            "\(operation): the session expired at \(expiredAt.formatted(.iso8601)); log in again"
        }
    }
}
