import Foundation
import GRDB

/// Full-text post search (SQLite FTS5, bm25 ranking, prefix matching) and user search.
public struct SearchService: Sendable {
    let store: Store

    /// Posts containing every word of `query`, each word matched as a prefix ("swi" finds
    /// "Swift"), best bm25 match first. Punctuation in the query is ignored, never an error.
    public func posts(matching query: String, limit: Int = PageSize.default, offset: Int = 0) throws -> [Post] {
        try store.read { db in
            guard let pattern = try SearchPattern.allPrefixes(of: query, in: db) else { return [] }
            return try db.cachedRows(sql: """
                    SELECT \(Post.columns) FROM posts_fts JOIN posts ON posts.id = posts_fts.rowid
                    WHERE posts_fts MATCH ? ORDER BY posts_fts.rank, posts.id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [pattern, PageSize.clamped(limit), max(offset, 0)]
            ).map(Post.init(row:))
        }
    }

    /// Users by username or full-name prefix; see `UserService.search`.
    public func users(matching query: String, limit: Int = PageSize.default, offset: Int = 0) throws -> [User] {
        try UserService(store: store).search(query, limit: limit, offset: offset)
    }
}
