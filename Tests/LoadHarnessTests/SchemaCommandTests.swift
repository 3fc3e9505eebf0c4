import Foundation
import LoadHarness
import Testing

/// `roost schema` and `roost list` read the registry, end to end.
@Suite(.enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct SchemaCommandTests {
    @Test func schemaWritesTheCommittedFile() async throws {
        let directory = try TemporaryFolder.make("schema")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/roost.schema.json"
        let run = try await RoostBinary.run(["schema", "--output", output], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(31 steps, 7 edges)"), "\(run.stdout)")
        let committed = try String(contentsOf: ScenarioTestSupport.scenariosFolder.appendingPathComponent("roost.schema.json"), encoding: .utf8)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == committed)
    }

    @Test func listShowsEachStepsDocLine() async throws {
        let list = try await RoostBinary.run(["list"], in: ScenarioTestSupport.packageRoot.path)
        for entry in RoostExtension.builtIn.steps {
            let line = list.stdout.split(separator: "\n").first { $0.hasPrefix("  \(entry.name) ") || $0 == "  \(entry.name)" }
            #expect(line?.contains(entry.summary) == true, "\(entry.name): \(line ?? "missing")")
        }
    }
}
