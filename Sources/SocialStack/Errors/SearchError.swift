import Foundation

/// Why a search was refused: a query too big to be something a person typed. Refused, not
/// truncated, so no one gets results for a query they did not make.
public enum SearchError: Error, Hashable, Sendable {
    /// More UTF-8 bytes than `TextLimits.searchBytes`.
    case tooManyBytes(bytes: Int, limit: Int)
    /// A post search with more words than `TextLimits.searchTerms`.
    case tooManyWords(words: Int, limit: Int)
    /// A U+0000 character, which no stored text holds.
    case containsNul

    /// Throws when `query` is over the byte limit or holds a NUL: one pass over its bytes.
    static func check(_ query: String) throws {
        let bytes = query.utf8.count
        if bytes > TextLimits.searchBytes { throw tooManyBytes(bytes: bytes, limit: TextLimits.searchBytes) }
        if query.utf8.contains(0) { throw containsNul }
    }
}

extension SearchError: DescribedError {
    public var description: String {
        switch self {
        case let .tooManyBytes(bytes, limit):
            "search: the query has \(bytes) bytes of UTF-8; the limit is \(limit), so remove \(bytes - limit)"
        case let .tooManyWords(words, limit):
            "search: the query has \(words) words; the limit is \(limit), so keep the \(limit) that matter most"
        case .containsNul:
            "search: the query contains a NUL character (U+0000); remove it"
        }
    }
}
