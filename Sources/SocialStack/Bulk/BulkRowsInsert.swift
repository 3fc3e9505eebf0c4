import GRDB

/// One `INSERT ... VALUES (...), (...), ...` per batch of rows (or any statement around a
/// VALUES list), prepared once per row count:
/// a statement runs once for up to `maxRows` rows, where one statement per row costs its
/// start (cursors, transaction checks) and its API calls again for every row. Rows get their
/// ids in VALUES order, as one statement per row would give them.
final class BulkRowsInsert {
    /// The most rows one statement takes.
    static let maxRows = 64

    private let db: Database
    private let head: String
    private let tail: String
    private let row: String
    /// Bound values per row.
    let columns: Int32
    private var statements: [Int: DirectStatement] = [:]

    /// `head` is the statement up to VALUES (`INSERT INTO t (a, b) VALUES`), `tail` what
    /// follows the rows; rows have `columns` values.
    init(_ db: Database, _ head: String, columns: Int32, tail: String = "") {
        self.db = db
        self.head = head
        self.tail = tail
        self.columns = columns
        row = "(" + Array(repeating: "?", count: Int(columns)).joined(separator: ", ") + ")"
    }

    /// The statement for `rows` rows (1 to `maxRows`); value `column` (1-based) of row `r`
    /// (0-based) is parameter `r * columns + column`.
    func statement(rows: Int) throws -> DirectStatement {
        precondition(rows >= 1 && rows <= Self.maxRows, "1 to \(Self.maxRows) rows per statement")
        if let statement = statements[rows] { return statement }
        let statement = try DirectStatement(db, head + " " + Array(repeating: row, count: rows).joined(separator: ", ") + tail)
        statements[rows] = statement
        return statement
    }
}
