import Foundation
import Testing
@testable import SocialStack

/// A password with a NUL costs what a wrong password costs where the account exists: one
/// scrypt derivation at the configured cost (`Store.scryptRuns` counts derivations that ran),
/// so neither its error nor its time tells it apart. The times themselves are a benchmark
/// figure (`roost-bench hostile`, docs/social-stack.md), not a test.
@Suite struct PasswordNulCostTests {
    @Test func aNulPasswordRunsOneScryptAtLogInAsAWrongOneDoes() throws {
        let stack = try makeStack()
        _ = try signUp(stack, "ada")
        let store = stack.store
        for password in ["secret-ada-1\0", "secret-ada-1\0\0\0", "wrong-password-1"] {
            let before = store.scryptRuns.withLock { $0 }
            #expect(throws: AuthError.wrongEmailOrPassword) { try stack.auth.logIn(email: "ada@example.com", password: password) }
            #expect(store.scryptRuns.withLock { $0 } - before == 1, "\(password.debugDescription)")
        }
    }

    @Test func aNulPasswordRunsOneScryptAtAccountDeletionAsAWrongOneDoes() throws {
        let stack = try makeStack()
        let ada = stack.session(of: try signUp(stack, "ada"))
        let store = stack.store
        for password in ["secret-ada-1\0", "wrong-password-1"] {
            let before = store.scryptRuns.withLock { $0 }
            #expect(throws: AuthError.wrongPassword(operation: "delete account")) { try stack.auth.deleteAccount(ada, password: password) }
            #expect(store.scryptRuns.withLock { $0 } - before == 1, "\(password.debugDescription)")
        }
    }

    /// The cause, pinned: scrypt's HMAC pads a short key with zeros, so the derivations match
    /// and only the NUL check tells them apart.
    @Test func scryptDerivesTheSameHashForAPasswordAndItWithTrailingNuls() throws {
        let hash = try PasswordHasher.hash("secret-ada-1", cost: .low, salt: [UInt8](repeating: 3, count: PasswordHasher.saltBytes))
        let withNul = try PasswordHasher.hash("secret-ada-1\0\0", cost: .low, salt: [UInt8](repeating: 3, count: PasswordHasher.saltBytes))
        #expect(hash == withNul)
        var derivations = 0
        #expect(!PasswordHasher.verify("secret-ada-1\0", against: hash) { derivations += 1 })
        #expect(derivations == 1)
        #expect(PasswordHasher.verify("secret-ada-1", against: hash))
    }
}
