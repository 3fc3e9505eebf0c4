/// Why the plain-SQLite reference of `roost-bench stack --reference` stopped.
public enum StackReferenceError: Error, Equatable, CustomStringConvertible {
    /// SQLite refused a step of `operation` (its result code and message, and the SQL).
    case sqlite(operation: String, code: Int32, message: String, sql: String)
    /// `operation` named a user that is not in the reference's database.
    case userNotFound(operation: String, user: Int64)
    /// `operation` acted as a user who holds no valid session in the reference's database.
    case sessionNotFound(operation: String, user: Int64)
    /// `operation` named a post that is not in the reference's database.
    case postNotFound(operation: String, post: Int64)
    /// The reference and the stack answered `operation` differently, so they did not do the
    /// same work and their ratio would mean nothing.
    case differentResult(operation: String, stack: String, reference: String)

    public var description: String {
        switch self {
        case let .sqlite(operation, code, message, sql):
            "reference \(operation): SQLite error \(code) (\(message)) in: \(sql)"
        case let .userNotFound(operation, user):
            "reference \(operation): no user \(user)"
        case let .sessionNotFound(operation, user):
            "reference \(operation): no valid session for user \(user)"
        case let .postNotFound(operation, post):
            "reference \(operation): no post \(post)"
        case let .differentResult(operation, stack, reference):
            "reference \(operation) answered \(reference) where the stack answered \(stack)"
        }
    }
}
