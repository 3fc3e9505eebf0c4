import Crypto
import Foundation
import _CryptoExtras

/// scrypt password hashes in the form `scrypt$N$r$p$salt$hash` (base64 salt and hash).
enum PasswordHasher {
    static let saltBytes = 16
    static let hashBytes = 32

    static func hash(_ password: String, cost: PasswordCost, random: RandomBytes = systemRandomBytes) throws -> String {
        try hash(password, cost: cost, salt: random(saltBytes))
    }

    /// `password`'s hash with a salt drawn beforehand (`saltBytes` of them).
    static func hash(_ password: String, cost: PasswordCost, salt: [UInt8]) throws -> String {
        let derived = try derive(password, salt: salt, rounds: cost.rounds, blockSize: cost.blockSize,
                                 parallelism: cost.parallelism)
        return encoded(cost: cost, salt: salt, derived: derived)
    }

    /// The stored form of a hash: `scrypt$N$r$p$salt$hash`.
    static func encoded(cost: PasswordCost, salt: [UInt8], derived: [UInt8]) -> String {
        ["scrypt", String(cost.rounds), String(cost.blockSize), String(cost.parallelism),
         Data(salt).base64EncodedString(), Data(derived).base64EncodedString()].joined(separator: "$")
    }

    /// Whether `password` matches `encoded`; a malformed stored hash never matches, and
    /// neither does a password with a NUL byte. scrypt keys HMAC-SHA-256 with the password,
    /// and HMAC pads a key of 64 bytes or fewer with zero bytes, so `pw` and `pw\0` derive
    /// the same hash: such a password is refused after the same scrypt run as any other, so
    /// the refusal costs and says what a wrong password does. `derived` is called once the
    /// scrypt derivation has run.
    static func verify(_ password: String, against encoded: String, derived didDerive: () -> Void = {}) -> Bool {
        let hasNul = password.utf8.contains(0)
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "scrypt",
              let rounds = Int(parts[1]), let blockSize = Int(parts[2]), let parallelism = Int(parts[3]),
              let salt = Data(base64Encoded: String(parts[4])),
              let expected = Data(base64Encoded: String(parts[5])),
              let derived = try? derive(password, salt: [UInt8](salt), rounds: rounds,
                                        blockSize: blockSize, parallelism: parallelism)
        else { return false }
        didDerive()
        return constantTimeEquals(derived, [UInt8](expected)) && !hasNul
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int, blockSize: Int,
                               parallelism: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: hashBytes,
            rounds: rounds, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Array($0) }
    }

    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

}

/// Where secrets' random bytes come from (`Configuration.randomBytes`).
public typealias RandomBytes = @Sendable (Int) -> [UInt8]

/// The operating system's secure random bytes: the default.
public let systemRandomBytes: RandomBytes = { count in
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
}

/// Random 256-bit secrets handed to users (session and reset tokens), stored only as SHA-256.
enum SecretToken {
    /// Random bytes per token.
    static let randomBytes = 32

    static func generate(_ random: RandomBytes) -> String {
        Data(random(randomBytes)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func digest(_ token: String) -> Data {
        Data(SHA256.hash(data: Array(token.utf8)))
    }
}
