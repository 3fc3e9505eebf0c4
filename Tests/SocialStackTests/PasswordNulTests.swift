import Foundation
import Testing
import SocialStack

/// Written as an outsider calls the public API: a password with a NUL byte is never a
/// password. scrypt keys HMAC with the password and HMAC pads a short key with zero bytes,
/// so `pw` and `pw\0` would hash alike: where a password is set (sign-up, reset) it is
/// refused as too weak; where one is checked (log-in, account deletion) it is wrong, with
/// the same error a wrong password gets, whoever's it is.
@Suite struct PasswordNulTests {
    static let right = "secret-ada-1"
    /// The right password with NULs after it, before it and inside it.
    static let withNul = [right + "\0", right + "\0\0\0", "\0" + right, "secret-\0ada-1", right + "\0x"]

    private func stackWithAda() throws -> (SocialStack, Session) {
        let stack = try SocialStack(.init(passwordCost: .low))
        let ada = try stack.auth.signUp(email: "ada@example.com", password: Self.right, username: "ada", fullName: "Ada")
        return (stack, ada)
    }

    @Test func logInWithTheRightPasswordAndANulIsAWrongPassword() throws {
        let (stack, _) = try stackWithAda()
        for password in Self.withNul {
            #expect(throws: AuthError.wrongEmailOrPassword, "\(password.debugDescription)") {
                try stack.auth.logIn(email: "ada@example.com", password: password)
            }
            // The same error as for someone else's account that does not exist.
            #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "nobody@example.com", password: password) }
        }
        #expect(try stack.auth.logIn(email: "ada@example.com", password: Self.right).user.username == "ada")
    }

    @Test func deletingAnAccountWithTheRightPasswordAndANulDeletesNothing() throws {
        let (stack, ada) = try stackWithAda()
        for password in Self.withNul.prefix(3) {
            #expect(throws: AuthError.wrongPassword(operation: "delete account"), "\(password.debugDescription)") {
                try stack.auth.deleteAccount(ada, password: password)
            }
        }
        #expect(try stack.users.user(named: "ada").id == ada.user.id)
        try stack.auth.deleteAccount(ada, password: Self.right)
        #expect(throws: UserError.usernameNotFound("ada")) { try stack.users.user(named: "ada") }
    }

    @Test func signUpAndResetRefuseAPasswordWithANul() throws {
        let (stack, _) = try stackWithAda()
        let refused = AuthError.weakPassword(reason: "it must not contain a NUL character")
        for password in Self.withNul {
            #expect(throws: refused) {
                try stack.auth.signUp(email: "bob@example.com", password: password, username: "bob", fullName: "Bob")
            }
        }
        #expect(throws: UserError.usernameNotFound("bob")) { try stack.users.user(named: "bob") }
        #expect(SignUpProblem.problems(email: "bob@example.com", password: "secret-bob-1\0", username: "bob", fullName: "Bob")
            == [SignUpProblem(field: .password, message: "it must not contain a NUL character")])

        let token = try #require(try stack.auth.requestPasswordReset(email: "ada@example.com"))
        #expect(throws: refused) { try stack.auth.resetPassword(token: token, newPassword: "new-secret-2\0") }
        // The token is still good and the old password still works: nothing was changed.
        #expect(try stack.auth.logIn(email: "ada@example.com", password: Self.right).user.username == "ada")
        try stack.auth.resetPassword(token: token, newPassword: "new-secret-2")
        #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "ada@example.com", password: "new-secret-2\0") }
        #expect(try stack.auth.logIn(email: "ada@example.com", password: "new-secret-2").user.username == "ada")
    }
}
