import Foundation

/// The memory file system `.memory` stacks keep their databases in (`/dev/shm`, or the folder
/// `ROOST_MEMORY_FOLDER` names), checked before a stack is made there or a dataset copied in:
/// a folder that is missing, on a disk, not writable or short of room is a `MemoryFolderError`
/// naming the folder and the bytes needed, before anything is written.
public struct MemoryFolder: Sendable {
    /// The folder.
    public var path: String
    /// The bytes a new file there may take (the file system's free blocks for an unprivileged
    /// user); replaceable, so a test can play a full file system.
    public var freeBytes: @Sendable (String) -> Int64?

    /// The folder at `path`, with its free space read from the file system.
    public init(path: String, freeBytes: @escaping @Sendable (String) -> Int64? = MemoryFolder.fileSystemFreeBytes) {
        self.path = path
        self.freeBytes = freeBytes
    }

    /// `$ROOST_MEMORY_FOLDER` when set, else `/dev/shm`.
    public static var `default`: MemoryFolder {
        let variable = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return MemoryFolder(path: variable ?? "/dev/shm")
    }

    /// The environment variable that moves every `.memory` stack's folder.
    public static let environmentVariable = "ROOST_MEMORY_FOLDER"

    /// What an empty stack (schema, WAL and shared-memory index) takes, rounded up.
    static let emptyStackBytes: Int64 = 2 << 20

    /// Throws unless `path` is a writable folder on a memory file system with `needed` bytes
    /// free; `operation` says what needed them.
    public func check(needing needed: Int64, for operation: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw MemoryFolderError.missing(path: path, operation: operation, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw MemoryFolderError.notAFolder(path: path, operation: operation) }
        if let type = Self.fileSystemType(of: path), !Self.memoryFileSystems.contains(type) {
            throw MemoryFolderError.onDisk(path: path, operation: operation, fileSystem: type)
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw MemoryFolderError.notWritable(path: path, operation: operation, reason: String(cString: strerror(errno)))
        }
        if let free = freeBytes(path), free < needed {
            throw MemoryFolderError.full(path: path, operation: operation, needed: needed, available: free)
        }
    }

    /// The file systems that keep their files in memory.
    static let memoryFileSystems: Set<String> = ["tmpfs", "ramfs"]

    /// The type of the file system `path` is on ("tmpfs", "ext4"): the mount in
    /// `/proc/self/mountinfo` with the longest mount point that holds the path's real
    /// location; nil when that cannot be read (the check is then skipped).
    static func fileSystemType(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        let real = String(cString: resolved)
        free(resolved)
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        var best: (point: String, type: String)?
        for line in table.split(separator: "\n") {
            // "36 35 98:0 /root /mount/point options... - type source options"
            let halves = line.components(separatedBy: " - ")
            let fields = halves[0].split(separator: " ")
            guard halves.count == 2, fields.count >= 5, let type = halves[1].split(separator: " ").first else { continue }
            let point = Self.unescaped(String(fields[4]))
            let holds = point == "/" || real == point || real.hasPrefix(point + "/")
            if holds, point.count >= (best?.point.count ?? -1) { best = (point, String(type)) }
        }
        return best?.type
    }

    /// A mount point as mountinfo writes it, with `\040`-style octal escapes undone.
    private static func unescaped(_ field: String) -> String {
        guard field.contains("\\") else { return field }
        var bytes: [UInt8] = [], utf8 = Array(field.utf8), index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[index + 1...index + 3], as: UTF8.self), radix: 8) {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Free bytes at `path` for an unprivileged user (`statvfs`), or nil when it cannot be read.
    public static let fileSystemFreeBytes: @Sendable (String) -> Int64? = { path in
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        return Int64(status.f_bavail) * Int64(status.f_frsize)
    }
}
