import Foundation

/// Why composing, editing, deleting or fetching a post failed.
public enum PostError: Error, Hashable, Sendable {
    case invalidText(TextProblem)
    case postNotFound(PostID)
    /// `Compose.reply(to:)` names a post that does not exist.
    case parentNotFound(PostID)
    /// Only the author may edit or delete a post.
    case notAuthor(post: PostID, user: UserID)
    case userNotFound(UserID)
    case imageRejected(MediaError)
}

extension PostError: DescribedError {
    public var description: String {
        switch self {
        case let .invalidText(problem): "post text rejected: \(problem.message)"
        case let .postNotFound(id): "no post with id \(id)"
        case let .parentNotFound(id): "reply: the post \(id) being replied to does not exist"
        case let .notAuthor(post, user): "user \(user) is not the author of post \(post); only the author may change it"
        case let .userNotFound(id): "post: no user with id \(id)"
        case let .imageRejected(error): "post image rejected: \(error)"
        }
    }
}
