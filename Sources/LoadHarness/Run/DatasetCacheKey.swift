import Crypto
import Foundation
import SocialStack

/// Everything that shapes a built dataset's database, written out as text: its SHA-256
/// names the cache entry, and the text is kept beside it for people to read.
struct DatasetCacheKey: Sendable, Equatable {
    /// Bump when the bulk loader or the dataset generator writes different rows for the same
    /// section and seed, so entries written by an older build are never used. 2: profile
    /// images begin with a PNG signature (the stack stores only images).
    static let formatVersion = 2

    let text: String

    init(spec: DatasetSpec, seed: UInt64, settings: StackSettings, schemaDigest: String) {
        text = [
            "format=\(Self.formatVersion)", "roost=\(Roost.version)", "schema=\(schemaDigest)", "seed=\(seed)",
            "feed=\(settings.feed.rawValue)", "password_cost=\(settings.passwordCost.rawValue)",
            "users=\(spec.users)", "posts_per_user=\(spec.postsPerUser)", "follows_per_user=\(spec.followsPerUser)",
            "likes_per_user=\(spec.likesPerUser)", "image_bytes=\(spec.imageBytes)",
        ].joined(separator: "\n") + "\n"
    }

    /// The key of `scenario`'s dataset on a stack with `settings` (a variant's, or the scenario's).
    init(scenario: Scenario, settings: StackSettings, schemaDigest: String) {
        self.init(spec: scenario.dataset, seed: scenario.seed, settings: settings, schemaDigest: schemaDigest)
    }

    /// The entry's file name stem: 32 hex digits of the text's SHA-256.
    var name: String { SHA256.hash(data: Array(text.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined() }
}

/// SHA-256 of a file, read in 1 MiB pieces (an entry can be hundreds of megabytes).
enum FileDigest {
    static func sha256(of path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw DatasetCacheError.unreadable(path: path) }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
