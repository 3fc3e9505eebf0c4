import GRDB

/// What acts on a stack without any user's session: the dataset path (`bulkLoad`, which
/// writes as any user it names), the whole-database tools (`contents`, snapshots, copies,
/// the `database` itself) and the server's maintenance (`purgeExpired`).
///
/// It is a capability held on purpose: the only way to get one is to open the stack through
/// it (`StackAdministration(opening:)`), so whoever opens a stack decides who administers it,
/// and code that is handed the `SocialStack` (an app's screens, a step, a service's caller)
/// cannot reach it: `SocialStack` has no way back to its administration. Roost's harness
/// opens each variant's stack this way, keeps the handle in its dataset builder and cache,
/// and gives the screens and virtual users `stack` alone (docs/social-stack.md).
public final class StackAdministration: Sendable {
    /// The stack administered: the app's side, to hand to whatever uses the services.
    public let stack: SocialStack

    /// The configuration the stack was opened with.
    public var configuration: SocialStack.Configuration { stack.configuration }

    /// Opens (and migrates) a new stack, administered by this handle.
    public init(opening configuration: SocialStack.Configuration = SocialStack.Configuration()) throws {
        stack = try SocialStack(configuration)
    }

    /// A handle on a stack opened elsewhere (the stack's own tests).
    init(administering stack: SocialStack) {
        self.stack = stack
    }

    /// Runs `body` with a `BulkLoad` inside one write transaction, then writes the derived
    /// rows of every phase; if anything throws, nothing is written. `timings` is told how long
    /// each step took, as it ends. The load acts as the users it names, with no session.
    public func bulkLoad<T>(timings: @escaping (BulkLoadTiming) -> Void = { _ in }, _ body: (BulkLoad) throws -> T) throws -> T {
        try stack.store.checkOpen()
        return try stack.bulkLoad(timings: timings, body)
    }

    /// Every account and post, in id order (one read): the addresses of a dataset restored
    /// rather than built, emails included.
    public func contents() throws -> StackContents {
        try stack.store.checkOpen()
        return try stack.contents()
    }

    /// Writes a copy of the whole database to a new file at `path` (SQLite's backup API),
    /// for `replaceContents(withSnapshotAt:)` to start another stack from.
    public func saveSnapshot(to path: String) throws {
        try stack.store.checkOpen()
        try stack.saveSnapshot(to: path)
    }

    /// Replaces the stack's whole database with the snapshot at `path` (SQLite's backup
    /// API). The snapshot must come from a stack with the same schema and feed strategy; it
    /// is not checked here.
    public func replaceContents(withSnapshotAt path: String) throws {
        try stack.store.checkOpen()
        try stack.replaceContents(withSnapshotAt: path)
    }

    /// Replaces `other`'s whole database with a copy of this stack's (SQLite's backup API):
    /// `other` ends as `replaceContents(withSnapshotAt:)` of this stack's snapshot would
    /// leave it. Both stacks must be administered by the caller.
    public func copyContents(to other: StackAdministration) throws {
        try stack.store.checkOpen()
        try other.stack.store.checkOpen()
        try stack.copyContents(to: other.stack)
    }

    /// The database, for tools that inspect rows directly (query plans, comparisons).
    public var database: any DatabaseReader { stack.database }

    /// What `purgeExpired()` removed.
    public struct Purge: Sendable, Hashable {
        /// Expired sessions deleted.
        public let sessions: Int
        /// Expired password-reset tokens deleted.
        public let passwordResets: Int
        /// Stored images no post or profile uses, older than `Configuration.unusedMediaLifetime`.
        public let unusedImages: Int
        /// Live observations whose session had expired, ended (`ObservationEnd.sessionExpired`).
        public let observations: Int
    }

    /// The server's maintenance, for it to run now and then: deletes every expired session
    /// and reset token and the stored images no post or profile has used within
    /// `Configuration.unusedMediaLifetime` (in one write), ends the observations of expired
    /// sessions, and forgets wrong-password counts whose lockout has passed.
    @discardableResult
    public func purgeExpired() throws -> Purge {
        let store = stack.store
        let configuration = store.configuration
        let now = store.nowMillis
        let (sessions, resets, images) = try store.write { db, _ in
            let (sessions, resets) = try AuthService.purgeExpired(in: db, now: now)
            let cutoff = now - Int64(configuration.unusedMediaLifetime * 1000)
            return (sessions, resets, try MediaService.removeUnused(storedBy: cutoff, in: db))
        }
        let observations = store.endExpiredObservations(at: now)
        stack.auth.wrongPasswords.forgetStale(at: now, lockout: Int64(configuration.wrongPasswordLockout * 1000))
        return Purge(sessions: sessions, passwordResets: resets, unusedImages: images, observations: observations)
    }
}
