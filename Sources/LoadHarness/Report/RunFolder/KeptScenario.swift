import Foundation

/// The scenario a run kept in its folder (`scenario.yaml`), read back by the two readers of a
/// run (`RecordedRun`, `StreamedRun`), each of which says its problems its own way.
enum KeptScenario {
    /// Why the kept scenario could not be had.
    enum Problem: Error {
        /// The folder has no copy of it.
        case missing
        /// It does not read as a scenario; the loader's message.
        case unreadable(String)
    }

    /// The scenario in the file at `path`.
    static func read(at path: String) throws(Problem) -> Scenario {
        guard let yaml = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else { throw .missing }
        do {
            return try ScenarioLoader.parse(yaml: yaml, path: path)
        } catch {
            throw .unreadable("\(error)")
        }
    }
}
