import Foundation
import TestFolders
import Testing
@testable import SocialStack

/// `StaleStackSweeper` in one folder of its own: a folder whose lock nobody holds (its
/// run died) goes, with the space it took; a folder whose lock is held (a live stack,
/// this process's own too) stays; so does anything that is not a stack folder.
@Suite struct StaleStackSweeperTests {
    private static func makeRoot() throws -> URL {
        let root = URL(fileURLWithPath: TestFolders.path("sweep"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// What a killed run leaves: the folder with a database file, and its lock file, unlocked.
    private static func deadFolder(in root: URL, prefix: String = StackFolder.stackPrefix, bytes: Int = 300_000) throws -> String {
        let folder = root.appendingPathComponent(prefix + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data(repeating: 7, count: bytes).write(to: folder.appendingPathComponent("stack.sqlite"))
        try Data("pid 1\n".utf8).write(to: URL(fileURLWithPath: folder.path + StackFolder.lockSuffix))
        return folder.path
    }

    private static func entries(_ root: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: root.path))
    }

    @Test func aDeadRunsFolderGoesAndALiveOneStays() throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let live = try StackFolder(in: root)
        try Data(repeating: 1, count: 10_000).write(to: live.url.appendingPathComponent("stack.sqlite"))
        let dead = try Self.deadFolder(in: root)
        let deadReference = try Self.deadFolder(in: root, prefix: StackFolder.referencePrefix, bytes: 5_000)
        let other = root.appendingPathComponent("roost-cli-unrelated")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
        // Named like a stack folder, but not `<prefix><UUID>`: someone else's.
        let lookalike = root.appendingPathComponent(StackFolder.stackPrefix + "folders-of-a-test")
        try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: false)

        let sweep = StaleStackSweeper.sweep(root: root)
        #expect(sweep.removed.map(\.path).sorted() == [dead, deadReference].sorted())
        #expect(sweep.live == [live.url.path])
        #expect(sweep.failures.isEmpty)
        // st_blocks: at least the bytes written (300,000 + 5,000, plus the lock files' block).
        #expect(sweep.freedBytes >= 305_000, "\(sweep.freedBytes)")
        #expect(sweep.freedBytes < 400_000, "\(sweep.freedBytes)")
        #expect(try Self.entries(root) == [live.url.lastPathComponent, live.url.lastPathComponent + ".lock", "roost-cli-unrelated",
                                           lookalike.lastPathComponent])
        #expect(sweep.lines.first?.hasPrefix("removed 2 stack folders left behind by runs no longer going (") == true)
        #expect(sweep.lines.count == 3)

        // A second sweep finds nothing more; the live folder goes when its owner removes it.
        let again = StaleStackSweeper.sweep(root: root)
        #expect(again.removed.isEmpty && again.lines.isEmpty)
        live.remove()
        #expect(try Self.entries(root) == ["roost-cli-unrelated", lookalike.lastPathComponent])
    }

    /// A folder from a Roost without lock files: removed when no process has a file in it
    /// open, kept while one does.
    @Test func aFolderWithoutALockFileGoesOnlyWhenNothingInItIsOpen() throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let inUse = try Self.deadFolder(in: root)
        let abandoned = try Self.deadFolder(in: root)
        unlink(inUse + StackFolder.lockSuffix)
        unlink(abandoned + StackFolder.lockSuffix)
        let descriptor = open(inUse + "/stack.sqlite", O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }

        let sweep = StaleStackSweeper.sweep(root: root)
        #expect(sweep.removed.map(\.path) == [abandoned])
        #expect(sweep.live == [inUse])
        #expect(FileManager.default.fileExists(atPath: inUse))
    }

    /// The stack's own folder is a `StackFolder`: its lock is held while the stack is open
    /// (another open file description cannot take it, as a sweep in another process tries),
    /// and `close()` removes the folder and the lock file.
    @Test func anOpenStacksFolderIsLockedUntilItCloses() throws {
        let stack = try makeStack(storage: .temporaryFile)
        try signUp(stack, "eve")
        let folder = try #require(stack.folder)
        let descriptor = open(folder.lockPath, O_RDWR)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        #expect(try stack.users.user(named: "eve").username == "eve")
        stack.close()
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
        #expect(!FileManager.default.fileExists(atPath: folder.lockPath))
    }
}
