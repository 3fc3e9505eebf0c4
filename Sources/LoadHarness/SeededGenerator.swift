import SocialStack

/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, so a
/// dataset and every random choice of a run repeat exactly for the same seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random bytes from a `SeededGenerator`, shared by threads: the stack's salts and tokens in
/// a load run, so that a run repeats (never for real secrets).
final class SeededBytes: Sendable {
    private let generator: Locked<SeededGenerator>

    init(seed: UInt64) { generator = Locked(SeededGenerator(seed: seed ^ 0x5EED_0F_70_4B_E5)) }

    @Sendable func next(_ count: Int) -> [UInt8] {
        generator.withLock { generator in (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) } }
    }
}
