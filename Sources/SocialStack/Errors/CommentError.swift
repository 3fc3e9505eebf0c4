import Foundation

/// Why commenting, listing or deleting a comment failed.
public enum CommentError: Error, Hashable, Sendable {
    case invalidText(TextProblem)
    case postNotFound(PostID)
    case commentNotFound(CommentID)
    /// Only the comment's author, or the author of the post it is on, may delete it.
    case notAuthor(comment: CommentID, user: UserID)
}

extension CommentError: DescribedError {
    public var description: String {
        switch self {
        case let .invalidText(problem): "comment rejected: \(problem.message)"
        case let .postNotFound(id): "comment: no post with id \(id)"
        case let .commentNotFound(id): "no comment with id \(id)"
        case let .notAuthor(comment, user):
            "delete comment: user \(user) wrote neither comment \(comment) nor the post it is on; only they may delete it"
        }
    }
}
