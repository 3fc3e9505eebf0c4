import Dispatch
import Foundation
import GRDB
import Synchronization
import Testing
@testable import SocialStack

/// Reads beside reads and beside the writer, on `.memory` (the heap VFS, WAL) and file stacks:
/// a read never waits for another read or for the writer, reads one snapshot, and sees what
/// the writer committed before it began. Waits below only detect a hang (a read that waited
/// for another would never be let go); no assertion depends on how long anything took.
@Suite struct ParallelReadTests {
    static let storages: [SocialStack.Configuration.Storage] = [.memory, .temporaryFile]

    /// One read is held open inside its transaction while another thread reads: the second
    /// read returns while the first is still open (a read that waited for it would hang
    /// until the test gave up), so the two ran on two connections at once.
    @Test(arguments: storages)
    func aReadDoesNotWaitForAnotherRead(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let ann = try signUp(stack, "ann")
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let held = DispatchGroup()
        held.enter()
        Thread {
            defer { held.leave() }
            _ = try? stack.store.read { db -> Int in
                entered.signal()
                release.wait()
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0
            }
        }.start()
        #expect(entered.wait(timeout: .now() + 30) == .success)
        let other = DispatchGroup()
        other.enter()
        let seen = Mutex<String?>(nil)
        Thread {
            defer { other.leave() }
            seen.withLock { $0 = try? stack.users.user(ann).username }
        }.start()
        let returned = other.wait(timeout: .now() + 30) == .success
        release.signal()
        held.wait()
        #expect(returned, "the second read waited for the first")
        #expect(seen.withLock { $0 } == "ann")
    }

    /// A write is held open inside its transaction: a read on another thread returns the
    /// data as it was before the write (its own snapshot), and the first read after the
    /// write commits sees it.
    @Test(arguments: storages)
    func aReadDoesNotWaitForTheWriterAndTheNextReadSeesTheWrite(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let ann = try signUp(stack, "ann")
        _ = try stack.posts.compose(.post("first"), as: stack.session(of: ann))
        // Warm a reader connection, so the read after the write meets a cache from before it.
        #expect(try stack.posts.posts(by: ann).items.count == 1)
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let writing = DispatchGroup()
        writing.enter()
        Thread {
            defer { writing.leave() }
            _ = try? stack.store.write { db, _ in
                try db.execute(sql: "UPDATE users SET bio = 'written' WHERE id = ?", arguments: [ann.rawValue])
                entered.signal()
                release.wait()
            }
        }.start()
        #expect(entered.wait(timeout: .now() + 30) == .success)
        let reader = DispatchGroup()
        reader.enter()
        let during = Mutex<String?>(nil)
        Thread {
            defer { reader.leave() }
            during.withLock { $0 = try? stack.users.user(ann).bio }
        }.start()
        let returned = reader.wait(timeout: .now() + 30) == .success
        release.signal()
        writing.wait()
        #expect(returned, "the read waited for the writer")
        #expect(during.withLock { $0 } == "", "a read during a write sees the data from before it")
        #expect(try stack.users.user(ann).bio == "written")
        let second = try stack.posts.compose(.post("second"), as: stack.session(of: ann))
        #expect(try stack.posts.posts(by: ann).items.first?.id == second.id)
    }

    /// Two threads read feed pages while a third posts and deletes posts on the first page:
    /// every page is whole (20 posts, newest first, a next cursor), none fails (no
    /// SQLITE_BUSY reaches a caller), and after the writer stops the pages show its last state.
    @Test(arguments: storages)
    func twoReadersAndAWriterSeeWholePages(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let author = try signUp(stack, "author")
        let readers = try (0..<2).map { try signUp(stack, "reader\($0)") }
        for reader in readers { _ = try stack.follows.follow(author, as: stack.session(of: reader)) }
        var live = try (0..<30).map { try stack.posts.compose(.post("post \($0)"), as: stack.session(of: author)).id }
        let problems = Mutex<[String]>([])
        let pages = Mutex(0)
        let group = DispatchGroup()
        let writerDone = Mutex(false)
        for (index, reader) in readers.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                // Until the writer is done, and at least 100 pages each.
                var read = 0
                while read < 100 || !writerDone.withLock({ $0 }) {
                    if let problem = fullFeedPageProblem(of: reader, on: stack) {
                        problems.withLock { $0.append("reader \(index): \(problem)") }
                    }
                    read += 1
                }
                pages.withLock { $0 += read }
            }.start()
        }
        for round in 0..<150 {
            live.append(try stack.posts.compose(.post("new \(round)"), as: stack.session(of: author)).id)
            try stack.posts.delete(live.remove(at: live.count - 10), as: stack.session(of: author))
        }
        writerDone.withLock { $0 = true }
        group.wait()
        #expect(problems.withLock { $0 } == [])
        #expect(pages.withLock { $0 } >= 200)
        for reader in readers {
            #expect(try stack.feed.homeFeed(for: stack.session(of: reader)).items.map(\.id) == Array(live.reversed().prefix(20)))
        }
    }

    /// More reads at once than GRDB's pool had readers (five): each gets a connection of its
    /// own (all eight are held open together), so none waits for another.
    /// A file stack's readers keep their memory map across commits while the file's size
    /// stays the same (`MappedFileVFS`): a row changed in place and checkpointed into the
    /// database file is read back as written each time, and so is a value that grew the file
    /// past what the readers had mapped.
    @Test func aFileStackReadsWhatCheckpointsWroteIntoItsMappedFile() throws {
        let stack = try makeStack(storage: .temporaryFile)
        let ann = try signUp(stack, "ann")
        #expect(try stack.users.user(ann).bio == "")
        func write(bio: String) throws {
            try stack.store.write { db, _ in
                try db.execute(sql: "UPDATE users SET bio = ? WHERE id = ?", arguments: [bio, ann.rawValue])
            }
            try stack.store.writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        }
        for round in 1...3 {
            try write(bio: "bio \(round)")
            #expect(try stack.users.user(ann).bio == "bio \(round)")
        }
        let long = String(repeating: "grown ", count: 100_000)
        try write(bio: long)
        #expect(try stack.users.user(ann).bio == long)
        try write(bio: "short again")
        #expect(try stack.users.user(ann).bio == "short again")
    }

    @Test func eightReadsAtOnceHoldEightConnections() throws {
        let stack = try makeStack(storage: .memory)
        _ = try signUp(stack, "ann")
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                _ = try? stack.store.read { db -> Int in
                    entered.signal()
                    release.wait()
                    return try Int.fetchOne(db, sql: "SELECT count(*) FROM users") ?? 0
                }
            }.start()
        }
        var all = true
        for _ in 0..<8 where entered.wait(timeout: .now() + 30) != .success { all = false }
        for _ in 0..<8 { release.signal() }
        group.wait()
        #expect(all, "a read waited for another")
    }
}
