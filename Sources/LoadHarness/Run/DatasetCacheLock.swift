import Foundation

/// An advisory lock (`flock`) on one file of the dataset cache: shared while an entry is
/// checked and copied, exclusive while it is built and written. Released when the block
/// ends, and by the system if the process dies.
final class DatasetCacheLock {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw DatasetCacheError.unwritable(folder: (path as NSString).deletingLastPathComponent,
                                               reason: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    func shared<T>(_ body: () throws -> T) throws -> T { try holding(LOCK_SH, body) }
    func exclusive<T>(_ body: () throws -> T) throws -> T { try holding(LOCK_EX, body) }

    private func holding<T>(_ operation: Int32, _ body: () throws -> T) throws -> T {
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else {
                throw DatasetCacheError.unwritable(folder: "", reason: "flock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
