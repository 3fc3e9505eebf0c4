import Foundation
import GRDB

/// Full-text post search (SQLite FTS5, bm25 ranking, prefix matching) and user search.
public struct SearchService: Sendable {
    let store: Store

    /// The most matches a post search ranks: the newest ones.
    public static let rankedMatches = 1_000

    /// Posts containing every word of `query`, each word matched as a prefix ("swi" finds
    /// "Swift"; a one-character word is matched whole), best bm25 match first among the newest
    /// `rankedMatches` matches. Punctuation in the query is ignored, never an error.
    public func posts(matching query: String, limit: Int = PageSize.default, offset: Int = 0) throws -> [Post] {
        try store.read { db in
            guard let pattern = try SearchPattern.allPrefixes(of: query, in: db) else { return [] }
            // bm25 scores every match it orders, and a word in every post would score them
            // all: only the newest `rankedMatches` matches are ranked. FTS5 walks a match's
            // rowids newest first without scoring them, so finding the floor is cheap.
            let floor = try db.cachedValue(Int64.self, sql: """
                    SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?
                    """, arguments: [pattern, Self.rankedMatches - 1]) ?? 0
            return try db.cachedRows(sql: """
                    SELECT \(Post.columns) FROM posts_fts JOIN posts ON posts.id = posts_fts.rowid
                    WHERE posts_fts MATCH ? AND posts_fts.rowid >= ?
                    ORDER BY posts_fts.rank, posts.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [pattern, floor, PageSize.clamped(limit), max(offset, 0)]
            ).map(Post.init(row:))
        }
    }

    /// Users by username or full-name prefix; see `UserService.search`.
    public func users(matching query: String, limit: Int = PageSize.default, offset: Int = 0) throws -> [User] {
        try UserService(store: store).search(query, limit: limit, offset: offset)
    }
}
