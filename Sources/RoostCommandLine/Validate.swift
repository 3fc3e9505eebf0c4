import ArgumentParser
import LoadHarness

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files without running them.",
        discussion: """
            Reads each file whole and prints every problem as `path:line:column: message` on \
            standard error, or `ok` with the scenario's name, step and variant counts. Exits 1 \
            when any file is invalid.
            """
    )

    @Argument(help: "Scenario files (.yaml).") var scenarios: [String]

    func run() throws {
        var invalid = 0
        for path in scenarios {
            do {
                let scenario = try ScenarioLoader.load(path: path)
                let steps = scenario.steps.count, variants = scenario.variants.count
                print("ok \(path) (\(scenario.name): \(steps) step\(steps == 1 ? "" : "s"), \(variants) variant\(variants == 1 ? "" : "s"))")
            } catch {
                invalid += 1
                error.lines.forEach(printError)
            }
        }
        if invalid > 0 {
            if scenarios.count > 1 { printError("\(invalid) of \(scenarios.count) files invalid") }
            throw ExitCode(1)
        }
    }
}
