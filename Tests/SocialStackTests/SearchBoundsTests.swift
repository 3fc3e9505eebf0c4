import Foundation
import GRDB
import Testing
@testable import SocialStack

/// A search's cost is bounded whatever its input: at most `TextLimits.searchBytes` bytes
/// and `TextLimits.searchTerms` words, refused with a typed error beyond them (the issue's
/// 100 KB query of 51,200 one-letter words took 371 s before).
@Suite struct SearchBoundsTests {
    private func stackWithPosts() throws -> SocialStack {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        for text in ["a swift round", "rock and roll", "every word counts", "b c d e f g h i"] {
            try stack.posts.compose(.post(text), as: stack.session(of: ada))
        }
        return stack
    }

    @Test func theHundredKilobyteQueryIsRefusedAtOnce() throws {
        let stack = try stackWithPosts()
        let query = String(repeating: "a ", count: 51_200)
        #expect(throws: SearchError.tooManyBytes(bytes: 102_400, limit: TextLimits.searchBytes)) {
            try stack.search.posts(matching: query)
        }
        #expect(throws: SearchError.tooManyBytes(bytes: 102_400, limit: TextLimits.searchBytes)) {
            try stack.search.users(matching: query)
        }
    }

    @Test func wordsBeyondTheLimitAreRefusedNotTruncated() throws {
        let stack = try stackWithPosts()
        let words = "b c d e f g h i".split(separator: " ")
        #expect(words.count == TextLimits.searchTerms)
        #expect(try stack.search.posts(matching: words.joined(separator: " ")).count == 1)
        #expect(throws: SearchError.tooManyWords(words: 9, limit: 8)) {
            try stack.search.posts(matching: (words + ["j"]).joined(separator: " "))
        }
        // Punctuation is not a word, so it does not count against the limit.
        #expect(try stack.search.posts(matching: "b, c; d! e? f. g: h - i").count == 1)
        let error = SearchError.tooManyWords(words: 9, limit: 8)
        #expect("\(error)" == "search: the query has 9 words; the limit is 8, so keep the 8 that matter most")
    }

    @Test func theByteLimitIsInclusive() throws {
        let stack = try stackWithPosts()
        let padded = "round" + String(repeating: " ", count: TextLimits.searchBytes - 5)
        #expect(padded.utf8.count == TextLimits.searchBytes)
        #expect(try stack.search.posts(matching: padded).count == 1)
        #expect(try stack.search.users(matching: "ada" + String(repeating: " ", count: TextLimits.searchBytes - 3)).count == 1)
        #expect(throws: SearchError.tooManyBytes(bytes: 257, limit: 256)) { try stack.search.posts(matching: padded + " ") }
    }

    /// What bounds the FTS5 work: the pattern has at most `searchTerms` prefix phrases.
    @Test func thePatternNeverHasMorePhrasesThanTheLimit() throws {
        let stack = try makeStack()
        var generator = SeededRandom(seed: 7)
        try stack.database.read { db in
            for _ in 0..<300 {
                let length = Int(generator.next() % 300)
                let query = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(32 + generator.next() % 95))) })
                do {
                    let pattern = try SearchPattern.allPrefixes(of: query, in: db)
                    let phrases = pattern.map { $0.split(separator: " ").count } ?? 0
                    #expect(phrases <= TextLimits.searchTerms)
                } catch let error as SearchError {
                    switch error {
                    case .tooManyBytes: #expect(query.utf8.count > TextLimits.searchBytes)
                    case let .tooManyWords(words, _): #expect(words > TextLimits.searchTerms)
                    case .containsNul: Issue.record("no NUL was generated")
                    }
                }
            }
        }
    }

    /// bm25 ranks only the newest `rankedMatches` matches: the best-scoring post, older
    /// than a thousand other matches, is not found; without the window it would come first.
    @Test func onlyTheNewestMatchesAreRanked() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let best = try stack.posts.compose(.post("zebra zebra zebra zebra"), as: stack.session(of: ada))
        var newer: [PostID] = []
        for index in 0..<SearchService.rankedMatches {
            newer.append(try stack.posts.compose(.post("a zebra crossing, number \(index), and some other words"), as: stack.session(of: ada)).id)
        }
        let found = try stack.search.posts(matching: "zebra", limit: 50)
        #expect(found.count == 50)
        #expect(!found.contains { $0.id == best.id })
        #expect(found.allSatisfy { $0.id >= newer[0] })
        // Once a thousand newer matches are gone, it is within the window again, and first.
        try stack.posts.delete(newer[0], as: stack.session(of: ada))
        #expect(try stack.search.posts(matching: "zebra").first?.id == best.id)
    }

    @Test func aOneCharacterWordIsMatchedWhole() throws {
        let stack = try makeStack()
        let ada = try signUp(stack, "ada")
        let user = try stack.posts.compose(.post("round 1 from user17"), as: stack.session(of: ada))
        let letter = try stack.posts.compose(.post("plan b"), as: stack.session(of: ada))
        #expect(try stack.search.posts(matching: "u").isEmpty)
        #expect(try stack.search.posts(matching: "us").map(\.id) == [user.id])
        #expect(try stack.search.posts(matching: "b").map(\.id) == [letter.id])
        #expect(try stack.search.posts(matching: "1").map(\.id) == [user.id])
    }

    /// Prefixes of 2 to 6 characters are indexed (migration v4), so a word people type is
    /// one posting list walked lazily, not the merge of every word it starts; the rebuilt
    /// index finds what the old one did.
    @Test func prefixesUpToSixCharactersAreIndexed() throws {
        let stack = try stackWithPosts()
        let definition = try stack.database.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'posts_fts'")
        }
        #expect(definition?.contains("prefix = '2 3 4 5 6'") == true, "\(definition ?? "no posts_fts")")
        try stack.store.writer.write { db in try db.execute(sql: "INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')") }
        for (query, text) in [("sw", "a swift round"), ("rou", "a swift round"), ("roun", "a swift round"), ("round", "a swift round"),
                              ("counts", "every word counts"), ("count", "every word counts"), ("countsx", nil)] {
            #expect(try stack.search.posts(matching: query).map(\.text) == (text.map { [$0] } ?? []), "\(query)")
        }
    }
}
