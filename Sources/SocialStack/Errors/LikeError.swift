import Foundation

/// Why a like or unlike failed.
public enum LikeError: Error, Hashable, Sendable {
    case postNotFound(PostID)
    case userNotFound(UserID)
}

extension LikeError: DescribedError {
    public var description: String {
        switch self {
        case let .postNotFound(id): "like: no post with id \(id)"
        case let .userNotFound(id): "like: no user with id \(id)"
        }
    }
}
