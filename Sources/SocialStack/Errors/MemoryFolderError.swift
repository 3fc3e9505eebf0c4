import Foundation

/// Why a `.memory` stack could not be made, or a dataset copied into one: its memory file
/// system (`MemoryFolder`) is missing, on a disk, not writable or too full. Nothing was written.
public enum MemoryFolderError: Error, Hashable, Sendable {
    /// The folder does not exist (or cannot be looked at).
    case missing(path: String, operation: String, reason: String)
    /// The path is not a folder.
    case notAFolder(path: String, operation: String)
    /// The folder is on a file system that keeps its files on a disk (`statfs` type given).
    case onDisk(path: String, operation: String, fileSystem: String)
    /// The folder cannot be written to.
    case notWritable(path: String, operation: String, reason: String)
    /// Fewer bytes are free than the operation needs.
    case full(path: String, operation: String, needed: Int64, available: Int64)
}

extension MemoryFolderError: DescribedError {
    public var description: String {
        let remedy = "set \(MemoryFolder.environmentVariable) to a folder on a tmpfs, or use storage: file"
        switch self {
        case let .missing(path, operation, reason):
            return "\(operation): the memory file system folder \(path) is missing (\(reason)); \(remedy)"
        case let .notAFolder(path, operation):
            return "\(operation): the memory file system folder \(path) is not a folder; \(remedy)"
        case let .onDisk(path, operation, fileSystem):
            return "\(operation): \(path) is not on a memory file system (tmpfs or ramfs; its type is \(fileSystem)), "
                + "so a memory stack there would be written to a disk; \(remedy)"
        case let .notWritable(path, operation, reason):
            return "\(operation): the memory file system folder \(path) is not writable (\(reason)); \(remedy)"
        case let .full(path, operation, needed, available):
            return "\(operation): the memory file system \(path) has \(Self.size(available)) free and needs \(Self.size(needed)) "
                + "(\(needed) bytes); free some (a run killed before its stacks closed leaves folders that `roost run` sweeps), "
                + "grow it (`mount -o remount,size=... \(path)`, or `docker run --shm-size=...`), or "
                + "set \(MemoryFolder.environmentVariable) to a larger tmpfs, or use storage: file"
        }
    }

    static func size(_ bytes: Int64) -> String {
        let value = Double(bytes)
        return value >= 1_048_576 ? String(format: "%.1f MB", value / 1_048_576)
            : value >= 1_024 ? String(format: "%.1f KB", value / 1_024) : "\(bytes) B"
    }
}
