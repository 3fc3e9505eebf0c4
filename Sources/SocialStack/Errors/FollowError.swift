import Foundation

/// Why a follow or unfollow failed.
public enum FollowError: Error, Hashable, Sendable {
    case cannotFollowSelf(UserID)
    case userNotFound(UserID)
}

extension FollowError: DescribedError {
    public var description: String {
        switch self {
        case let .cannotFollowSelf(id): "follow: user \(id) cannot follow themselves"
        case let .userNotFound(id): "follow: no user with id \(id)"
        }
    }
}
