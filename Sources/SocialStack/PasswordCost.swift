/// The scrypt parameters of new password hashes. Stored hashes carry their own parameters,
/// so a stack with another cost still verifies them.
public struct PasswordCost: Sendable, Hashable, Codable, CustomStringConvertible {
    /// scrypt N: a power of two, at least 2.
    public let rounds: Int
    /// scrypt r.
    public let blockSize: Int
    /// scrypt p.
    public let parallelism: Int

    /// A custom cost; `rounds` must be a power of two of at least 2.
    public init(rounds: Int, blockSize: Int = 8, parallelism: Int = 1) {
        precondition(rounds >= 2 && rounds & (rounds - 1) == 0, "scrypt rounds must be a power of two >= 2")
        precondition(blockSize >= 1 && parallelism >= 1, "scrypt blockSize and parallelism must be >= 1")
        self.rounds = rounds
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    /// N=2^14, r=8, p=1 (16 MiB per hash), as Firebase Auth hashes passwords.
    public static let production = PasswordCost(rounds: 1 << 14)
    /// N=16, r=8, p=1: same code path, microseconds per hash, for load runs.
    public static let low = PasswordCost(rounds: 16)

    /// The memory one hash needs, in bytes (128 * r * N).
    public var memoryBytes: Int { 128 * blockSize * rounds }

    public var description: String { "scrypt(N=\(rounds), r=\(blockSize), p=\(parallelism))" }
}
