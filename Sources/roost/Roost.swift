import ArgumentParser
import LoadHarness

@main
struct RoostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roost",
        abstract: "Load-test and memory-profile a social app's whole service stack, in one process.",
        version: Roost.version,
        subcommands: [RunCommand.self, Validate.self, List.self, CompareCommand.self, BaselineCommand.self, BenchStack.self, BenchProbes.self]
    )
}
