import Foundation
import GRDB

/// Writes a large dataset in one transaction, leaving exactly the rows the services would
/// leave for the same calls in the same order (users with their hashed passwords and first
/// session, media, follows, posts, mentions, likes, notifications, feed entries, the search
/// index and every count), but with statements prepared once and bound through SQLite's C
/// API, password hashes computed on every core, and the derived rows (counts,
/// notifications, feed entries) written set-based at the end of each phase.
///
/// Calls come in phases, in this order: sign-ups, follows, posts, likes (the order a
/// dataset is built in); a call from an earlier phase after a later one throws
/// `BulkLoadError.outOfOrder`, since the derived rows of the earlier phase are written.
/// SQLite does not check foreign keys during the load: the load checks every user and post
/// id a call names, and throws the error the service would.
/// Each kind of call also takes a batch (`signUp(_:)`, `follow(_:by:)`, `compose(_:)`,
/// `like(_:by:)`), written with one statement per 64 rows: what a batch writes is what its
/// calls one by one would write.
/// Nothing is announced to live observers. Get one from `StackAdministration.bulkLoad(_:)`.
public final class BulkLoad {
    /// The phases of a bulk load, in the order they must come.
    public enum Phase: Int, Comparable, Sendable, CustomStringConvertible {
        case signUps, follows, posts, likes

        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
        public var description: String {
            switch self {
            case .signUps: "sign-ups"
            case .follows: "follows"
            case .posts: "posts"
            case .likes: "likes"
            }
        }
    }

    let db: Database
    let store: Store
    /// The row statements, prepared once for the whole load.
    let statements: BulkStatements
    /// Every user and post id in the database, kept up to date by the load.
    var users: BulkIDSet
    var posts: BulkIDSet
    /// The accounts' password hashes, computed on another thread; `passwordPlaceholder`
    /// stands in for them in the users' rows until the load ends.
    let hashes: BulkHashQueue
    let passwordPlaceholder: String
    /// Mentions (post, user) of the posts written, waiting for their statement.
    var pendingMentions: [(post: Int64, user: Int64)] = []
    private var phase: Phase = .signUps
    /// The largest row id of each table before its phase began: its derived rows cover the rows after it.
    private var followMark: Int64 = 0
    private var postMark: Int64 = 0
    private var likeMark: Int64 = 0
    /// Times each phase's rows and derived rows.
    var stopwatch: BulkStopwatch

    init(db: Database, store: Store, stopwatch: BulkStopwatch) throws {
        self.db = db
        self.store = store
        self.stopwatch = stopwatch
        statements = try BulkStatements(db)
        hashes = BulkHashQueue(cost: store.configuration.passwordCost)
        passwordPlaceholder = hashes.placeholder
        users = try BulkIDSet(idsOf: "users", in: db)
        posts = try BulkIDSet(idsOf: "posts", in: db)
    }

    /// Moves on to `next`, writing the derived rows of every phase it leaves.
    func enter(_ next: Phase) throws {
        guard next != phase else { return }
        guard next > phase else { throw BulkLoadError.outOfOrder(call: next, after: phase) }
        while phase < next {
            try finish(phase)
            phase = Phase(rawValue: phase.rawValue + 1)!
            try begin(phase)
        }
    }

    /// Writes the derived rows of every phase not finished yet (called once, at the end).
    func finishAll() throws {
        try finish(phase)
        while let next = Phase(rawValue: phase.rawValue + 1) {
            phase = next
            try begin(next)
            try finish(next)
        }
        try writePasswordHashes()
        stopwatch.lap(.passwordHashes)
    }

    /// Replaces the placeholders with the accounts' hashes (waiting for the ones not computed yet).
    private func writePasswordHashes() throws {
        let hashes = try hashes.finish()
        try forEachBatch(of: hashes.count, in: statements.passwordHashes) { statement, row, index in
            statement.bind(hashes[index].user, at: row + 1)
            statement.bind(hashes[index].hash, at: row + 2)
        } done: { _ in }
    }

    private func begin(_ phase: Phase) throws {
        switch phase {
        case .signUps: break
        case .follows: followMark = try largestID(in: "follows")
        case .posts: postMark = try largestID(in: "posts")
        case .likes: likeMark = try largestID(in: "likes")
        }
    }

    private func finish(_ phase: Phase) throws {
        stopwatch.lap(.rows(phase))
        defer { stopwatch.lap(.derived(phase)) }
        switch phase {
        case .signUps: break
        case .follows: try BulkDerivedRows.afterFollows(since: followMark, in: db, feed: store.configuration.feed)
        case .posts: try BulkDerivedRows.afterPosts(since: postMark, in: db, feed: store.configuration.feed)
        case .likes: try BulkDerivedRows.afterLikes(since: likeMark, in: db)
        }
    }

    private func largestID(in table: String) throws -> Int64 {
        try db.cachedValue(Int64.self, sql: "SELECT max(id) FROM \(table)") ?? 0
    }
}

/// Why a bulk load stopped (its transaction is rolled back).
public enum BulkLoadError: Error, Equatable, CustomStringConvertible {
    /// A call of phase `call` came after the load had moved on to the later phase `after`.
    case outOfOrder(call: BulkLoad.Phase, after: BulkLoad.Phase)
    /// The database lacks part of the schema the load relies on (it was not made by this stack's migrations).
    case schemaLacks(String)

    public var description: String {
        switch self {
        case let .outOfOrder(call, after):
            "bulk load: \(call) must come before \(after) (sign-ups, follows, posts, likes, in that order)"
        case let .schemaLacks(part):
            "bulk load: the database has no \(part); it was not created by this version of SocialStack"
        }
    }
}
