import Foundation
import Testing
@testable import SocialStack

@Suite struct AuthTests {
    @Test func signUpStoresAHashedPasswordAndLowercasesTheUsername() throws {
        let stack = try makeStack()
        let session = try stack.auth.signUp(
            email: "Ada@Example.com", password: "analytical1", username: "Ada_L", fullName: "  Ada Lovelace ")
        #expect(session.user.username == "ada_l")
        #expect(session.user.fullName == "Ada Lovelace")
        let stored = try stack.database.read { db in
            try String.fetchOne(db, sql: "SELECT password_hash FROM users WHERE id = ?", arguments: [session.user.id])
        }
        let hash = try #require(stored)
        #expect(hash.hasPrefix("scrypt$16$8$1$"))
        #expect(!hash.contains("analytical1"))
        // Sessions are stored as SHA-256 of the token, never the token.
        let tokens = try stack.database.read { db in try Data.fetchAll(db, sql: "SELECT token_hash FROM sessions") }
        #expect(tokens == [SecretToken.digest(session.token)])
    }

    @Test func productionCostIsTheDefaultAndVerifiesAcrossCosts() throws {
        #expect(SocialStack.Configuration().passwordCost == .production)
        let hash = try PasswordHasher.hash("correct horse 1", cost: PasswordCost(rounds: 1 << 10))
        #expect(hash.hasPrefix("scrypt$1024$8$1$"))
        #expect(PasswordHasher.verify("correct horse 1", against: hash))
        #expect(!PasswordHasher.verify("correct horse 2", against: hash))
        #expect(!PasswordHasher.verify("correct horse 1", against: "scrypt$oops"))
    }

