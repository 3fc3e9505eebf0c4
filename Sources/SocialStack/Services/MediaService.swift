import Crypto
import Foundation
import GRDB

/// Image bytes, content-addressed by SHA-256: storing the same bytes twice stores them once.
public struct MediaService: Sendable {
    let store: Store

    /// Stores `bytes` (an image, `ImageFormat`, of at most `Configuration.mediaSizeLimit`
    /// bytes), uploaded by the session's user, and returns their id. Bytes no post or profile
    /// comes to use are removed by `StackAdministration.purgeExpired()` once they are older
    /// than `Configuration.unusedMediaLifetime`.
    @discardableResult
    public func store(_ bytes: [UInt8], as session: Session) throws -> MediaID {
        try store.write { db, _ in
            try SessionCheck.verify(session, for: "store image", in: db, store: store)
            return try Self.insert(bytes, in: db, store: store)
        }
    }

    /// The bytes stored under `id`.
    public func bytes(_ id: MediaID) throws -> [UInt8] {
        // An id that is not 64 hex digits (a NUL among them) names nothing: not looked up.
        guard id.isWellFormed else { throw MediaError.notFound(MediaID(rawValue: TextRules.quoted(id.rawValue))) }
        return try store.read { db in
            // One copy, straight from SQLite's buffer (a Data value would be a second one).
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT bytes FROM media WHERE id = ?"), arguments: [id])
            guard let row = try rows.next(), let data = row.dataNoCopy(atIndex: 0) else { throw MediaError.notFound(id) }
            return [UInt8](data)
        }
    }

    /// Whether bytes are stored under `id`.
    public func contains(_ id: MediaID) throws -> Bool {
        guard id.isWellFormed else { return false }
        return try store.read { db in
            try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM media WHERE id = ?)", arguments: [id]) ?? false
        }
    }

    /// The id `bytes` would be stored under.
    public static func id(of bytes: [UInt8]) -> MediaID {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return MediaID(rawValue: String(decoding: hex, as: UTF8.self))
    }

    /// Deletes the bytes under `id` inside the caller's transaction when no post and no
    /// profile uses them any more (after a post's deletion or an image's replacement);
    /// returns whether they went. Two index seeks (`Schema`'s v2 partial indexes).
    @discardableResult
    static func release(_ id: MediaID, in db: Database) throws -> Bool {
        try db.cachedExecute(sql: """
            DELETE FROM media WHERE id = ?1
            AND NOT EXISTS (SELECT 1 FROM posts WHERE image_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM users WHERE profile_image_id = ?1)
            """, arguments: [id])
        return db.changesCount > 0
    }

    /// Deletes, inside the caller's transaction, the bytes no post and no profile uses that
    /// were stored at or before `cutoff` (milliseconds): bytes `store` kept for a post or
    /// profile that never came. Returns how many went. Maintenance: it reads the whole table.
    static func removeUnused(storedBy cutoff: Int64, in db: Database) throws -> Int {
        try db.cachedExecute(sql: """
            DELETE FROM media WHERE created_at <= ?
            AND NOT EXISTS (SELECT 1 FROM posts WHERE image_id = media.id)
            AND NOT EXISTS (SELECT 1 FROM users WHERE profile_image_id = media.id)
            """, arguments: [cutoff])
        return db.changesCount
    }

    /// Inserts the bytes inside the caller's transaction (used by sign-up, profile and post images).
    /// Throws `MediaError` for bad bytes (none, too many, not an image), and the database's own
    /// error if SQLite fails.
    static func insert(_ bytes: [UInt8], in db: Database, store: Store) throws -> MediaID {
        if bytes.isEmpty { throw MediaError.empty }
        let limit = store.configuration.mediaSizeLimit
        if bytes.count > limit { throw MediaError.tooLarge(bytes: bytes.count, limit: limit) }
        guard ImageFormat(of: bytes) != nil else {
            throw MediaError.notAnImage(leadingBytes: Array(bytes.prefix(ImageFormat.quotedBytes)))
        }
        let id = id(of: bytes)
        try db.cachedExecute(
            sql: "INSERT OR IGNORE INTO media (id, bytes, size, created_at) VALUES (?, ?, ?, ?)",
            arguments: [id, Data(bytes), bytes.count, store.nowMillis])
        return id
    }
}
