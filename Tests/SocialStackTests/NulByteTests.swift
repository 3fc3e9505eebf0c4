import Foundation
import GRDB
import Testing
@testable import SocialStack

/// A NUL byte must never cut a lookup short: text with one is refused by rule where it is
/// stored, and matched on every byte (so matching nothing) where it is looked up.
@Suite struct NulByteTests {
    private let attack = "alice@example.com\0@attacker.example"

    private func stackWithAlice() throws -> SocialStack {
        let stack = try makeStack()
        _ = try stack.auth.signUp(email: "alice@example.com", password: "alice-secret-1", username: "alice", fullName: "Alice")
        return stack
    }

    @Test func logInWithANulSuffixedEmailIsNotAlice() throws {
        let stack = try stackWithAlice()
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: attack, password: "alice-secret-1") }
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "alice@example.com\0", password: "alice-secret-1") }
        #expect(try stack.auth.logIn(email: "ALICE@example.com", password: "alice-secret-1").user.username == "alice")
    }

    @Test func passwordResetForANulSuffixedEmailIssuesNoToken() throws {
        let stack = try stackWithAlice()
        #expect(try stack.auth.requestPasswordReset(email: attack) == nil)
        #expect(try count(stack, "password_resets") == 0)
        #expect(try stack.auth.requestPasswordReset(email: "alice@example.com") != nil)
    }

    @Test func usernameLookupWithANulSuffixIsNoOne() throws {
        let stack = try stackWithAlice()
        for name in ["alice\0x", "alice\0", "ALICE\0x", "alice\u{0}\u{0}"] {
            #expect(throws: UserError.self) { try stack.users.user(named: name) }
        }
        do {
            _ = try stack.users.user(named: "alice\0x")
        } catch let error as UserError {
            #expect(error == .usernameNotFound("alice\\0x"))
            #expect("\(error)" == "no user named 'alice\\0x'")
        }
        #expect(try stack.users.user(named: "Alice").username == "alice")
    }

    @Test func storedTextWithANulIsRefusedWithATypedError() throws {
        let stack = try stackWithAlice()
        let alice = try stack.users.user(named: "alice").id
        #expect(throws: AuthError.invalidEmail("bob@example.com\\0x")) {
            try stack.auth.signUp(email: "bob@example.com\0x", password: "bob-secret-1", username: "bob", fullName: "Bob")
        }
        #expect(throws: AuthError.invalidFullName(.containsNul)) {
            try stack.auth.signUp(email: "bob@example.com", password: "bob-secret-1", username: "bob", fullName: "Bob\0Admin")
        }
        #expect(throws: AuthError.invalidUsername("bob\\0", reason: "'\\0' is not allowed: use a-z, 0-9 and _", suggestion: "bob")) {
            try stack.auth.signUp(email: "bob@example.com", password: "bob-secret-1", username: "bob\0", fullName: "Bob")
        }
        #expect(throws: PostError.invalidText(.containsNul)) { try stack.posts.compose(.post("hi\0there"), as: stack.session(of: alice)) }
        let post = try stack.posts.compose(.post("hello"), as: stack.session(of: alice))
        #expect(throws: PostError.invalidText(.containsNul)) { try stack.posts.edit(post.id, text: "hello\0", as: stack.session(of: alice)) }
        #expect(throws: CommentError.invalidText(.containsNul)) { try stack.comments.comment(on: post.id, text: "a\0b", as: stack.session(of: alice)) }
        #expect(throws: UserError.invalidBio(.containsNul)) { try stack.users.updateProfile(as: stack.session(of: alice), bio: "bio\0") }
        #expect(throws: UserError.invalidFullName(.containsNul)) { try stack.users.updateProfile(as: stack.session(of: alice), fullName: "A\0") }
        #expect(try count(stack, "users") == 1)
        #expect(try stack.posts.post(post.id).text == "hello")
    }

    @Test func searchesWithANulAreRefused() throws {
        let stack = try stackWithAlice()
        #expect(throws: SearchError.containsNul) { try stack.search.users(matching: "alice\0zzz") }
        #expect(throws: SearchError.containsNul) { try stack.search.posts(matching: "hello\0world") }
    }

    @Test func mediaIDWithANulSuffixIsNotFound() throws {
        let stack = try makeStack()
        let id = try stack.media.store(png(Array("image bytes".utf8)), as: stack.session(of: try signUp(stack, "ada")))
        let forged = MediaID(rawValue: id.rawValue + "\0junk")
        #expect(throws: MediaError.self) { try stack.media.bytes(forged) }
        #expect(try !stack.media.contains(forged))
        #expect(try stack.media.bytes(id) == png(Array("image bytes".utf8)))
    }

    /// A NUL in a password was accepted (issue 20) and hashed on every byte, but scrypt's
    /// HMAC pads a short key with zero bytes, so `pw` and `pw\0` hashed alike (issue 33): a
    /// password with a NUL is now refused where it is set, and matches no account where it is
    /// checked (`PasswordNulTests`).
    @Test func aPasswordWithANulIsRefusedWhereItIsSet() throws {
        let stack = try makeStack()
        #expect(throws: AuthError.weakPassword(reason: "it must not contain a NUL character")) {
            try stack.auth.signUp(email: "nul@example.com", password: "secret-1\0tail", username: "nul", fullName: "Nul")
        }
        #expect(try count(stack, "users") == 0)
    }

    /// The root cause, pinned: GRDB binds a Swift `String` with a length of -1, so SQLite
    /// reads it up to the first NUL; `DirectStatement` binds its UTF-8 byte count. Lookups
    /// of typed text bind through `DirectStatement` or refuse a NUL before they look.
    @Test func grdbCutsBoundTextAtANulAndDirectStatementDoesNot() throws {
        let stack = try makeStack()
        let (viaGRDB, direct) = try stack.database.read { db -> (String?, String) in
            let viaGRDB = try String.fetchOne(db, sql: "SELECT hex(?)", arguments: ["a\0b"])
            let statement = try DirectStatement(db, "SELECT hex(?)")
            defer { statement.reset() }
            statement.bind("a\0b", at: 1)
            _ = try statement.step()
            return (viaGRDB, statement.text(0))
        }
        #expect(viaGRDB == "61")
        #expect(direct == "610062")
    }
}
