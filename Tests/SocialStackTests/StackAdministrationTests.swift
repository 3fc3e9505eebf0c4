import Foundation
import GRDB
import SocialStack
import TestFolders
import Testing

/// Written as an outsider calls the public API: acting without a session (the dataset path,
/// the whole-database tools, maintenance) goes through the `StackAdministration` that opened
/// the stack; the stack it hands on to the app's code carries none of it.
@Suite struct StackAdministrationTests {
    private func administration() throws -> StackAdministration {
        try StackAdministration(opening: .init(passwordCost: .low))
    }

    @Test func theBulkPathWritesAsTheUsersItNamesAndTheAppSeesIt() throws {
        let administration = try administration()
        let (ada, bob) = try administration.bulkLoad { load in
            let ada = try load.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
            let bob = try load.signUp(email: "bob@example.com", password: "secret-bob-1", username: "bob", fullName: "Bob")
            try load.follow(ada, by: bob)
            try load.compose("hello @bob", by: ada)
            return (ada, bob)
        }
        let stack = administration.stack
        #expect(try stack.users.stats(for: ada) == UserStats(followers: 1, following: 0, posts: 1))
        let bobSession = try stack.auth.logIn(email: "bob@example.com", password: "secret-bob-1")
        #expect(try stack.feed.homeFeed(for: bobSession).items.map(\.text) == ["hello @bob"])
        #expect(try stack.notifications.unreadCount(for: bobSession) == 1)
        #expect(bobSession.user.id == bob)
        let contents = try administration.contents()
        #expect(contents.users == [ada, bob] && contents.emails == ["ada@example.com", "bob@example.com"])
    }

    /// A stack where ada posted "kept", and its snapshot saved at a new path (the caller removes it).
    private func snapshotOfAPost() throws -> (source: StackAdministration, ada: Session, path: String) {
        let source = try administration()
        let ada = try source.stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
        _ = try source.stack.posts.compose(.post("kept"), as: ada)
        let path = TestFolders.path("admin", suffix: ".sqlite")
        try source.saveSnapshot(to: path)
        return (source, ada, path)
    }

    @Test func snapshotsAndCopiesMoveTheWholeDatabaseBetweenAdministeredStacks() throws {
        let (source, ada, path) = try snapshotOfAPost()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let restored = try administration(), copied = try administration()
        try restored.replaceContents(withSnapshotAt: path)
        try source.copyContents(to: copied)
        for target in [restored, copied] {
            #expect(try target.contents() == source.contents())
            #expect(try target.stack.posts.posts(by: ada.user.id).items.map(\.text) == ["kept"])
            #expect(try target.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM users") } == 1)
        }
    }

    /// A temporary file stack started from a snapshot copies the file as its database before
    /// it opens: it holds the snapshot's rows, runs in WAL mode as every file stack does, takes
    /// writes even from a read-only snapshot, and leaves the snapshot as it was.
    @Test func aTemporaryFileStackStartedFromASnapshotIsAWritableCopyOfIt() throws {
        let (source, ada, path) = try snapshotOfAPost()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: path))
        let copy = try StackAdministration(opening: .init(storage: .temporaryFile, passwordCost: .low), startingFromSnapshotAt: path)
        defer { copy.stack.close() }
        #expect(try copy.contents() == source.contents())
        #expect(try copy.database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        // Its file is writable by its owner (as root, writes would succeed on a read-only file).
        let file = try #require(try copy.database.read { db in try String.fetchOne(db, sql: "SELECT file FROM pragma_database_list WHERE name = 'main'") })
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode & 0o200 != 0, "the stack's file \(file) has mode \(String(mode, radix: 8))")
        let session = try copy.stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        _ = try copy.stack.posts.compose(.post("after the copy"), as: session)
        #expect(try copy.stack.posts.posts(by: ada.user.id).items.map(\.text).sorted() == ["after the copy", "kept"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == snapshot)
    }

    /// The handle keeps the stack it administers open; closing the stack closes both.
    @Test func closingTheStackClosesItsAdministration() throws {
        let administration = try administration()
        administration.stack.close()
        #expect(throws: StackError.self) { try administration.contents() }
        #expect(throws: StackError.self) { try administration.bulkLoad { _ in } }
    }
}
