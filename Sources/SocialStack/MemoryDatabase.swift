import CMemoryFiles
import Foundation
import GRDBSQLite

/// A `.memory` stack's database: a file of the process's heap-backed SQLite VFS
/// (`roost-memory`, Sources/CMemoryFiles), which every connection of the stack opens by name
/// as a WAL database. Reads run on several connections while one writes, as on a disk, with
/// no system call; `remove()` frees the files (now, or as their last connection closes), and
/// a killed process leaves nothing behind.
public final class MemoryDatabase: Sendable {
    /// The name every memory stack's files start with.
    public static let namePrefix = "/roost-stack-"

    /// The most a connection maps (`PRAGMA mmap_size`, SQLite's own ceiling): pages of a file
    /// this large are read in place.
    public static let mappedBytes = 2_147_418_112

    /// The file's name in the VFS (`/roost-stack-<UUID>.sqlite`).
    public let name: String
    private let isRemoved = OnceFlag()

    /// A new database name with `prefix` (no file is made until a connection opens it or
    /// `load` fills it).
    public init(prefix: String = MemoryDatabase.namePrefix) throws {
        let code = roost_memory_vfs_register()
        guard code == SQLITE_OK else {
            throw StackError.cannotOpen(path: String(cString: roost_memory_vfs_name),
                                        reason: "SQLite refused to register the memory VFS (code \(code))")
        }
        name = prefix + UUID().uuidString + ".sqlite"
    }

    deinit { remove() }

    /// What a connection opens: the file through the VFS, as an SQLite URI.
    public var path: String { "file:\(name)?vfs=\(String(cString: roost_memory_vfs_name))" }

    /// The database file's size in bytes (0 before it is made or after it is removed).
    public var size: Int64 { max(0, roost_memory_file_size(name)) }

    /// Makes the database a copy of the file at `snapshot`, read straight into the VFS's memory
    /// (no connection may have opened it yet).
    func load(snapshot: String) throws {
        var bytes: Int64 = 0
        let code = roost_memory_file_load(name, snapshot, &bytes)
        guard code == SQLITE_OK else {
            let reason = code == SQLITE_CANTOPEN ? String(cString: strerror(errno)) : "SQLite code \(code)"
            throw StackError.cannotOpen(path: snapshot, reason: "cannot read the snapshot into memory: \(reason)")
        }
    }

    /// Makes the database a copy of `size` bytes at `bytes` (no connection may have opened it yet).
    func create(copying bytes: UnsafeRawPointer, size: Int64) throws {
        let code = roost_memory_file_create(name, bytes, size)
        guard code == SQLITE_OK else {
            throw StackError.cannotOpen(path: name, reason: "cannot copy \(size) bytes into memory (SQLite code \(code))")
        }
    }

    /// Frees the database and its WAL: at once for what no connection holds, the rest as
    /// each connection closes. Does nothing the second time.
    public func remove() {
        guard isRemoved.set() else { return }
        _ = roost_memory_file_remove(name)
    }

    /// How many files whose names start with `prefix` the VFS holds, removed ones that a
    /// connection still has open included: 0 once every stack is closed and its reads are done.
    public static func fileCount(prefix: String = MemoryDatabase.namePrefix) -> Int {
        Int(roost_memory_file_count(prefix))
    }

    /// The bytes all memory databases hold (their files' chunks).
    public static var heldBytes: Int64 { roost_memory_bytes() }

    /// `MemAvailable` of /proc/meminfo in bytes, or nil when it cannot be read.
    public static let freeMemory: @Sendable () -> Int64? = {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) else { return nil }
        return kilobytes * 1024
    }
}
