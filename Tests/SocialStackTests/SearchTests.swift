import GRDB
import Testing
@testable import SocialStack

@Suite struct SearchTests {
    @Test func findsPostsByWordsAndPrefixesBestFirst() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let swiftTwice = try stack.posts.compose(.post("Swift on Linux: swift build, swift test"), as: stack.session(of: a))
        let swiftOnce = try stack.posts.compose(.post("A long post about many things, and Swift once, among other words here"), as: stack.session(of: a))
        let other = try stack.posts.compose(.post("Rust and Go"), as: stack.session(of: a))
        #expect(try stack.search.posts(matching: "swift").map(\.id) == [swiftTwice.id, swiftOnce.id])
        #expect(try stack.search.posts(matching: "SWI").map(\.id) == [swiftTwice.id, swiftOnce.id])
        #expect(try stack.search.posts(matching: "swift linux").map(\.id) == [swiftTwice.id])
        #expect(try stack.search.posts(matching: "rust").map(\.id) == [other.id])
        #expect(try stack.search.posts(matching: "swift", limit: 1, offset: 1).map(\.id) == [swiftOnce.id])
    }

    @Test func ignoresDiacriticsAndQuerySyntax() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let cafe = try stack.posts.compose(.post("Le café est ouvert"), as: stack.session(of: a))
        #expect(try stack.search.posts(matching: "cafe").map(\.id) == [cafe.id])
        for query in ["\"", "caf\" OR", "NEAR(", "*", "-", "   "] {
            _ = try stack.search.posts(matching: query)
        }
        #expect(try stack.search.posts(matching: "\"café\"").map(\.id) == [cafe.id])
    }

    @Test func staysInStepWithEditsAndDeletes() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        let post = try stack.posts.compose(.post("original words"), as: stack.session(of: a))
        try stack.posts.edit(post.id, text: "replacement text", as: stack.session(of: a))
        #expect(try stack.search.posts(matching: "original").isEmpty)
        #expect(try stack.search.posts(matching: "replacement").map(\.id) == [post.id])
        try stack.posts.delete(post.id, as: stack.session(of: a))
        #expect(try stack.search.posts(matching: "replacement").isEmpty)
    }

    /// The stack's own pattern finds what GRDB's `FTS5Pattern(matchingAllPrefixesIn:)` finds
    /// (which opens two throwaway databases per call), for words, prefixes, case, accents,
    /// punctuation and FTS5's own syntax in the query.
    @Test func findsWhatGRDBsPrefixPatternFinds() throws {
        let stack = try makeStack()
        let a = try signUp(stack, "aaa")
        for text in ["Swift on Linux: swift build", "Le café est ouvert", "AND OR NOT near the end", "under_score and x*y",
                     "naïve résumé 日本語 text", "quote \"inside\" here", "#roost @aaa https://example.com/1/2"] {
            _ = try stack.posts.compose(.post(text), as: stack.session(of: a))
        }
        let queries = ["swift", "SWI", "swift linux", "cafe", "café", "\"café\"", "AND", "or not", "near(", "NEAR(a b)",
                       "under_score", "x*y", "日本", "naïve résumé", "quote\"", "roost aaa", "example.com/1", "*", "-", "   ", "",
                       "caf\" OR", "a:b", "^swift", "{swift}"]
        for query in queries {
            let ours = try stack.search.posts(matching: query, limit: 50).map(\.id)
            let theirs: [PostID] = try FTS5Pattern(matchingAllPrefixesIn: query).map { pattern in
                try stack.store.read { db in
                    try Row.fetchAll(db, sql: """
                        SELECT posts.id FROM posts_fts JOIN posts ON posts.id = posts_fts.rowid
                        WHERE posts_fts MATCH ? ORDER BY posts_fts.rank, posts.id DESC LIMIT 50
                        """, arguments: [pattern]).map { PostID(rawValue: $0[0]) }
                }
            } ?? []
            #expect(ours == theirs, "query \(query.debugDescription)")
        }
    }
}

