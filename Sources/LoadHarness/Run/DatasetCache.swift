import Foundation
import SocialStack

/// Built datasets kept as SQLite files, one per `DatasetCacheKey`, so that a variant starts
/// from a copy of its dataset instead of building it again: a `.memory` stack reads the
/// file's bytes into its memory as it opens, a temporary file stack copies the file as its
/// database file before it opens, a `.file` stack copies it in with SQLite's backup API.
///
/// An entry `<key>.sqlite` has its SHA-256 in `<key>.sha256` and its key's text in
/// `<key>.key`; all are written under temporary names and renamed into place. A lock file
/// per key serializes runs that share the folder: readers hold it shared while they check
/// and copy an entry, a builder holds it exclusively while it builds and writes one, so a
/// second run waits for the first's entry rather than building its own. An entry whose
/// bytes do not match its SHA-256 (truncated, flipped, half-written) is reported, deleted
/// and rebuilt, never used.
///
/// Only the dataset build draws salts and tokens from the stack's shared random stream
/// (virtual users draw from streams of their own), so a restored stack plays the measured
/// phase exactly as a freshly built one does.
public struct DatasetCache: Sendable {
    /// Where the entries are.
    public let folder: String

    /// A cache in `folder` (created when first written).
    public init(folder: String) { self.folder = folder }

