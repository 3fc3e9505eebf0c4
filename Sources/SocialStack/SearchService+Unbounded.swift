import Foundation
import GRDB

extension SearchService {
    /// Runs the post-search statement with a raw FTS5 `pattern` and none of the query
    /// limits, interrupted after `timeout` seconds; returns the matches (at most 20), or nil
    /// when interrupted. `roost-bench hostile` times it to show what the limits prevent.
    package func unboundedMatches(pattern: String, timeout: TimeInterval) throws -> Int? {
        try store.read { db in
            let interrupt = DispatchWorkItem { [writer = store.writer] in writer.interrupt() }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: interrupt)
            defer { interrupt.cancel() }
            do {
                return try db.cachedRows(sql: """
                    SELECT posts.id FROM posts_fts JOIN posts ON posts.id = posts_fts.rowid
                    WHERE posts_fts MATCH ? ORDER BY posts_fts.rank, posts.id DESC LIMIT 20
                    """, arguments: [pattern]).count
            } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
                return nil
            }
        }
    }

    /// Merges the post search index's segments into one (FTS5's `optimize`), for
    /// `roost-bench hostile --optimize` to show what segment count costs a search.
    package func optimizeIndex() throws {
        try store.write { db, _ in try db.execute(sql: "INSERT INTO posts_fts(posts_fts) VALUES('optimize')") }
    }
}
