import Synchronization

/// How a statement's SQL is written in reports: whitespace runs collapsed to one space and
/// trimmed, so a statement reads on one line and two spellings of the same text match. A
/// virtual user keeps one, caching what it worked out (the same few statements run again and
/// again); what one user worked out is shared with the others through a process-wide cache
/// read only on a user's first sight of a statement, so a thousand users do not each collapse
/// the same text while they are measured.
package struct StatementText {
    /// Statements a counter table had no room for, added up under this name.
    static let overflow = "[statements beyond the counter table's room]"

    /// What a statement's raw SQL comes to.
    struct Known: Sendable {
        /// The SQL with whitespace collapsed.
        let collapsed: String
        /// Whether it only controls a transaction (counted apart from the others).
        let isTransactionControl: Bool

        init(_ sql: String) {
            collapsed = StatementText.collapse(sql)
            isTransactionControl = StatementText.isTransactionControl(collapsed)
        }
    }

    private var cache: [String: Known] = [:]
    private static let shared = Mutex<[String: Known]>([:])
    /// The most statements the process's cache keeps (SQL written with its values in the text
    /// would otherwise grow it for the process's life).
    static let sharedLimit = 10_000

    /// Nothing worked out yet (by this user: the process's cache may know the statements).
    package init() {}

    /// What `sql` comes to: from this user's cache, else the process's, else worked out once.
    mutating func known(_ sql: String) -> Known {
        if let known = cache[sql] { return known }
        let known = Self.shared.withLock { shared in
            if let known = shared[sql] { return known }
            let known = Known(sql)
            if shared.count < Self.sharedLimit { shared[sql] = known }
            return known
        }
        cache[sql] = known
        return known
    }

    /// Whitespace runs (spaces, tabs, line breaks) as one space, none at either end.
    static func collapse(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Whether a statement only controls a transaction (counted apart from the others).
    static func isTransactionControl(_ sql: String) -> Bool {
        let word = sql.prefix { $0.isLetter }.uppercased()
        return ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(word)
    }
}
