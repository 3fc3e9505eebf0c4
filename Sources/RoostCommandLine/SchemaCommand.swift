import ArgumentParser
import Foundation
import LoadHarness

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write the scenario format's JSON Schema, from the registered steps and edges.",
        discussion: """
            Writes Scenarios/roost.schema.json (or --output PATH, `-` for standard output): every \
            registered step with its arguments, kinds, defaults and doc lines, the control steps, \
            and every reference edge. A package with steps of its own writes its own.
            """
    )

    @Option(name: .customLong("output"), help: "Where to write it (default: Scenarios/roost.schema.json; - for standard output).")
    var output = "Scenarios/roost.schema.json"

    func run() throws {
        let text = ScenarioSchema.text()
        guard output != "-" else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            printError("roost schema: cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote \(output) (\(StepRegistry.current.entries.count) steps, \(StepRegistry.current.edges.count) edges)")
    }
}
