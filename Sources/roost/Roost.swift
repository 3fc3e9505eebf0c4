import ArgumentParser
import Foundation
import LoadHarness

@main
struct RoostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roost",
        abstract: "Load-test and memory-profile a social app's whole service stack, in one process.",
        discussion: "Exit codes: 0 success; 1 bad input or a failure to run; 2 a threshold failed or a regression was found.",
        version: Roost.version,
        subcommands: [RunCommand.self, Validate.self, List.self, CompareCommand.self, BaselineCommand.self, ExportCommand.self,
                      ReportCommand.self, PairedCommand.self,
                      BenchStack.self, BenchProbes.self, BenchDataset.self]
    )

    /// Parses and runs; bad command-line input exits 1 (design section 7), not
    /// ArgumentParser's 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }
}
