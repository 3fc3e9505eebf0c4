import Dispatch
import Foundation
import GRDB
import TestFolders
import Testing
@testable import SocialStack

/// `.memory` stacks: a WAL database in the process's heap (the `roost-memory` VFS), started
/// from a snapshot or a copy, freed by `close()` even while reads are under way, and refused
/// before anything is made when the machine lacks the memory for its dataset.
@Suite struct MemoryStorageTests {
    /// A stack with users, follows and posts, and its snapshot file (removed by the caller).
    private func builtStack() throws -> (SocialStack, String) {
        let stack = try makeStack(storage: .privateMemory)
        let users = try (0..<5).map { try signUp(stack, "user\($0)") }
        for user in users.dropFirst() { _ = try stack.follows.follow(users[0], as: stack.session(of: user)) }
        for round in 0..<25 { _ = try stack.posts.compose(.post("post \(round) @user1"), as: stack.session(of: users[0])) }
        let snapshot = TestFolders.path("memory", suffix: ".sqlite")
        try stack.saveSnapshot(to: snapshot)
        return (stack, snapshot)
    }

    private func rows(_ stack: SocialStack) throws -> [String] {
        try stack.database.read { db in
            try ["users", "follows", "posts", "notifications", "mentions"].map { table in
                "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2")).map(\.description).joined(separator: ",")
            }
        }
    }

    @Test(arguments: [SocialStack.Configuration.Storage.memory, .privateMemory, .temporaryFile])
    func aStackStartedFromASnapshotOrACopyHoldsTheSameRows(storage: SocialStack.Configuration.Storage) throws {
        let (source, snapshot) = try builtStack()
        defer { try? FileManager.default.removeItem(atPath: snapshot) }
        var configuration = SocialStack.Configuration(storage: storage, feed: .fanOutOnRead, passwordCost: .low)
        configuration.clock = { Date(timeIntervalSince1970: 1_700_000_100) }
        let fromSnapshot = try StackAdministration(opening: configuration, startingFromSnapshotAt: snapshot).stack
        let fromCopy = try StackAdministration(opening: configuration, startingAsCopyOf: StackAdministration(administering: source)).stack
        #expect(try rows(fromSnapshot) == rows(source))
        #expect(try rows(fromCopy) == rows(source))
        // Both take writes and read them back.
        for stack in [fromSnapshot, fromCopy] {
            let user = try stack.users.user(named: "user2").id
            let post = try stack.posts.compose(.post("after the start"), as: stack.session(of: user))
            #expect(try stack.posts.posts(by: user).items.first?.id == post.id)
            let check = try stack.database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
            #expect(check == "ok")
        }
    }

    /// A snapshot larger than the memory the machine has free is refused before anything is
    /// made (the check comes before the file is read in): a typed error naming the bytes
    /// needed and free.
    @Test func aSnapshotThatDoesNotFitInFreeMemoryIsRefusedBeforeAnythingIsMade() throws {
        let (source, snapshot) = try builtStack()
        defer { try? FileManager.default.removeItem(atPath: snapshot) }
        let size = Int64(try #require(FileManager.default.attributesOfItem(atPath: snapshot)[.size] as? Int))
        var configuration = SocialStack.Configuration(storage: .memory, feed: .fanOutOnRead, passwordCost: .low)
        configuration.freeMemory = { 4096 }
        #expect(throws: MemoryStackError.notEnoughMemory(operation: "StackAdministration.init(opening:startingFromSnapshotAt:)",
                                                        needed: size, available: 4096)) {
            _ = try StackAdministration(opening: configuration, startingFromSnapshotAt: snapshot).stack
        }
        let pages = try source.database.read { db in
            (try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0) * (try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
        }
        #expect(throws: MemoryStackError.notEnoughMemory(operation: "StackAdministration.init(opening:startingAsCopyOf:)",
                                                        needed: pages, available: 4096)) {
            _ = try StackAdministration(opening: configuration, startingAsCopyOf: StackAdministration(administering: source)).stack
        }
        let message = MemoryStackError.notEnoughMemory(operation: "StackAdministration.init(opening:startingFromSnapshotAt:)",
                                                       needed: 3_145_728, available: 4096).description
        #expect(message == "StackAdministration.init(opening:startingFromSnapshotAt:): a memory stack needs 3.0 MB (3145728 bytes) for its "
            + "dataset and the machine has 4.0 KB free (MemAvailable); free some memory, use a smaller dataset, or use storage: file")
        // With the memory free, the same start succeeds.
        configuration.freeMemory = { size * 2 }
        #expect(try rows(StackAdministration(opening: configuration, startingFromSnapshotAt: snapshot).stack) == rows(source))
    }

    /// `close()` while reads are under way: the database is no longer found by name at once,
    /// the reads finish on what they had, and once they have, nothing of the stack is left.
    @Test func closingWithReadsUnderWayFreesEverythingOnceTheyFinish() throws {
        let stack = try makeStack(storage: .memory)
        let ann = try signUp(stack, "ann")
        _ = try stack.posts.compose(.post("hello"), as: stack.session(of: ann))
        let memory = try #require(stack.memory)
        #expect(memory.size > 0)
        #expect(MemoryDatabase.fileCount(prefix: memory.name) == 2, "the database and its WAL")
        let reads = try ReadsUnderWay(on: stack, count: 2)
        stack.close()
        #expect(memory.size == 0, "the name no longer finds the database")
        #expect(MemoryDatabase.fileCount(prefix: memory.name) > 0, "the open reads still hold it")
        #expect(reads.finish() == [1, 1])
        #expect(MemoryDatabase.fileCount(prefix: memory.name) == 0)
        #expect(throws: StackError.self) { try stack.users.user(ann) }
    }

    /// A stack released without `close()` frees its memory too (deinit closes).
    @Test func aReleasedStackLeavesNothing() throws {
        var name = ""
        do {
            let stack = try makeStack(storage: .memory)
            _ = try signUp(stack, "ann")
            name = try #require(stack.memory).name
            #expect(MemoryDatabase.fileCount(prefix: name) > 0)
        }
        #expect(MemoryDatabase.fileCount(prefix: name) == 0)
    }
}

