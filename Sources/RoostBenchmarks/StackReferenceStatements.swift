import GRDBSQLite
import SocialStack

/// The reference's statements, each prepared once (`SQLITE_PREPARE_PERSISTENT`) from the
/// same `Statements` strings the services execute, and finalized with the reference.
struct PreparedStatements {
    let beginImmediate, beginDeferred, commit, rollback: OpaquePointer
    let sessionExpiry, userExists, insertUser: OpaquePointer
    let insertPost, incrementPostsCount, fanOutPost, mentionedUsers, insertMention, insertNotification, post: OpaquePointer
    let postAuthor, insertLike, incrementLikeCount: OpaquePointer
    let insertFollow, adjustFollowingCount, adjustFollowersCount, fanOutFollow: OpaquePointer
    let feedHeads, authorPostBefore, storedFeedPage, postsByIDs: OpaquePointer

    /// Every SQL string the reference runs besides its transaction statements, for tests
    /// that compare it with what the stack executes.
    static let sql: [String] = [
        Statements.sessionExpiry, Statements.userExists, Statements.insertUser,
        Statements.insertPost, Statements.incrementPostsCount, Statements.fanOutPost, Statements.mentionedUsers,
        Statements.insertMention, Statements.insertNotification, Statements.post,
        Statements.postAuthor, Statements.insertLike, Statements.incrementLikeCount,
        Statements.insertFollow, Statements.adjustFollowingCount, Statements.adjustFollowersCount, Statements.fanOutFollow,
        Statements.feedHeads, Statements.authorPostBefore, Statements.storedFeedPage, Statements.postsByIDs,
    ]

    init(_ db: OpaquePointer) throws {
        var prepared: [OpaquePointer] = []
        func prepare(_ sql: String) throws -> OpaquePointer {
            var handle: OpaquePointer?
            let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
            guard code == SQLITE_OK, let handle else {
                let message = String(cString: sqlite3_errmsg(db))
                for statement in prepared { sqlite3_finalize(statement) }
                throw StackReferenceError.sqlite(operation: "prepare", code: code, message: message, sql: sql)
            }
            prepared.append(handle)
            return handle
        }
        beginImmediate = try prepare(Statements.beginImmediate)
        beginDeferred = try prepare(Statements.beginDeferred)
        commit = try prepare(Statements.commit)
        rollback = try prepare(Statements.rollback)
        sessionExpiry = try prepare(Statements.sessionExpiry)
        userExists = try prepare(Statements.userExists)
        insertUser = try prepare(Statements.insertUser)
        insertPost = try prepare(Statements.insertPost)
        incrementPostsCount = try prepare(Statements.incrementPostsCount)
        fanOutPost = try prepare(Statements.fanOutPost)
        mentionedUsers = try prepare(Statements.mentionedUsers)
        insertMention = try prepare(Statements.insertMention)
        insertNotification = try prepare(Statements.insertNotification)
        post = try prepare(Statements.post)
        postAuthor = try prepare(Statements.postAuthor)
        insertLike = try prepare(Statements.insertLike)
        incrementLikeCount = try prepare(Statements.incrementLikeCount)
        insertFollow = try prepare(Statements.insertFollow)
        adjustFollowingCount = try prepare(Statements.adjustFollowingCount)
        adjustFollowersCount = try prepare(Statements.adjustFollowersCount)
        fanOutFollow = try prepare(Statements.fanOutFollow)
        feedHeads = try prepare(Statements.feedHeads)
        authorPostBefore = try prepare(Statements.authorPostBefore)
        storedFeedPage = try prepare(Statements.storedFeedPage)
        postsByIDs = try prepare(Statements.postsByIDs)
    }

    /// Finalizes every statement (before the connection closes).
    func finalize() {
        for statement in [beginImmediate, beginDeferred, commit, rollback, sessionExpiry, userExists, insertUser, insertPost,
                          incrementPostsCount, fanOutPost, mentionedUsers, insertMention, insertNotification, post,
                          postAuthor, insertLike, incrementLikeCount, insertFollow, adjustFollowingCount,
                          adjustFollowersCount, fanOutFollow, feedHeads, authorPostBefore, storedFeedPage, postsByIDs] {
            sqlite3_finalize(statement)
        }
    }
}
