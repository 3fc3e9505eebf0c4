import Foundation

/// Why a profile fetch or edit failed.
public enum UserError: Error, Hashable, Sendable {
    case userNotFound(UserID)
    case usernameNotFound(String)
    /// The new username is the current one.
    case sameUsername(String)
    case usernameTaken(String, suggestion: String)
    case invalidUsername(String, reason: String, suggestion: String)
    case invalidFullName(TextProblem)
    case invalidBio(TextProblem)
    case imageRejected(MediaError)
}

extension UserError: DescribedError {
    public var description: String {
        switch self {
        case let .userNotFound(id): "no user with id \(id)"
        case let .usernameNotFound(name): "no user named '\(name)'"
        case let .sameUsername(name): "change username: '\(name)' is already your username"
        case let .usernameTaken(name, suggestion): "change username: '\(name)' is taken; '\(suggestion)' is free"
        case let .invalidUsername(name, reason, suggestion):
            "change username: '\(name)' is invalid: \(reason); try '\(suggestion)'"
        case let .invalidFullName(problem): "full name rejected: \(problem.message)"
        case let .invalidBio(problem): "bio rejected: \(problem.message)"
        case let .imageRejected(error): "profile image rejected: \(error)"
        }
    }
}
