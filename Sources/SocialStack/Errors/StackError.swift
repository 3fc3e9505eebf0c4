import Foundation

/// Why a stack, a feed or a notification list could not be used.
public enum StackError: Error, Hashable, Sendable {
    /// The database file could not be opened or migrated.
    case cannotOpen(path: String, reason: String)
    case userNotFound(UserID)
    /// `operation` was called after `SocialStack.close()`: the stack's database is gone.
    case closed(operation: String)
}

extension StackError: DescribedError {
    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): "cannot open the stack's database at \(path): \(reason)"
        case let .userNotFound(id): "no user with id \(id)"
        case let .closed(operation): "\(operation): the stack is closed (SocialStack.close() was called); open a new one"
        }
    }
}
