import Foundation

/// A file-backed stack's own folder, `roost-stack-<UUID>` in the temporary directory, and
/// beside it the lock file `roost-stack-<UUID>.lock` that the process using the folder holds
/// (`flock`, exclusive) until the folder is removed.
///
/// The system drops a `flock` when the process that took it ends, however it ends (exit,
/// SIGKILL, the OOM killer), so `StaleStackSweeper` tells a dead run's folder from a live
/// one's by trying the lock: no process id is read, so none can be reused to fool it. The
/// lock file is made (and locked) before the folder, and removed after it: a folder of this
/// kind never exists without its lock file.
public final class StackFolder: Sendable {
    /// The name every stack folder starts with.
    public static let stackPrefix = "roost-stack-"
    /// The name the plain-SQLite reference's folders (`roost-bench stack --reference`) start with.
    public static let referencePrefix = "roost-reference-"
    /// What a folder's lock file adds to the folder's name.
    public static let lockSuffix = ".lock"

    /// Where new stack folders go: the temporary directory (`$TMPDIR`, else `/tmp`).
    public static var defaultRoot: URL { FileManager.default.temporaryDirectory }

    /// The folder.
    public let url: URL
    /// The lock file beside it.
    public let lockPath: String
    private let descriptor: Int32
    private let isRemoved = OnceFlag()

    /// Makes a new folder `<prefix><UUID>` in `root`, with its lock file, locked.
    public init(in root: URL = StackFolder.defaultRoot, prefix: String = StackFolder.stackPrefix) throws {
        for _ in 0..<8 {
            let folder = root.appendingPathComponent(prefix + UUID().uuidString, isDirectory: true)
            let lockPath = folder.path + Self.lockSuffix
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                if errno == EEXIST { continue }
                throw StackError.cannotOpen(path: lockPath, reason: Self.reason("cannot create the lock file"))
            }
            do {
                try Self.lock(descriptor)
                // A sweeper that took the lock between open and flock has removed the file: start again.
                guard Self.isStillAt(lockPath, descriptor) else {
                    close(descriptor)
                    continue
                }
                let owner = "pid \(getpid())\n"
                _ = owner.withCString { write(descriptor, $0, strlen($0)) }
                guard mkdir(folder.path, 0o700) == 0 else {
                    throw StackError.cannotOpen(path: folder.path, reason: Self.reason("cannot create the folder"))
                }
            } catch {
                unlink(lockPath)
                close(descriptor)
                throw error
            }
            self.url = folder
            self.lockPath = lockPath
            self.descriptor = descriptor
            return
        }
        throw StackError.cannotOpen(path: root.path, reason: "no new stack folder could be made and locked in 8 tries")
    }

    deinit { remove() }

    /// Removes the folder and everything in it, then its lock file, and lets the lock go.
    /// If the folder cannot be removed, the lock file stays and the lock is let go, so the
    /// next run's `StaleStackSweeper` tries again. Does nothing the second time.
    public func remove() {
        guard isRemoved.set() else { return }
        try? FileManager.default.removeItem(at: url)
        var status = stat()
        if lstat(url.path, &status) != 0, errno == ENOENT { unlink(lockPath) }
        close(descriptor)
    }

    /// Takes the exclusive lock, waiting for it (a sweeper holds it only while it removes a
    /// folder); retried when a signal interrupts the wait.
    private static func lock(_ descriptor: Int32) throws {
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StackError.cannotOpen(path: "", reason: reason("flock")) }
        }
    }

    /// Whether `path` still names the file open at `descriptor` (not removed, not replaced).
    static func isStillAt(_ path: String, _ descriptor: Int32) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    static func reason(_ what: String) -> String { "\(what): \(String(cString: strerror(errno)))" }
}
