import ArgumentParser
import LoadHarness

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files without running them.",
        discussion: """
            Reads each file whole and prints every problem as `path:line:column: message` on \
            standard error, or `ok` with the scenario's name, population (when it has `populations:`), step and variant counts. Exits 1 \
            when any file is invalid.
            """
    )

    @Argument(help: "Scenario files (.yaml).") var scenarios: [String]

    func run() throws {
        var invalid = 0
        for path in scenarios {
            do {
                let scenario = try ScenarioLoader.load(path: path)
                let steps = scenario.playedPopulations.reduce(0) { $0 + $1.steps.count }, variants = scenario.variants.count
                let populations = scenario.populations.count
                let playing = scenario.hasPopulations ? "\(populations) population\(populations == 1 ? "" : "s"), " : ""
                print("ok \(path) (\(scenario.name): \(playing)\(steps) step\(steps == 1 ? "" : "s"), "
                      + "\(variants) variant\(variants == 1 ? "" : "s"))")
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
