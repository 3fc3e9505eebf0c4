import Foundation

/// One thing wrong in a scenario file, at a 1-based line and column.
public struct ScenarioProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars as libyaml does.
    public var column: Int
    /// What is wrong and what was expected.
    public var message: String

    /// A problem at a position.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, the form editors and compilers use.
    public var description: String { "\(path):\(line):\(column): \(message)" }
}

/// Why a scenario could not be loaded.
public enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not well-formed YAML (Yams could not parse it).
    case notYAML(path: String, line: Int, column: Int, reason: String)
    /// The YAML is well-formed but not a valid scenario: every problem found, in file order.
    case invalid(path: String, problems: [ScenarioProblem])

    /// The file the error is about.
    public var path: String {
        switch self {
        case let .unreadable(path, _), let .notYAML(path, _, _, _), let .invalid(path, _): path
        }
    }

    /// Every problem as `path:line:column: message`, one per line.
    public var lines: [String] {
        switch self {
        case let .unreadable(path, reason): ["\(path): cannot read the file: \(reason)"]
        case let .notYAML(path, line, column, reason): ["\(path):\(line):\(column): not valid YAML: \(reason)"]
        case let .invalid(_, problems): problems.map(\.description)
        }
    }

    /// The problems, one per line.
    public var description: String { lines.joined(separator: "\n") }

    /// The problems, one per line.
    public var errorDescription: String? { description }
}
