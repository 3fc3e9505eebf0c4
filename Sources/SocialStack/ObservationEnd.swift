import Foundation

/// Why the stack ended an observation: the session that started it ended.
public enum ObservationEnd: Hashable, Sendable, CustomStringConvertible {
    /// The session was logged out.
    case loggedOut
    /// A password reset logged out every session of the user.
    case passwordReset
    /// The user deleted their account.
    case accountDeleted
    /// The session expired at this time.
    case sessionExpired(at: Date)

    public var description: String {
        switch self {
        case .loggedOut: "the session was logged out"
        case .passwordReset: "a password reset logged out every session"
        case .accountDeleted: "the account was deleted"
        case let .sessionExpired(at): "the session expired at \(at.formatted(.iso8601))"
        }
    }
}
