import CMemoryFiles
import Foundation

/// A `.memory` stack's database: a file of the process's heap-backed SQLite VFS
/// (`roost-memory`, Sources/CMemoryFiles), which every connection of the stack opens by name
/// as a WAL database. Reads run on several connections while one writes, as on a disk, and
/// nothing leaves the process: `remove()` frees the files (now, or as their last connection
/// closes), and a killed process leaves nothing behind.
final class MemoryDatabase: Sendable {
    /// The name every memory stack's files start with.
    static let namePrefix = "/roost-stack-"

    /// The file's name in the VFS (`/roost-stack-<UUID>.sqlite`).
    let name: String
    private let isRemoved = OnceFlag()

    /// A new, empty database name (no file is made until a connection opens it).
    init() throws {
        let code = roost_memory_vfs_register()
        guard code == 0 else {
            throw StackError.cannotOpen(path: "roost-memory VFS", reason: "SQLite refused to register it (code \(code))")
        }
        name = Self.namePrefix + UUID().uuidString + ".sqlite"
    }

    /// What a connection opens: the file through the VFS, as an SQLite URI.
    var path: String { "file:\(name)?vfs=\(String(cString: roost_memory_vfs_name))" }

    /// The database file's size in bytes (0 before it is made or after it is removed).
    var size: Int64 { max(0, roost_memory_file_size(name)) }

    /// Frees the database and its WAL: at once for what no connection holds, the rest as
    /// each connection closes. Does nothing the second time.
    func remove() {
        guard isRemoved.set() else { return }
        _ = roost_memory_file_remove(name)
    }

    /// How many memory stack files the process holds (removed ones still open included).
    static var openFileCount: Int { Int(roost_memory_file_count(namePrefix)) }

    /// The bytes all memory stacks' files hold.
    static var heldBytes: Int64 { roost_memory_bytes() }
}
