import Foundation
import GRDB
import GRDBSQLite

extension StackAdministration {
    /// Opens a new stack whose database starts as a copy of the snapshot at `path`
    /// (`saveSnapshot(to:)`, from a stack with the same schema and feed strategy; not checked).
    /// A `.memory` stack reads the file's bytes straight into its memory before any connection
    /// opens it (no page goes through SQLite), after checking that the machine has the memory
    /// free (`MemoryStackError.notEnoughMemory` otherwise, with nothing made); a
    /// `.temporaryFile` stack copies the file as its database file before any connection opens
    /// it; a `.file` stack opens its file and copies the snapshot in with SQLite's backup API
    /// (`replaceContents(withSnapshotAt:)`).
    public convenience init(opening configuration: SocialStack.Configuration, startingFromSnapshotAt path: String) throws {
        self.init(administering: try SocialStack(configuration, startingAs: .snapshot(path: path)))
    }

    /// Opens a new stack whose database starts as a copy of `source`'s (same schema and feed
    /// strategy; not checked). A `.memory` stack takes a serialized copy of `source`'s database
    /// into its memory before any connection opens it, after checking that the machine has the
    /// memory free; a `.temporaryFile` stack starts from `source`'s snapshot written as its
    /// file; a `.file` stack opens and copies it in (`source.copyContents(to:)`).
    public convenience init(opening configuration: SocialStack.Configuration, startingAsCopyOf source: StackAdministration) throws {
        self.init(administering: try SocialStack(configuration, startingAs: .copy(of: source.stack)))
    }
}

extension SocialStack {
    /// What a new stack's database starts as.
    enum StartingContents {
        case snapshot(path: String)
        case copy(of: SocialStack)

        /// Fills a `.memory` stack's database before any connection opens it.
        func fill(_ memory: MemoryDatabase, configuration: Configuration) throws {
            switch self {
            case let .snapshot(path):
                var status = stat()
                guard stat(path, &status) == 0 else {
                    throw StackError.cannotOpen(path: path, reason: "cannot read the snapshot: \(String(cString: strerror(errno)))")
                }
                try Self.checkMemory(Int64(status.st_size), configuration: configuration,
                                     operation: "StackAdministration.init(opening:startingFromSnapshotAt:)")
                try memory.load(snapshot: path)
            case let .copy(source):
                try source.store.checkOpen("init(opening:startingAsCopyOf:)", "StackAdministration")
                try source.store.writer.writeWithoutTransaction { db in
                    guard let connection = db.sqliteConnection else {
                        throw StackError.closed(operation: "StackAdministration.init(opening:startingAsCopyOf:)")
                    }
                    let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                    let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
                    try Self.checkMemory(pages * pageSize, configuration: configuration,
                                         operation: "StackAdministration.init(opening:startingAsCopyOf:)")
                    var size: sqlite3_int64 = 0
                    guard let bytes = sqlite3_serialize(connection, "main", &size, 0) else {
                        throw StackError.cannotOpen(path: memory.name, reason: "SQLite could not serialize the source database")
                    }
                    defer { sqlite3_free(bytes) }
                    try memory.create(copying: bytes, size: size)
                }
            }
        }

        /// Writes the database file at `path` of a new `.temporaryFile` stack before any
        /// connection opens it: a snapshot's file copied (no page goes through SQLite; a
        /// snapshot is one self-contained file), another stack's database saved as a snapshot
        /// there. Both kinds of start thus leave the stack's writer alike, so a run on a built
        /// dataset and one on a cached dataset allocate the same; a copy into the open stack
        /// (SQLite's backup API) leaves the writer in another state (docs/storage.md).
        func write(asNewDatabaseAt path: String) throws {
            switch self {
            case let .snapshot(snapshot):
                do {
                    try FileManager.default.copyItem(atPath: snapshot, toPath: path)
                    // The copy is the stack's own, writable whatever the snapshot's mode (a
                    // cache entry may be read-only).
                    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
                } catch {
                    let reason = (error as? CocoaError).flatMap { $0.userInfo[NSUnderlyingErrorKey].map { "\($0)" } } ?? "\(error)"
                    throw StackError.cannotOpen(path: snapshot, reason: "cannot copy the snapshot to \(path): \(reason)")
                }
            case let .copy(source):
                try source.saveSnapshot(to: path)
            }
        }

        /// Copies into a `.file` stack, once it is open (SQLite's backup API).
        func copy(into stack: SocialStack) throws {
            switch self {
            case let .snapshot(path): try stack.replaceContents(withSnapshotAt: path)
            case let .copy(source): try source.copyContents(to: stack)
            }
        }

        /// Throws unless the machine has `needed` bytes of memory free (unknown counts as enough).
        private static func checkMemory(_ needed: Int64, configuration: Configuration, operation: String) throws {
            if let available = configuration.freeMemory(), available < needed {
                throw MemoryStackError.notEnoughMemory(operation: operation, needed: needed, available: available)
            }
        }
    }
}
