import Dispatch
import Foundation
import GRDB
import TestFolders
import Testing
@testable import SocialStack

/// `SocialStack.close()`: the files go whoever still holds the stack, and every later call
/// throws `StackError.closed` naming the operation.
@Suite struct StackCloseTests {
    @Test func closingAFileStackRemovesItsFolderWhileItIsStillHeld() throws {
        let stack = try makeStack(storage: .temporaryFile)
        let holder = [stack]  // what a leaked screen's app does: keeps the stack
        let user = try signUp(stack, "ann")
        _ = try stack.users.user(user)
        let folder = try #require(stack.folder)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("stack.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: folder.lockPath))

        stack.close()
        #expect(stack.isClosed)
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
        #expect(!FileManager.default.fileExists(atPath: folder.lockPath))
        stack.close()  // a second time does nothing
        withExtendedLifetime(holder) {}
    }

    /// `close()` of a file stack while two reads are under way on connections of their own:
    /// the folder (database, WAL, lock) goes at once, the reads finish on what they had, and
    /// later calls throw `StackError.closed`.
    @Test func closingAFileStackWithReadsUnderWayRemovesItsFolder() throws {
        let stack = try makeStack(storage: .temporaryFile)
        let ann = try signUp(stack, "ann")
        _ = try stack.posts.compose(.post("hello"), as: stack.session(of: ann))
        let folder = try #require(stack.folder)
        let reads = try ReadsUnderWay(on: stack, count: 2)
        stack.close()
        #expect(!FileManager.default.fileExists(atPath: folder.url.path))
        #expect(!FileManager.default.fileExists(atPath: folder.lockPath))
        #expect(reads.finish() == [1, 1])
        #expect(throws: StackError.self) { try stack.users.user(ann) }
    }

    @Test(arguments: [SocialStack.Configuration.Storage.memory, .temporaryFile])
    func everyCallOnAClosedStackThrowsTheTypedError(storage: SocialStack.Configuration.Storage) throws {
        let stack = try makeStack(storage: storage)
        let user = try signUp(stack, "bob")
        let session = stack.session(of: user)
        let other = try makeStack(storage: .memory)
        stack.close()

        expectClosed("UserService.user(") { try stack.users.user(user) }
        expectClosed("SearchService.posts(matching:") { try stack.search.posts(matching: "hello") }
        expectClosed("AuthService.signUp(email:") { try signUp(stack, "cyd") }
        expectClosed("MediaService.store(") { try stack.media.store(png([1, 2, 3]), as: session) }
        expectClosed("PostService.compose(") { try stack.posts.compose(.post("hello"), as: session) }
        // The whole-database tools, through the stacks' administrations.
        let (administration, otherAdministration) = (StackAdministration(administering: stack), StackAdministration(administering: other))
        expectClosed("StackAdministration.copyContents(to:)") { try administration.copyContents(to: otherAdministration) }
        expectClosed("StackAdministration.copyContents(to:)") { try otherAdministration.copyContents(to: administration) }
        expectClosed("StackAdministration.bulkLoad(timings:_:)") { try administration.bulkLoad { _ in } }
        expectClosed("StackAdministration.contents()") { try administration.contents() }
        expectClosed("StackAdministration.purgeExpired()") { try administration.purgeExpired() }
        let snapshot = TestFolders.path("closed")
        expectClosed("StackAdministration.saveSnapshot(to:)") { try administration.saveSnapshot(to: snapshot) }
        expectClosed("StackAdministration.replaceContents(withSnapshotAt:)") { try administration.replaceContents(withSnapshotAt: snapshot) }
        #expect(!FileManager.default.fileExists(atPath: snapshot))
        let message = StackError.closed(operation: "UserService.user(_:)").description
        #expect(message == "UserService.user(_:): the stack is closed (SocialStack.close() was called); open a new one")
        // The other stack is untouched.
        _ = try signUp(other, "dee")
    }

    /// Expects `body` to throw `StackError.closed` with an operation that starts with `operation`
    /// (the parameter list after it follows the service's signature).
    private func expectClosed(_ operation: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Any) {
        do {
            _ = try body()
            Issue.record("\(operation): no error on a closed stack", sourceLocation: sourceLocation)
        } catch let StackError.closed(thrown) {
            #expect(thrown.hasPrefix(operation), "\(thrown)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(operation): \(error), not StackError.closed", sourceLocation: sourceLocation)
        }
    }
}
