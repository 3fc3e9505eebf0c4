/// Why `roost merge` wrote nothing: the folders are not one whole set of shards of one run.
public enum MergeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No folder was named.
    case noFolders
    /// A folder is not a finished run, or cannot be read back exactly.
    case notARun(RunFolderError)
    /// A run made without `--shard` (nothing to merge it with).
    case notAShard(folder: String)
    /// Shards whose fact `what` (scenario, build, Roost version, shard count, ...) differs, by folder.
    case mismatch(what: String, values: [(folder: String, value: String)])
    /// A shard of the set that no folder holds.
    case missing(Shard)
    /// A shard more than one folder holds.
    case repeated(Shard, folders: [String])

    public static func == (a: MergeError, b: MergeError) -> Bool { a.description == b.description }

    public var description: String {
        switch self {
        case .noFolders: "roost merge: name the shards' folders (roost merge DIR... --out DIR)"
        case .notARun(let error): "roost merge: \(error)"
        case .notAShard(let folder):
            "roost merge: \(folder): not a shard (run.csv has no shard row): run each part with roost run --shard I/N"
        case let .mismatch(what, values):
            "roost merge: the shards are of different \(what): "
                + values.map { "\($0.folder) has \($0.value.isEmpty ? "none" : $0.value)" }.joined(separator: ", ")
        case .missing(let shard): "roost merge: shard \(shard) missing"
        case let .repeated(shard, folders): "roost merge: shard \(shard) given twice: \(folders.joined(separator: " and "))"
        }
    }
}
