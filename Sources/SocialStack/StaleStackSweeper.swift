import Foundation

/// Finds the stack folders (`StackFolder`) that runs which died left in the temporary
/// directory (SIGKILL, the OOM killer, a power cut) and removes them, leaving the folders of
/// runs still going alone.
///
/// A folder is a dead run's when its lock file is not locked: its owner's lock went with
/// its process. A folder without a lock file comes from a Roost older than the lock files;
/// it is removed when no process has a file in it open (`/proc/<pid>/fd`). Only the current
/// user's entries named `<prefix><UUID>` (and `<prefix><UUID>.lock`) are looked at.
public enum StaleStackSweeper {
    /// One folder removed.
    public struct Removal: Sendable, Equatable {
        /// The folder's path.
        public let path: String
        /// The disk space its files (and its lock file) took, in bytes (allocated blocks).
        public let bytes: Int64
    }

    /// What one sweep found and did.
    public struct Sweep: Sendable {
        /// The folders removed, by path.
        public var removed: [Removal] = []
        /// Folders left alone because a live process holds them.
        public var live: [String] = []
        /// Folders that could not be removed, with why.
        public var failures: [String] = []

        /// The space the removed folders took, in bytes.
        public var freedBytes: Int64 { removed.reduce(0) { $0 + $1.bytes } }

        /// What to tell a person: nothing when nothing was removed or failed.
        public var lines: [String] {
            var lines: [String] = []
            if !removed.isEmpty {
                let noun = removed.count == 1 ? "folder" : "folders"
                lines.append("removed \(removed.count) stack \(noun) left behind by runs no longer going "
                             + "(\(Self.size(freedBytes)) freed):")
                lines += removed.prefix(10).map { "  \($0.path)  \(Self.size($0.bytes))" }
                if removed.count > 10 { lines.append("  and \(removed.count - 10) more") }
            }
            lines += failures.map { "could not remove a stale stack folder: \($0)" }
            return lines
        }

        static func size(_ bytes: Int64) -> String {
            let value = Double(bytes)
            return value >= 1_048_576 ? String(format: "%.1f MB", value / 1_048_576)
                : value >= 1_024 ? String(format: "%.1f KB", value / 1_024) : "\(bytes) B"
        }
    }

    /// The prefixes of the folders a sweep looks at: the stacks', and the plain-SQLite
    /// reference's of `roost-bench stack --reference`.
    public static let prefixes = [StackFolder.stackPrefix, StackFolder.referencePrefix]

    /// Removes every dead run's folder under `root` whose name starts with one of `prefixes`.
    public static func sweep(root: URL = StackFolder.defaultRoot, prefixes: [String] = Self.prefixes) -> Sweep {
        var sweep = Sweep()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return sweep }
        // Only `<prefix><UUID>` and `<prefix><UUID>.lock`: a folder of another kind whose name
        // happens to start the same way is not a stack's.
        let bases = Set(names.map { name in
            name.hasSuffix(StackFolder.lockSuffix) ? String(name.dropLast(StackFolder.lockSuffix.count)) : name
        }.filter { base in
            prefixes.contains { base.hasPrefix($0) && UUID(uuidString: String(base.dropFirst($0.count))) != nil }
        })
        var openPaths: OpenFiles?
        for base in bases.sorted() {
            let folder = root.appendingPathComponent(base).path
            let lockPath = folder + StackFolder.lockSuffix
            if let lock = ownedEntry(lockPath, type: S_IFREG) {
                guard lock else { continue }
                sweepLocked(folder: folder, lockPath: lockPath, into: &sweep)
            } else if ownedEntry(folder, type: S_IFDIR) == true {
                // No lock file: a folder from before the lock files, in use while a file in it is open.
                if openPaths == nil { openPaths = OpenFiles() }
                let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
                if openPaths?.hasOpenFile(under: resolved) == true {
                    sweep.live.append(folder)
                } else {
                    remove(folder: folder, lockPath: nil, into: &sweep)
                }
            }
        }
        return sweep
    }

    /// A folder with a lock file: removed when the lock can be taken (its owner is gone).
    private static func sweepLocked(folder: String, lockPath: String, into sweep: inout Sweep) {
        let descriptor = open(lockPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno != ENOENT { sweep.failures.append("\(lockPath): \(String(cString: strerror(errno)))") }
            return
        }
        defer { close(descriptor) }
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else {
            if errno == EWOULDBLOCK { sweep.live.append(folder) } else {
                sweep.failures.append("\(lockPath): flock: \(String(cString: strerror(errno)))")
            }
            return
        }
        // Removed (by another sweep) between open and flock: nothing left to do.
        guard StackFolder.isStillAt(lockPath, descriptor) else { return }
        remove(folder: folder, lockPath: lockPath, into: &sweep)
    }

    /// Removes `folder`, then `lockPath`, recording the space they took.
    private static func remove(folder: String, lockPath: String?, into sweep: inout Sweep) {
        let bytes = allocatedBytes(under: folder) + (lockPath.map(allocatedBytes(under:)) ?? 0)
        do {
            if FileManager.default.fileExists(atPath: folder) { try FileManager.default.removeItem(atPath: folder) }
        } catch {
            sweep.failures.append("\(folder): \(error.localizedDescription)")
            return
        }
        if let lockPath { unlink(lockPath) }
        sweep.removed.append(Removal(path: folder, bytes: bytes))
    }

    /// True when `path` is the current user's and of `type` (no symbolic link is followed);
    /// false when it is someone else's or of another type; nil when there is nothing there.
    private static func ownedEntry(_ path: String, type: mode_t) -> Bool? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_uid == getuid() && status.st_mode & S_IFMT == type
    }

    /// The blocks allocated to `path` and, for a folder, to everything under it.
    static func allocatedBytes(under path: String) -> Int64 {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        var total = Int64(status.st_blocks) * 512
        guard status.st_mode & S_IFMT == S_IFDIR,
              let enumerator = FileManager.default.enumerator(atPath: path) else { return total }
        for case let name as String in enumerator where lstat(path + "/" + name, &status) == 0 {
            total += Int64(status.st_blocks) * 512
        }
        return total
    }
}
