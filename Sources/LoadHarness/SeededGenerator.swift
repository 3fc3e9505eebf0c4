import Foundation
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

/// Random bytes from `SeededGenerator`s: the stack's salts and tokens in a load run, so that
/// a run repeats (never for real secrets). Each virtual user's thread draws from a stream of
/// its own, so the tokens a user gets do not depend on how the users' calls interleave (its
/// logins then touch the same index pages, with the same allocations, in every run); other
/// threads (the dataset build) share one stream.
package final class SeededBytes: Sendable {
    private let seed: UInt64
    private let streams: Locked<[Int: SeededGenerator]>

    package init(seed: UInt64) {
        self.seed = seed ^ 0x5EED_0F_70_4B_E5
        streams = Locked([:])
    }

    /// Stream `stream`'s generator. Its seed is a hash of the stream's index, not the index
    /// times SplitMix's own increment: seeds `k` increments apart make sequences that are the
    /// same shifted by `k` outputs, and sixteen users' session tokens then collided.
    static func generator(seed: UInt64, stream: Int) -> SeededGenerator {
        var mixer = SeededGenerator(seed: seed ^ (UInt64(bitPattern: Int64(stream + 1)) &* 0xD1B5_4A32_D192_ED03))
        return SeededGenerator(seed: mixer.next())
    }

    @Sendable package func next(_ count: Int) -> [UInt8] {
        let stream = VirtualUserThread.current ?? -1
        return streams.withLock { streams in
            var generator = streams[stream] ?? Self.generator(seed: seed, stream: stream)
            defer { streams[stream] = generator }
            return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
}

/// Which virtual user the current thread plays, for the per-user random streams: a pthread
/// key, so reading it neither allocates nor locks.
enum VirtualUserThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Marks the current thread as virtual user `index`'s.
    static func mark(_ index: Int) { pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1)) }

    /// The virtual user the current thread plays, if any.
    static var current: Int? { pthread_getspecific(key).map { Int(bitPattern: $0) - 1 } }
}
