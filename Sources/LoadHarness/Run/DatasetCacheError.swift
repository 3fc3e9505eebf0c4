/// Why the dataset cache could not be used (the run then builds the dataset instead).
enum DatasetCacheError: Error, CustomStringConvertible, Equatable {
    /// The folder could not be created or written.
    case unwritable(folder: String, reason: String)
    /// A file of the cache could not be read.
    case unreadable(path: String)
    /// An entry's bytes do not match the SHA-256 recorded beside it.
    case damaged(path: String, reason: String)

    var description: String {
        switch self {
        case let .unwritable(folder, reason): "dataset cache folder \(folder) is not writable: \(reason)"
        case let .unreadable(path): "cannot read \(path)"
        case let .damaged(path, reason): "dataset cache entry \(path) is damaged (\(reason))"
        }
    }
}