    @Test(arguments: ["plain", "no-at.example.com", "a@b", "a@b.c", "a b@example.com", "@example.com", "a@.com", "ä@example.com"])
    func invalidEmailsAreRejected(_ email: String) throws {
        let stack = try makeStack()
        #expect(throws: AuthError.invalidEmail(email)) {
            try stack.auth.signUp(email: email, password: "password1", username: "someone", fullName: "Some One")
        }
        #expect(try count(stack, "users") == 0)
    }

    @Test(arguments: ["a.b+tag@mail.example.co", "x_y%z-1@sub-domain.example.museum"])
    func validEmailsAreAccepted(_ email: String) throws {
        let stack = try makeStack()
        _ = try stack.auth.signUp(email: email, password: "password1", username: "someone", fullName: "Some One")
    }

    @Test func weakPasswordsSayWhatIsMissing() throws {
        let stack = try makeStack()
        func attempt(_ password: String) -> AuthError? {
            do { _ = try stack.auth.signUp(email: "a@example.com", password: password, username: "abc", fullName: "A") }
            catch { return error as? AuthError }
            return nil
        }
        #expect(attempt("short1") == .weakPassword(reason: "it must have at least 8 characters"))
        #expect(attempt("12345678") == .weakPassword(reason: "it must contain a letter"))
        #expect(attempt("abcdefgh") == .weakPassword(reason: "it must contain a digit"))
        #expect(attempt("abcdefg1") == nil)
    }

    @Test func invalidUsernamesSuggestTheNearestValidOne() throws {
        let stack = try makeStack()
        #expect(throws: AuthError.invalidUsername("Ada Lovelace!", reason: "' ' is not allowed: use a-z, 0-9 and _", suggestion: "adalovelace")) {
            try stack.auth.signUp(email: "a@example.com", password: "password1", username: "Ada Lovelace!", fullName: "Ada")
        }
        #expect(throws: AuthError.invalidUsername("ab", reason: "it must have at least 3 characters", suggestion: "ab_")) {
            try stack.auth.signUp(email: "a@example.com", password: "password1", username: "ab", fullName: "Ada")
        }
        let long = String(repeating: "a", count: 21)
        #expect(throws: AuthError.invalidUsername(long, reason: "it must have at most 20 characters", suggestion: String(repeating: "a", count: 20))) {
            try stack.auth.signUp(email: "a@example.com", password: "password1", username: long, fullName: "Ada")
        }
    }

    @Test func duplicateEmailInAnotherCaseIsTaken() throws {
        let stack = try makeStack()
        _ = try stack.auth.signUp(email: "grace@example.com", password: "password1", username: "grace", fullName: "Grace")
        #expect(throws: AuthError.emailTaken) {
            try stack.auth.signUp(email: "GRACE@Example.COM", password: "password1", username: "grace2", fullName: "Grace")
        }
        #expect(try count(stack, "users") == 1)
    }

    @Test func takenUsernameSuggestsAFreeOne() throws {
        let stack = try makeStack()
        try signUp(stack, "grace")
        try signUp(stack, "grace1")
        #expect(throws: AuthError.usernameTaken("grace", suggestion: "grace2")) {
            try stack.auth.signUp(email: "other@example.com", password: "password1", username: "GRACE", fullName: "Grace")
        }
    }

    @Test func aRejectedProfileImageLeavesNoAccountBehind() throws {
        var configuration = SocialStack.Configuration(passwordCost: .low)
        configuration.mediaSizeLimit = 10
        let stack = try SocialStack(configuration)
        #expect(throws: AuthError.imageRejected(.tooLarge(bytes: 11, limit: 10))) {
            try stack.auth.signUp(email: "a@example.com", password: "password1", username: "abc", fullName: "A",
                                  profileImage: [UInt8](repeating: 1, count: 11))
        }
        #expect(try count(stack, "users") == 0)
        #expect(try count(stack, "sessions") == 0)
        let session = try stack.auth.signUp(email: "a@example.com", password: "password1", username: "abc", fullName: "A",
                                            profileImage: jpeg([1, 2, 3]))
        #expect(try stack.media.bytes(try #require(session.user.profileImage)) == jpeg([1, 2, 3]))
    }

    @Test func loginRestoreAndLogout() throws {
        let clock = TestClock()
        let stack = try makeStack(clock: clock)
        let id = try signUp(stack, "linus")
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "linus@example.com", password: "wrong-pass1") }
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "nobody@example.com", password: "secret-linus-1") }
        let session = try stack.auth.logIn(email: "LINUS@example.com", password: "secret-linus-1")
        #expect(session.user.id == id)
        #expect(try stack.auth.restoreSession(token: session.token).user.id == id)
        #expect(try stack.auth.logOut(token: session.token) == true)
        #expect(try stack.auth.logOut(token: session.token) == false)
        #expect(throws: AuthError.sessionNotFound) { try stack.auth.restoreSession(token: session.token) }
        #expect(throws: AuthError.sessionNotFound) { try stack.auth.restoreSession(token: "made-up") }
    }

    @Test func sessionsExpire() throws {
        let clock = TestClock()
        let stack = try makeStack(clock: clock)
        try signUp(stack, "linus")
        let session = try stack.auth.logIn(email: "linus@example.com", password: "secret-linus-1")
        clock.advance(by: stack.configuration.sessionLifetime - 1)
        _ = try stack.auth.restoreSession(token: session.token)
        clock.advance(by: 1)
        #expect(throws: AuthError.sessionExpired) { try stack.auth.restoreSession(token: session.token) }
    }

    @Test func passwordResetIsOneTimeAndLogsOutEverywhere() throws {
        let clock = TestClock()
        let stack = try makeStack(clock: clock)
        try signUp(stack, "margaret")
        let session = try stack.auth.logIn(email: "margaret@example.com", password: "secret-margaret-1")
        #expect(try stack.auth.requestPasswordReset(email: "nobody@example.com") == nil)
        let token = try #require(try stack.auth.requestPasswordReset(email: "Margaret@example.com"))
        #expect(throws: AuthError.weakPassword(reason: "it must contain a digit")) {
            try stack.auth.resetPassword(token: token, newPassword: "apollo-eleven")
        }
        try stack.auth.resetPassword(token: token, newPassword: "apollo11-new")
        #expect(throws: AuthError.resetTokenInvalid) { try stack.auth.resetPassword(token: token, newPassword: "apollo12-new") }
        #expect(throws: AuthError.sessionNotFound) { try stack.auth.restoreSession(token: session.token) }
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "margaret@example.com", password: "secret-margaret-1") }
        _ = try stack.auth.logIn(email: "margaret@example.com", password: "apollo11-new")

        let late = try #require(try stack.auth.requestPasswordReset(email: "margaret@example.com"))
        clock.advance(by: stack.configuration.passwordResetLifetime)
        #expect(throws: AuthError.resetTokenInvalid) { try stack.auth.resetPassword(token: late, newPassword: "apollo13-new") }
    }

    @Test func errorMessagesNeverContainSecrets() throws {
        let stack = try makeStack()
        try signUp(stack, "ada")
        do {
            _ = try stack.auth.logIn(email: "ada@example.com", password: "hunter2hunter2")
            Issue.record("login with a wrong password succeeded")
        } catch {
            #expect(!String(describing: error).contains("hunter2"))
            #expect(error.localizedDescription == "log in: wrong email or password")
        }
    }
}
