import Foundation
import Testing
import SocialStack

/// Written as an outsider calls the public API: a stolen session cannot guess the password
/// that account deletion asks for without limit. After `wrongPasswordLimit` wrong passwords
/// the call is refused, even with the right one, until `wrongPasswordLockout` has passed on
/// the stack's clock.
@Suite struct WrongPasswordLimitTests {
    let clock = TestClock()
    let stack: SocialStack
    let ada: Session, bob: Session

    init() throws {
        var configuration = SocialStack.Configuration(passwordCost: .low)
        let clock = clock
        configuration.clock = { clock.now }
        stack = try SocialStack(configuration)
        ada = try stack.auth.signUp(email: "ada@example.com", password: "secret-ada-1", username: "ada", fullName: "Ada")
        bob = try stack.auth.signUp(email: "bob@example.com", password: "secret-bob-1", username: "bob", fullName: "Bob")
    }

    /// `count` wrong passwords, one second apart, each refused as wrong.
    func guess(_ count: Int, as session: Session) {
        for attempt in 0..<count {
            clock.advance(by: 1)
            #expect(throws: AuthError.wrongPassword(operation: "delete account"), "try \(attempt + 1)") {
                try stack.auth.deleteAccount(session, password: "guess-\(attempt)-1")
            }
        }
    }

    @Test func afterTheLimitEvenTheRightPasswordIsRefusedUntilTheLockoutPasses() throws {
        let limit = stack.configuration.wrongPasswordLimit, lockout = stack.configuration.wrongPasswordLockout
        #expect(limit == 5 && lockout == 15 * 60)
        guess(limit, as: ada)
        let reopens = clock.now.addingTimeInterval(lockout)
        let refused = AuthError.tooManyWrongPasswords(operation: "delete account", retryAfter: reopens)
        #expect(throws: refused) { try stack.auth.deleteAccount(ada, password: "secret-ada-1") }
        // Another session of ada's (a second stolen device) is refused as well.
        let other = try stack.auth.logIn(email: "ada@example.com", password: "secret-ada-1")
        clock.advance(by: lockout - 1)
        #expect(throws: refused) { try stack.auth.deleteAccount(other, password: "secret-ada-1") }
        #expect(try stack.users.user(named: "ada").id == ada.user.id)
        // bob is not held back by ada's lockout.
        #expect(throws: AuthError.wrongPassword(operation: "delete account")) { try stack.auth.deleteAccount(bob, password: "nope-1") }
        clock.advance(by: 1)
        try stack.auth.deleteAccount(ada, password: "secret-ada-1")
        #expect(throws: UserError.usernameNotFound("ada")) { try stack.users.user(named: "ada") }
    }

    @Test func eachUserHasACountOfTheirOwn() throws {
        let limit = stack.configuration.wrongPasswordLimit
        guess(limit - 1, as: ada)
        guess(limit, as: bob)
        #expect(throws: AuthError.tooManyWrongPasswords(operation: "delete account",
                                                          retryAfter: clock.now.addingTimeInterval(stack.configuration.wrongPasswordLockout))) {
            try stack.auth.deleteAccount(bob, password: "secret-bob-1")
        }
        // bob's lockout leaves ada her last try, and then locks her out too.
        guess(1, as: ada)
        #expect(throws: AuthError.tooManyWrongPasswords(operation: "delete account",
                                                          retryAfter: clock.now.addingTimeInterval(stack.configuration.wrongPasswordLockout))) {
            try stack.auth.deleteAccount(ada, password: "secret-ada-1")
        }
    }

    @Test func triesOlderThanTheLockoutAreForgotten() throws {
        let limit = stack.configuration.wrongPasswordLimit
        guess(limit - 1, as: ada)
        clock.advance(by: stack.configuration.wrongPasswordLockout)
        guess(limit - 1, as: ada)
        try stack.auth.deleteAccount(ada, password: "secret-ada-1")
    }

    /// A password with a NUL is a wrong try like any other.
    @Test func aNulPasswordCountsAsAWrongTry() throws {
        let limit = stack.configuration.wrongPasswordLimit
        for _ in 0..<limit {
            #expect(throws: AuthError.wrongPassword(operation: "delete account")) {
                try stack.auth.deleteAccount(ada, password: "secret-ada-1\0")
            }
        }
        #expect(throws: AuthError.tooManyWrongPasswords(operation: "delete account",
                                                          retryAfter: clock.now.addingTimeInterval(stack.configuration.wrongPasswordLockout))) {
            try stack.auth.deleteAccount(ada, password: "secret-ada-1")
        }
    }

    @Test func theRefusalSaysWhenToTryAgainAndNoPassword() {
        let error = AuthError.tooManyWrongPasswords(operation: "delete account", retryAfter: Date(timeIntervalSince1970: 1_700_000_900))
        #expect(error.description == "delete account: too many wrong passwords; try again after 2023-11-14T22:28:20Z")
    }
}
