import Foundation
import GRDB

/// Writes a large dataset in one transaction, leaving exactly the rows the services would
/// leave for the same calls in the same order (users with their hashed passwords and first
/// session, media, follows, posts, mentions, likes, notifications, feed entries, the search
/// index and every count), but with prepared statements and the derived rows (counts,
/// notifications, feed entries) written set-based at the end of each phase.
///
/// Calls come in phases, in this order: sign-ups, follows, posts, likes (the order a
/// dataset is built in); a call from an earlier phase after a later one throws
/// `BulkLoadError.outOfOrder`, since the derived rows of the earlier phase are written.
/// Nothing is announced to live observers. Get one from `SocialStack.bulkLoad(_:)`.
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
    /// The per-row statements, prepared once for the whole load.
    private let statements: BulkStatements
    private var phase: Phase = .signUps
    /// The largest row id of each table before its phase began: its derived rows cover the rows after it.
    private var followMark: Int64 = 0
    private var postMark: Int64 = 0
    private var likeMark: Int64 = 0

    init(db: Database, store: Store) throws {
        self.db = db
        self.store = store
        statements = try BulkStatements(db)
    }

    /// Creates an account and its first session, as `AuthService.signUp` does, with the same
    /// validation, and returns its id.
    @discardableResult
    public func signUp(email: String, password: String, username: String, fullName: String,
                       profileImage: [UInt8]? = nil) throws -> UserID {
        try enter(.signUps)
        let (name, fullName) = try AuthService.checkedSignUp(email: email, password: password, username: username, fullName: fullName)
        // The salt and then the session token, drawn in the order sign-up draws them.
        let configuration = store.configuration
        let passwordHash = try PasswordHasher.hash(password, cost: configuration.passwordCost, random: configuration.randomBytes)
        var imageID: MediaID?
        if let profileImage {
            do { imageID = try MediaService.insert(profileImage, in: db, store: store) }
            catch let error as MediaError { throw AuthError.imageRejected(error) }
        }
        let now = store.nowMillis
        do {
            try statements.insertUser.execute(
                arguments: [email, name, fullName, fullName.lowercased(), imageID, passwordHash, now])
        } catch let error as DatabaseError where error.isUniqueViolation {
            if try db.cachedValue(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE email = ?)", arguments: [email]) ?? false {
                throw AuthError.emailTaken
            }
            throw AuthError.usernameTaken(name, suggestion: try Usernames.freeSuggestion(near: name, in: db))
        }
        let user = UserID(rawValue: db.lastInsertedRowID)
        let token = SecretToken.generate(configuration.randomBytes)
        let sessionStart = store.nowMillis
        try statements.insertSession.execute(
            arguments: [SecretToken.digest(token), user, sessionStart, sessionStart + Int64(configuration.sessionLifetime * 1000)])
        return user
    }

    /// `follower` follows `user`, as `FollowService.follow` does; returns false when it already did.
    @discardableResult
    public func follow(_ user: UserID, by follower: UserID) throws -> Bool {
        try enter(.follows)
        if user == follower { throw FollowError.cannotFollowSelf(user) }
        try statements.insertFollow.execute(arguments: [follower, user, store.nowMillis])
        return db.changesCount > 0
    }

    /// Writes a top-level post, as `PostService.compose(.post(text, image:), by:)` does, and
    /// records the users it mentions.
    @discardableResult
    public func compose(_ rawText: String, image: [UInt8]? = nil, by author: UserID) throws -> PostID {
        try enter(.posts)
        let (text, problem) = TextRules.trimmed(rawText, limit: TextLimits.post)
        if let problem { throw PostError.invalidText(problem) }
        var imageID: MediaID?
        if let image {
            do { imageID = try MediaService.insert(image, in: db, store: store) }
            catch let error as MediaError { throw PostError.imageRejected(error) }
        }
        do {
            try statements.insertPost.execute(arguments: [author, text, imageID, store.nowMillis])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            throw PostError.userNotFound(author)
        }
        let id = PostID(rawValue: db.lastInsertedRowID)
        let names = TextRules.mentions(in: text)
        if !names.isEmpty {
            var mentioned: [Int64] = []
            for name in names {
                if let user = try Int64.fetchOne(statements.userNamed, arguments: [name]) {
                    mentioned.append(user)
                }
            }
            for user in mentioned.sorted() {
                try statements.insertMention.execute(arguments: [id, user])
            }
        }
        return id
    }

    /// `user` likes the post, as `LikeService.like` does; returns false when they already did.
    @discardableResult
    public func like(_ post: PostID, by user: UserID) throws -> Bool {
        try enter(.likes)
        do {
            try statements.insertLike.execute(arguments: [post, user, store.nowMillis])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            if try !db.exists("posts", id: post.rawValue) { throw LikeError.postNotFound(post) }
            throw LikeError.userNotFound(user)
        }
        return db.changesCount > 0
    }

    /// Moves on to `next`, writing the derived rows of every phase it leaves.
    private func enter(_ next: Phase) throws {
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

extension SocialStack {
    /// Runs `body` with a `BulkLoad` inside one write transaction, then writes the derived
    /// rows of every phase; if anything throws, nothing is written.
    public func bulkLoad<T>(_ body: (BulkLoad) throws -> T) throws -> T {
        try store.writer.write { db in
            // Rows go into the tables without their secondary indexes, which are then built
            // once each from sorted keys (far fewer b-tree seeks than one insert per row per
            // index); the unique indexes stay, since the inserts rely on them.
            let indexes = try BulkIndexes.drop(in: db)
            // Posts enter the search index in one statement per load, not one trigger run per row.
            let searchTrigger = try BulkSearchIndex.dropInsertTrigger(in: db)
            let load = try BulkLoad(db: db, store: store)
            let value = try body(load)
            try load.finishAll()
            try db.execute(sql: searchTrigger)
            try BulkIndexes.create(indexes, in: db)
            return value
        }
    }
}
