import GRDB
import GRDBSQLite
import SocialStack

/// Each counted statement's `EXPLAIN QUERY PLAN`, on one line, taken on the variant's stack
/// after its measured phase (nothing of it lands in a measured step).
enum StatementPlans {
    /// The plan of a statement SQLite could not explain (it names something that no longer
    /// exists, or is not SQL at all).
    static let unknown = "unknown"

    /// The plans of every statement `steps` counted, by SQL text: the plan rows' details in
    /// order, joined with "; " (empty for a statement without one, such as BEGIN), or `unknown`.
    static func explain(_ steps: [String: StepStatements], on stack: StackAdministration) -> [String: String] {
        let statements = Set(steps.values.flatMap(\.statements.keys))
        guard !statements.isEmpty else { return [:] }
        var plans: [String: String] = [:]
        _ = try? stack.database.read { db in
            guard let connection = db.sqliteConnection else { return }
            for sql in statements { plans[sql] = plan(of: sql, on: connection) }
        }
        for sql in statements where plans[sql] == nil { plans[sql] = unknown }
        return plans
    }

    /// `EXPLAIN QUERY PLAN sql` on `connection`, its details joined with "; ", or `unknown`.
    static func plan(of sql: String, on connection: OpaquePointer) -> String {
        guard sql != StatementText.overflow else { return unknown }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "EXPLAIN QUERY PLAN " + sql, -1, &statement, nil) == SQLITE_OK,
              let statement else {
            sqlite3_finalize(statement)
            return unknown
        }
        defer { sqlite3_finalize(statement) }
        var details: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                details.append(sqlite3_column_text(statement, 3).map { String(cString: $0) } ?? "")
            case SQLITE_DONE:
                return details.joined(separator: "; ")
            default:
                return unknown
            }
        }
    }
}
