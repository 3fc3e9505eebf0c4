import Foundation
import GRDB
import Testing
@testable import SocialStack

/// Inputs an attacker sends: a megabyte in one character, a megabyte of email, a megabyte of
/// password. Each is refused by a byte limit before anything costly, with an error that
/// quotes at most a short prefix and never the password.
@Suite struct HostileInputTests {
    /// One grapheme: `a` and 500,000 combining acute accents (1 MB of UTF-8).
    private let megaGrapheme = "a" + String(repeating: "\u{0301}", count: 500_000)
    private let megabyte = String(repeating: "x", count: 1 << 20)

    @Test func oneMegabyteCharacterIsRefusedByEveryTextField() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        #expect(megaGrapheme.count == 1)
        let bytes = megaGrapheme.utf8.count
        #expect(throws: PostError.invalidText(.tooManyBytes(bytes: bytes, limit: TextLimits.postBytes))) {
            try stack.posts.compose(.post(megaGrapheme), as: stack.session(of: ada))
        }
        let post = try stack.posts.compose(.post("fine"), as: stack.session(of: ada))
        #expect(throws: PostError.invalidText(.tooManyBytes(bytes: bytes, limit: TextLimits.postBytes))) {
            try stack.posts.edit(post.id, text: megaGrapheme, as: stack.session(of: ada))
        }
        #expect(throws: CommentError.invalidText(.tooManyBytes(bytes: bytes, limit: TextLimits.commentBytes))) {
            try stack.comments.comment(on: post.id, text: megaGrapheme, as: stack.session(of: ada))
        }
        #expect(throws: UserError.invalidBio(.tooManyBytes(bytes: bytes, limit: TextLimits.bioBytes))) {
            try stack.users.updateProfile(as: stack.session(of: ada), bio: megaGrapheme)
        }
        #expect(throws: UserError.invalidFullName(.tooManyBytes(bytes: bytes, limit: TextLimits.fullNameBytes))) {
            try stack.users.updateProfile(as: stack.session(of: ada), fullName: megaGrapheme)
        }
        #expect(throws: AuthError.invalidFullName(.tooManyBytes(bytes: bytes, limit: TextLimits.fullNameBytes))) {
            try stack.auth.signUp(email: "eve@example.com", password: "eve-secret-1", username: "eve", fullName: megaGrapheme)
        }
        #expect(try stack.posts.post(post.id).text == "fine")
        #expect(try count(stack, "comments") == 0)
    }

    @Test func byteLimitsAreInclusive() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        // The longest emoji Unicode recommends fills a post: 280 kisses with two skin tones.
        let kiss = "👩🏻\u{200D}❤️\u{200D}💋\u{200D}👨🏼"
        #expect(kiss.count == 1 && kiss.utf8.count == 35)
        #expect(try stack.posts.compose(.post(String(repeating: kiss, count: 280)), as: stack.session(of: ada)).text.count == 280)
        // 280 characters of 36 bytes each (é and 17 combining accents): exactly the limit.
        let heavy = "\u{00E9}" + String(repeating: "\u{0301}", count: 17)
        let atLimit = String(repeating: heavy, count: TextLimits.post)
        #expect(atLimit.utf8.count == TextLimits.postBytes && atLimit.count == TextLimits.post)
        #expect(try stack.posts.compose(.post(atLimit), as: stack.session(of: ada)).text == atLimit)
        // One combining accent more: still 280 characters, two bytes over.
        #expect(throws: PostError.invalidText(.tooManyBytes(bytes: TextLimits.postBytes + 2, limit: TextLimits.postBytes))) {
            try stack.posts.compose(.post(atLimit + "\u{0301}"), as: stack.session(of: ada))
        }
    }

    @Test func emailIsAtMost254Bytes() throws {
        let stack = try makeStack()
        let domain = "@example.com"
        let longest = String(repeating: "a", count: TextLimits.emailBytes - domain.utf8.count) + domain
        #expect(longest.utf8.count == 254)
        _ = try stack.auth.signUp(email: longest, password: "long-secret-1", username: "longest", fullName: "Long")
        let tooLong = "a" + longest
        #expect(throws: AuthError.self) {
            try stack.auth.signUp(email: tooLong, password: "long-secret-1", username: "longer", fullName: "Long")
        }
        #expect(SignUpProblem.problems(email: tooLong, password: "long-secret-1", username: "longer", fullName: "L")
            .map(\.message).first?.hasSuffix("has 255 bytes; an email address has at most 254") == true)
    }

    @Test func errorsQuoteAShortPrefixOfAHugeValue() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        var errors: [any Error] = []
        func collect(_ body: () throws -> Void) {
            do { try body(); Issue.record("accepted a megabyte") } catch { errors.append(error) }
        }
        collect { _ = try stack.auth.signUp(email: megabyte, password: "huge-secret-1", username: "huge", fullName: "H") }
        collect { _ = try stack.auth.signUp(email: "h@example.com", password: "huge-secret-1", username: megabyte, fullName: "H") }
        collect { _ = try stack.users.changeUsername(as: stack.session(of: ada), to: megabyte) }
        collect { _ = try stack.users.user(named: megabyte) }
        collect { _ = try stack.search.posts(matching: megabyte) }
        collect { _ = try stack.search.users(matching: megabyte) }
        collect { _ = try stack.posts.compose(.post(megabyte), as: stack.session(of: ada)) }
        let problems = SignUpProblem.problems(email: megabyte, password: megabyte, username: megabyte, fullName: megabyte)
        #expect(problems.count == 4)
        for message in problems.map(\.message) + errors.map({ "\($0)" }) {
            #expect(message.count < 200, "\(message.prefix(300))")
        }
        #expect(errors.count == 7)
    }

    @Test func errorsNeverQuoteAPassword() throws {
        let stack = try makeStack()
        _ = try signUp(stack, "ada")
        let password = "hunter2-" + String(repeating: "p", count: 2_000)
        var messages: [String] = []
        for attempt in [
            { _ = try stack.auth.signUp(email: "p@example.com", password: password, username: "pw", fullName: "P") },
            { _ = try stack.auth.logIn(email: "ada@example.com", password: password) },
            { _ = try stack.auth.logIn(email: "nobody@example.com", password: "hunter2-x") },
            { try stack.auth.resetPassword(token: "nope", newPassword: "hunter2-x") },
        ] as [() throws -> Void] {
            do { try attempt() } catch { messages.append("\(error)") }
        }
        #expect(messages.count == 4)
        for message in messages { #expect(!message.contains("hunter2")) }
        #expect(messages[0] == "password rejected: it must have at most 1024 bytes")
    }

    @Test func unknownEmailsRunScryptLikeAWrongPassword() throws {
        let stack = try makeStack()
        _ = try signUp(stack, "ada")
        let store = stack.store
        for email in ["ada@example.com", "nobody@example.com", "not an email", "ada@example.com\0x", String(repeating: "a", count: 300) + "@example.com"] {
            let before = store.scryptRuns.withLock { $0 }
            #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: email, password: "wrong-password-1") }
            #expect(store.scryptRuns.withLock { $0 } - before == 1, "\(email.prefix(40))")
        }
        // The stand-in hash is at the configured cost, so it costs what a real one costs.
        #expect(store.unmatchableHash.hasPrefix("scrypt$16$8$1$"))
        #expect(try SocialStack(.init(passwordCost: .production)).store.unmatchableHash.hasPrefix("scrypt$16384$8$1$"))
    }

    @Test func aBadResetTokenCostsNoScrypt() throws {
        let stack = try makeStack()
        _ = try signUp(stack, "ada")
        let store = stack.store
        var before = store.scryptRuns.withLock { $0 }
        for token in ["garbage", "", String(repeating: "A", count: 43), "x\0y"] {
            #expect(throws: AuthError.resetTokenInvalid) { try stack.auth.resetPassword(token: token, newPassword: "new-secret-1") }
        }
        #expect(store.scryptRuns.withLock { $0 } == before)
        let token = try #require(try stack.auth.requestPasswordReset(email: "ada@example.com"))
        before = store.scryptRuns.withLock { $0 }
        try stack.auth.resetPassword(token: token, newPassword: "new-secret-1")
        #expect(store.scryptRuns.withLock { $0 } - before == 1)
        #expect(throws: AuthError.resetTokenInvalid) { try stack.auth.resetPassword(token: token, newPassword: "new-secret-2") }
    }

    @Test func expiredSessionsArePurgedAtLoginAndByPurge() throws {
        let clock = TestClock()
        let stack = try makeStack(clock: clock)
        _ = try signUp(stack, "ada")
        _ = try signUp(stack, "bob")
        _ = try stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        _ = try stack.auth.requestPasswordReset(email: "bob@example.com")
        #expect(try count(stack, "sessions") == 3)
        clock.advance(by: stack.configuration.sessionLifetime + 1)
        // Ada's login takes her two expired sessions with it; Bob's stays until a purge.
        let fresh = try stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        #expect(try count(stack, "sessions") == 2)
        #expect(try stack.administration.purgeExpired().sessions == 1)
        #expect(try count(stack, "sessions") == 1)
        #expect(try count(stack, "password_resets") == 0)
        #expect(try stack.auth.restoreSession(token: fresh.token).user.username == "ada")
        #expect(try stack.administration.purgeExpired().sessions == 0)
    }

    /// Looking for a user's expired sessions at login is one index seek, whatever number of
    /// live sessions the user holds (an attacker's thousand logins cost the next login nothing).
    @Test func theExpiredSessionLookupIsOneSeek() throws {
        let stack = try makeStack()
        let plan = try stack.database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = ? AND expires_at <= ?)",
                             arguments: [1, 0]).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("USING COVERING INDEX sessions_by_user (user_id=? AND expires_at<?)") }, "\(plan)")
    }

    /// A token of any length but an issued one's is refused before it is hashed: a megabyte
    /// token costs a length check, and a real token with a NUL and more after it is no token.
    @Test func tokensOfTheWrongLengthAreRefused() throws {
        let stack = try makeStack()
        _ = try signUp(stack, "ada")
        let session = try stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        let reset = try #require(try stack.auth.requestPasswordReset(email: "ada@example.com"))
        #expect(session.token.utf8.count == TextLimits.tokenBytes && reset.utf8.count == TextLimits.tokenBytes)
        for token in [String(repeating: "A", count: 1 << 20), session.token + "\0x", String(session.token.dropLast()), reset + "A"] {
            #expect(throws: AuthError.sessionNotFound) { try stack.auth.restoreSession(token: token) }
            #expect(try !stack.auth.logOut(token: token))
            #expect(throws: AuthError.resetTokenInvalid) { try stack.auth.resetPassword(token: token, newPassword: "new-secret-1") }
        }
        #expect(try stack.auth.restoreSession(token: session.token).user.username == "ada")
        try stack.auth.resetPassword(token: reset, newPassword: "new-secret-1")
        #expect(throws: AuthError.sessionNotFound) { try stack.auth.restoreSession(token: session.token) }
    }
}
