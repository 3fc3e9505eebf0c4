/// How a statement's SQL is written in reports: whitespace runs collapsed to one space and
/// trimmed, so a statement reads on one line and two spellings of the same text match. A
/// virtual user keeps one, caching what it collapsed (the same few statements run again and again).
package struct StatementText {
    /// Statements a counter table had no room for, added up under this name.
    static let overflow = "[statements beyond the counter table's room]"

    private var cache: [String: String] = [:]
    private var transactionControl: [String: Bool] = [:]

    /// Nothing collapsed yet.
    package init() {}

    /// `sql` with whitespace collapsed.
    mutating func collapsed(_ sql: String) -> String {
        if let known = cache[sql] { return known }
        let collapsed = Self.collapse(sql)
        cache[sql] = collapsed
        return collapsed
    }

    /// Whether `sql` (collapsed) only controls a transaction, remembered.
    mutating func isTransactionControl(_ sql: String) -> Bool {
        if let known = transactionControl[sql] { return known }
        let answer = Self.isTransactionControl(sql)
        transactionControl[sql] = answer
        return answer
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
