import Foundation

/// Why storing or fetching image bytes failed.
public enum MediaError: Error, Hashable, Sendable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    case notFound(MediaID)
}

extension MediaError: DescribedError {
    public var description: String {
        switch self {
        case .empty: "image has no bytes"
        case let .tooLarge(bytes, limit): "image has \(bytes) bytes; the limit is \(limit) bytes"
        case let .notFound(id): "no image with id \(id)"
        }
    }
}
