import GRDB

/// The FTS5 pattern of a post search: every word of the query (split by SQLite's `ascii`
/// tokenizer, as GRDB's `FTS5Pattern(matchingAllPrefixesIn:)` splits it) matched as a
/// prefix, but a one-character word matched whole.
///
/// GRDB's initialiser opens two throwaway in-memory databases per call, one to tokenize and
/// one with an FTS5 table to validate the pattern, and each leaves a dispatch queue for
/// libdispatch to dispose of later, on another thread: a search allocated whatever that
/// disposal had not yet returned to the thread's cache, so its counts moved with the
/// machine's load. The stack's own connection tokenizes here, and a pattern of quoted
/// tokens needs no validation.
enum SearchPattern {
    /// `"swi"* "rock"*` for "Swi, rock!"; nil when the query has no word. Throws
    /// `SearchError` for a query over `TextLimits.searchBytes` bytes, with a NUL, or with
    /// more than `maxTerms` words: FTS5 intersects one prefix phrase per word, and 51,200
    /// of them took 371 s.
    static func allPrefixes(of query: String, maxTerms: Int = TextLimits.searchTerms, in db: Database) throws -> String? {
        try SearchError.check(query)
        let tokens = try db.makeTokenizer(.ascii()).tokenize(query: query).compactMap {
            $0.flags.contains(.colocated) ? nil : $0.token
        }
        guard !tokens.isEmpty else { return nil }
        if tokens.count > maxTerms { throw SearchError.tooManyWords(words: tokens.count, limit: maxTerms) }
        // A one-character prefix would merge the postings of every word that starts with it
        // (the FTS5 table indexes prefixes of 2 to 6): a one-character word is matched whole.
        return tokens.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + ($0.count == 1 ? "\"" : "\"*") }
            .joined(separator: " ")
    }
}