/// The `roost-memory` VFS under SQLite, through GRDB connections opened on its URI: one
/// writer at a time, readers on their own snapshots across checkpoints, a database that lives
/// as long as its name (not its connections), and a missing one that a reader cannot open.
@Suite struct MemoryVFSTests {
    private func connection(_ memory: MemoryDatabase, readonly: Bool = false) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .immediateError
        return try DatabaseQueue(path: memory.path, configuration: configuration)
    }

    private func walDatabase() throws -> (MemoryDatabase, DatabaseQueue) {
        let memory = try MemoryDatabase(prefix: "/roost-vfs-test-")
        let writer = try connection(memory)
        #expect(try writer.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") } == "wal")
        try writer.write { try $0.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)") }
        return (memory, writer)
    }

    @Test func aSecondWriterIsBusyWhileTheFirstWrites() throws {
        let (memory, first) = try walDatabase()
        defer { memory.remove() }
        let second = try connection(memory)
        try first.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "INSERT INTO t (v) VALUES (1)")
            do {
                try second.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
                Issue.record("a second writer began while the first wrote")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .SQLITE_BUSY)
            }
            try db.execute(sql: "COMMIT")
        }
        try second.write { try $0.execute(sql: "INSERT INTO t (v) VALUES (2)") }
        #expect(try first.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == 2)
    }

    /// A reader keeps its snapshot while the writer writes 3,000 pages (three checkpoint
    /// intervals), then sees everything; the database stays sound.
    @Test func aReaderKeepsItsSnapshotAcrossCheckpoints() throws {
        let (memory, writer) = try walDatabase()
        defer { memory.remove() }
        try writer.write { try $0.execute(sql: "INSERT INTO t (v) VALUES (zeroblob(100))") }
        let reader = try connection(memory, readonly: true)
        try reader.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1)
            for _ in 0..<30 {
                try writer.write { db in
                    try db.execute(sql: """
                        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100)
                        INSERT INTO t (v) SELECT zeroblob(4000) FROM n
                        """)
                }
            }
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1, "the reader's snapshot moved")
            try db.execute(sql: "COMMIT")
        }
        let total = try writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } ?? 0
        #expect(total > 1)
        #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM t") } == total)
        _ = try writer.writeWithoutTransaction { try Row.fetchOne($0, sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        #expect(try reader.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    /// The database outlives its connections while its name is kept (the last one to close
    /// checkpoints the WAL into it), and is gone once removed.
    @Test func theDatabaseLivesAsLongAsItsName() throws {
        let memory: MemoryDatabase
        do {
            let (made, writer) = try walDatabase()
            memory = made
            try writer.write { try $0.execute(sql: "INSERT INTO t (v) VALUES (42)") }
            try writer.close()
        }
        #expect(MemoryDatabase.fileCount(prefix: memory.name) == 1, "the WAL went with the last connection")
        let again = try connection(memory)
        #expect(try again.read { try Int.fetchOne($0, sql: "SELECT v FROM t") } == 42)
        try again.close()
        memory.remove()
        #expect(MemoryDatabase.fileCount(prefix: memory.name) == 0)
        #expect(throws: DatabaseError.self) { _ = try connection(memory, readonly: true).read { try Int.fetchOne($0, sql: "SELECT 1 FROM t") } }
    }
}
