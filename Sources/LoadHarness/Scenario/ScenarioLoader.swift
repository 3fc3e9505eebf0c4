import Foundation
import Yams

/// Reads scenario files (design section 5). The whole file is checked before anything is
/// returned, and every problem is reported at once with its line and column.
public enum ScenarioLoader {
    /// Reads and validates the scenario at `path`.
    public static func load(path: String, registry: StepRegistry = .current) throws(ScenarioError) -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or unreadable")
        }
        guard let yaml = String(data: data, encoding: .utf8) else { throw .unreadable(path: path, reason: "not UTF-8 text") }
        return try parse(yaml: yaml, path: path, registry: registry)
    }

    /// Validates YAML text as a scenario; `path` is used in messages and kept in the result.
    public static func parse(yaml: String, path: String, registry: StepRegistry = .current) throws(ScenarioError) -> Scenario {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw notYAML(error, path: path, yaml: yaml)
        } catch {
            throw .notYAML(path: path, line: 1, column: 1, reason: String(describing: error))
        }
        var reader = ScenarioReader(path: path, registry: registry)
        guard let root else {
            reader.report("the file is empty; a scenario needs at least 'name' and 'steps'", line: 1, column: 1)
            throw .invalid(path: path, problems: reader.problems)
        }
        guard let scenario = reader.scenario(root), reader.problems.isEmpty else {
            throw .invalid(path: path, problems: inFileOrder(reader.problems))
        }
        return scenario
    }

    /// Problems sorted by position; problems at one position keep the order they were found.
    static func inFileOrder(_ problems: [ScenarioProblem]) -> [ScenarioProblem] {
        problems.enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    /// A Yams error as `.notYAML` with its position and libyaml's own words.
    private static func notYAML(_ error: YamlError, path: String, yaml: String) -> ScenarioError {
        func context(_ context: YamlError.Context?) -> String {
            context.map { " (\($0.text) at line \($0.mark.line), column \($0.mark.column))" } ?? ""
        }
        switch error {
        case let .scanner(found, problem, mark, _), let .parser(found, problem, mark, _), let .composer(found, problem, mark, _):
            return .notYAML(path: path, line: mark.line, column: mark.column, reason: problem + context(found))
        case let .duplicatedKeysInMapping(duplicates, found):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .notYAML(path: path, line: found.mark.line, column: found.mark.column,
                            reason: "duplicate key \(keys) in one mapping; each key may appear once")
        case let .reader(problem, offset, _, _):
            let (line, column) = offset.map { position(ofCharacter: $0, in: yaml) } ?? (1, 1)
            return .notYAML(path: path, line: line, column: column, reason: problem)
        default:
            return .notYAML(path: path, line: 1, column: 1, reason: String(describing: error))
        }
    }

    /// The 1-based line and column of the character at `offset`.
    private static func position(ofCharacter offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for character in text.prefix(offset) {
            if character == "\n" || character == "\r\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        return (line, column)
    }
}
