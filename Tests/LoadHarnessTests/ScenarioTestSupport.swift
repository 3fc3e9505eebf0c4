import Foundation
import LoadHarness
import Testing

/// Paths and helpers shared by the scenario tests.
enum ScenarioTestSupport {
    /// The package root, found from this file's path (no `Bundle.module`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LoadHarnessTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Scenarios/` in the package.
    static let scenariosFolder = packageRoot.appendingPathComponent("Scenarios")

    /// Every `.yaml` file in `Scenarios/`, sorted.
    static func bundledScenarioPaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path)
            .filter { $0.hasSuffix(".yaml") }
            .sorted()
            .map { scenariosFolder.appendingPathComponent($0).path }
    }

    /// The problems the loader reports for `yaml`, or none (with a recorded issue) when it loads.
    static func problems(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [ScenarioProblem] {
        do {
            let scenario = try ScenarioLoader.parse(yaml: yaml, path: "t.yaml")
            Issue.record("expected problems, but it loaded as \(scenario.name)", sourceLocation: sourceLocation)
            return []
        } catch let .invalid(_, problems) {
            return problems
        } catch {
            Issue.record("expected .invalid, got \(error)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// The problems as `line:column: message`, the part a test checks.
    static func report(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        problems(yaml, sourceLocation: sourceLocation).map { "\($0.line):\($0.column): \($0.message)" }
    }

    /// The scenario `yaml` describes, recording an issue when it does not load.
    static func scenario(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> Scenario? {
        do {
            return try ScenarioLoader.parse(yaml: yaml, path: "t.yaml")
        } catch {
            Issue.record("did not load: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The steps of a scenario whose `steps:` list is `stepsYAML` (lines starting `  - `).
    static func steps(_ stepsYAML: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Step]? {
        scenario("name: t\nsteps:\n" + stepsYAML, sourceLocation: sourceLocation)?.steps
    }
}
