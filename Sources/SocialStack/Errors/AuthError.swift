import Foundation

/// Why sign-up, login, a session or a password reset failed. Never carries a password or token.
public enum AuthError: Error, Hashable, Sendable {
    case invalidEmail(String)
    /// Another account has this email (compared case-insensitively).
    case emailTaken
    case weakPassword(reason: String)
    case invalidUsername(String, reason: String, suggestion: String)
    case usernameTaken(String, suggestion: String)
    case invalidFullName(TextProblem)
    /// The same error for an unknown email and a wrong password, so accounts cannot be probed.
    case wrongEmailOrPassword
    /// The token was never issued, or the session was logged out.
    case sessionNotFound
    case sessionExpired
    /// The signed-in user's password, asked again before `operation`, is wrong.
    case wrongPassword(operation: String)
    /// Too many wrong passwords were given for `operation` lately: it is refused, unchecked,
    /// until `retryAfter` (`Configuration.wrongPasswordLimit`, `wrongPasswordLockout`).
    case tooManyWrongPasswords(operation: String, retryAfter: Date)
    /// The reset token is unknown, used or expired.
    case resetTokenInvalid
    case imageRejected(MediaError)
}

extension AuthError: DescribedError {
    public var description: String {
        switch self {
        case let .invalidEmail(email):
            "sign up: '\(email)' is not an email address (expected name@example.com, at most \(TextLimits.emailBytes) bytes)"
        case .emailTaken:
            "sign up: an account with this email already exists; log in or reset the password"
        case let .weakPassword(reason):
            "password rejected: \(reason)"
        case let .invalidUsername(name, reason, suggestion):
            "username '\(name)' is invalid: \(reason); try '\(suggestion)'"
        case let .usernameTaken(name, suggestion):
            "username '\(name)' is taken; '\(suggestion)' is free"
        case let .invalidFullName(problem):
            "full name rejected: \(problem.message)"
        case .wrongEmailOrPassword:
            "log in: wrong email or password"
        case .sessionNotFound:
            "restore session: no such session (never issued, or logged out); log in again"
        case .sessionExpired:
            "restore session: the session expired; log in again"
        case let .wrongPassword(operation):
            "\(operation): wrong password"
        case let .tooManyWrongPasswords(operation, retryAfter):
            "\(operation): too many wrong passwords; try again after \(retryAfter.formatted(.iso8601))"
        case .resetTokenInvalid:
            "reset password: the reset token is unknown, already used or expired; request a new one"
        case let .imageRejected(error):
            "profile image rejected: \(error)"
        }
    }
}
