/// Why two runs could not be compared.
public enum ComparisonError: Error, CustomStringConvertible, Sendable {
    case unreadable(path: String, reason: String)
    case badSummary(path: String, line: Int, reason: String)
    /// The option as written (`--threshold p99=abc`) and what was wrong.
    case badTolerance(String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .badSummary(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badTolerance(let option, let reason): "\(option): \(reason)"
        }
    }
}