    /// `$XDG_CACHE_HOME/roost/datasets`, or `~/.cache/roost/datasets`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return ((base as NSString).appendingPathComponent("roost") as NSString).appendingPathComponent("datasets")
    }

    /// A new administered stack configured by `configuration` that holds the dataset: started
    /// from a sound entry, or from the dataset built (and stored) now. A cache that cannot be
    /// used is reported through `warn` and the dataset built; a failed build throws, and so does
    /// a stack that cannot start (`MemoryStackError.notEnoughMemory`: nothing is made).
    func makeStack(_ configuration: SocialStack.Configuration, spec: DatasetSpec, seed: UInt64, settings: StackSettings,
                   progress: (Dataset.Progress) -> Void, warn: (String) -> Void) throws -> (StackAdministration, Dataset, DatasetSource) {
        let key = DatasetCacheKey(spec: spec, seed: seed, settings: settings, schemaDigest: try SocialStack.schemaDigest())
        let entry = path(key.name + ".sqlite"), digest = path(key.name + ".sha256")
        let lock: DatasetCacheLock
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            lock = try DatasetCacheLock(path: path(key.name + ".lock"))
        } catch {
            warn("roost: \(DatasetCacheError.unwritable(folder: folder, reason: Self.reason(error))); building the dataset")
            let (stack, dataset) = try Self.makeStackWithoutCache(configuration, spec: spec, seed: seed, progress: progress)
            return (stack, dataset, .built)
        }
        if case let (.restored, stack?) = try lock.shared({ try restore(entry, digest: digest, configuration: configuration) }) {
            return (stack, try Dataset.read(from: stack), .cache)
        }
        return try lock.exclusive {
            // Another run may have written (or rewritten) the entry while this one waited.
            switch try restore(entry, digest: digest, configuration: configuration) {
            case let (.restored, stack?): return (stack, try Dataset.read(from: stack), .cache)
            case (.restored, nil), (.missing, _): break
            case let (.damaged(damage), _):
                warn("roost: \(damage); rebuilding it")
                try? FileManager.default.removeItem(atPath: entry)
                try? FileManager.default.removeItem(atPath: digest)
            }
            let scratch = try buildAndStore(like: configuration, key: key, spec: spec, seed: seed, progress: progress, warn: warn)
            let stack = try StackAdministration(opening: configuration, startingAsCopyOf: scratch)
            return (stack, try Dataset.read(from: stack), .built)
        }
    }

    /// A new administered stack configured by `configuration` holding the dataset built on a
    /// scratch stack and copied in, reading and writing no cache (`roost run
    /// --no-dataset-cache`): a copy, as every stack the cache starts is, so such a run
    /// allocates as a cached one does.
    static func makeStackWithoutCache(_ configuration: SocialStack.Configuration, spec: DatasetSpec, seed: UInt64,
                                      progress: (Dataset.Progress) -> Void) throws -> (StackAdministration, Dataset) {
        let scratch = try build(like: configuration, spec: spec, seed: seed, progress: progress)
        let stack = try StackAdministration(opening: configuration, startingAsCopyOf: scratch)
        return (stack, try Dataset.read(from: stack))
    }

    /// Makes sure a sound entry for the dataset is there, building and storing it when it is
    /// not (what `makeStack` does, without a stack to start from it); whether it was built, or nil
    /// when the folder cannot be used (`makeStack` then says so and builds).
    func prepare(like configuration: SocialStack.Configuration, spec: DatasetSpec, seed: UInt64, settings: StackSettings,
                 progress: (Dataset.Progress) -> Void, warn: (String) -> Void) throws -> DatasetSource? {
        let key = DatasetCacheKey(spec: spec, seed: seed, settings: settings, schemaDigest: try SocialStack.schemaDigest())
        let entry = path(key.name + ".sqlite"), digest = path(key.name + ".sha256")
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
              let lock = try? DatasetCacheLock(path: path(key.name + ".lock")) else { return nil }
        return try lock.exclusive {
            switch try check(entry, digest: digest) {
            case .restored: return .cache
            case .missing: break
            case let .damaged(damage):
                warn("roost: \(damage); rebuilding it")
                try? FileManager.default.removeItem(atPath: entry)
                try? FileManager.default.removeItem(atPath: digest)
            }
            _ = try buildAndStore(like: configuration, key: key, spec: spec, seed: seed, progress: progress, warn: warn)
            return .built
        }
    }

    /// Builds the dataset on a new in-memory stack (`build`) and stores it as the entry of
    /// `key`; a failed store is reported and the run goes on. Call it holding the key's lock.
    private func buildAndStore(like configuration: SocialStack.Configuration, key: DatasetCacheKey, spec: DatasetSpec,
                               seed: UInt64, progress: (Dataset.Progress) -> Void, warn: (String) -> Void) throws -> StackAdministration {
        let scratch = try Self.build(like: configuration, spec: spec, seed: seed, progress: progress)
        do {
            try store(scratch, key: key, entry: path(key.name + ".sqlite"), digest: path(key.name + ".sha256"))
        } catch {
            warn("roost: cannot store the dataset in \(folder): \(Self.reason(error)); the run goes on")
        }
        return scratch
    }

    /// Whether an entry for `key` is there (not checked: `makeStack` checks it before use).
    func holds(_ key: DatasetCacheKey) -> Bool {
        FileManager.default.fileExists(atPath: path(key.name + ".sqlite")) && FileManager.default.fileExists(atPath: path(key.name + ".sha256"))
    }

    /// Whether entries can be written: the folder exists (or was just created) and is writable.
    public var isWritable: Bool {
        (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil && access(folder, W_OK) == 0
    }

    /// A new in-memory stack (one connection, `.privateMemory`) configured as `configuration`
    /// says otherwise, with the dataset built on it. Every stack the cache starts gets a copy
    /// (of this one or of an entry), never a build of its own: a copied database and a built one differ in what SQLite and GRDB hold (prepared
    /// statements, the loaded schema), and so in what the first measured steps allocate;
    /// copies make a built run and a cached run allocate the same.
    private static func build(like configuration: SocialStack.Configuration, spec: DatasetSpec, seed: UInt64,
                              progress: (Dataset.Progress) -> Void) throws -> StackAdministration {
        var configuration = configuration
        configuration.storage = .privateMemory
        let scratch = try StackAdministration(opening: configuration)
        _ = try Dataset.build(spec, seed: seed, on: scratch, progress: progress)
        return scratch
    }

    /// What `restore` found.
    private enum Lookup {
        case restored, missing
        case damaged(DatasetCacheError)
    }

    /// Whether the entry is there and its bytes match its SHA-256 (`.restored`: sound).
    private func check(_ entry: String, digest: String) throws -> Lookup {
        guard FileManager.default.fileExists(atPath: entry) else { return .missing }
        guard let recorded = try? String(contentsOfFile: digest, encoding: .utf8) else {
            return .damaged(.damaged(path: entry, reason: "its SHA-256 file is missing"))
        }
        let actual = try FileDigest.sha256(of: entry)
        guard actual == recorded.trimmingCharacters(in: .whitespacesAndNewlines) else {
            return .damaged(.damaged(path: entry, reason: "its SHA-256 is \(actual.prefix(12))..., recorded \(recorded.prefix(12))..."))
        }
        return .restored
    }

    /// A stack started from the entry when it is sound (nil otherwise). A `.memory` stack reads
    /// the entry's bytes as it opens, a `.temporaryFile` stack copies the file before it opens;
    /// a `.file` stack opens and copies it in. A copy SQLite refuses marks the entry damaged; a
    /// machine short of memory for it is an error.
    private func restore(_ entry: String, digest: String,
                         configuration: SocialStack.Configuration) throws -> (Lookup, StackAdministration?) {
        let found = try check(entry, digest: digest)
        guard case .restored = found else { return (found, nil) }
        func damaged(_ error: any Error) -> Lookup {
            .damaged(.damaged(path: entry, reason: "SQLite cannot copy it: \(Self.reason(error))"))
        }
        if configuration.storage == .memory || configuration.storage == .temporaryFile {
            do {
                return (.restored, try StackAdministration(opening: configuration, startingFromSnapshotAt: entry))
            } catch let error as MemoryStackError {
                throw error
            } catch {
                return (damaged(error), nil)
            }
        }
        let stack = try StackAdministration(opening: configuration)
        do {
            try stack.replaceContents(withSnapshotAt: entry)
        } catch {
            stack.stack.close()
            return (damaged(error), nil)
        }
        return (.restored, stack)
    }

    /// Writes the administered stack's database as the entry: to temporary names, then renamed into place.
    private func store(_ stack: StackAdministration, key: DatasetCacheKey, entry: String, digest: String) throws {
        let suffix = ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let temporaryEntry = entry + suffix, temporaryDigest = digest + suffix
        defer {
            try? FileManager.default.removeItem(atPath: temporaryEntry)
            try? FileManager.default.removeItem(atPath: temporaryDigest)
        }
        try stack.saveSnapshot(to: temporaryEntry)
        try (try FileDigest.sha256(of: temporaryEntry) + "\n").write(toFile: temporaryDigest, atomically: false, encoding: .utf8)
        try key.text.write(toFile: path(key.name + ".key"), atomically: true, encoding: .utf8)
        try Self.rename(temporaryDigest, to: digest)
        try Self.rename(temporaryEntry, to: entry)
    }

    private func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    private static func rename(_ from: String, to: String) throws {
        guard Foundation.rename(from, to) == 0 else {
            throw DatasetCacheError.unwritable(folder: (to as NSString).deletingLastPathComponent,
                                               reason: String(cString: strerror(errno)))
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? CocoaError).flatMap { $0.userInfo[NSUnderlyingErrorKey].map { "\($0)" } } ?? "\(error)"
    }
}

/// Where a variant's dataset came from (`dataset_source` in `run.csv`).
public enum DatasetSource: String, Sendable {
    /// Built for this run (no entry, a damaged one, or no cache).
    case built
    /// Copied from the dataset cache.
    case cache
}
