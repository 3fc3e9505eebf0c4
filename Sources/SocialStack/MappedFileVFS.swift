import CMemoryFiles
import GRDBSQLite

/// The "roost-mapped" SQLite VFS (Sources/CMemoryFiles/MappedFileVFS.c): a file stack's
/// connections map its database (`PRAGMA mmap_size`) and keep the map across read
/// transactions while the file's size stays the same, so a read after another connection's
/// commit takes unchanged pages from the map instead of mapping the file again.
enum MappedFileVFS {
    /// What a connection opens for the database file at `path`: an SQLite URI naming the VFS.
    static func uri(for path: String) throws -> String {
        let code = roost_mapped_vfs_register()
        guard code == SQLITE_OK else {
            throw StackError.cannotOpen(path: path, reason: "SQLite refused to register the mapped-file VFS (code \(code))")
        }
        return "file:\(escaped(path))?vfs=\(String(cString: roost_mapped_vfs_name))"
    }

    /// `path` with the characters an SQLite URI's path gives a meaning (`%`, `?`, `#`) escaped.
    private static func escaped(_ path: String) -> String {
        var result = ""
        for character in path {
            switch character {
            case "%": result += "%25"
            case "?": result += "%3F"
            case "#": result += "%23"
            default: result.append(character)
            }
        }
        return result
    }
}
