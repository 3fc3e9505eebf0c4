import ArgumentParser
import Foundation
import LoadHarness
import SocialStack

struct RoostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roost",
        abstract: "Load-test and memory-profile a social app's whole service stack, in one process.",
        discussion: "Exit codes: 0 success; 1 bad input or a failure to run; 2 a threshold failed or a regression was found.",
        version: Roost.version,
        subcommands: [RunCommand.self, CapacityCommand.self, Validate.self, List.self, CompareCommand.self, BaselineCommand.self,
                      ExportCommand.self, ReportCommand.self, MergeCommand.self, SchemaCommand.self, PairedCommand.self]
    )
}

/// The `roost` command line, for Roost's own executable and for a package's that adds steps
/// and edges of its own (docs/custom-steps.md): the same commands, reports, profiles and gate.
public enum RoostCommandLine {
    /// Registers `extensions` beside Roost's own steps and edges, then parses the process's
    /// arguments and runs the command. Registrations with problems (a step name registered
    /// twice, an argument of a kind measured steps do not take, ...) exit 1 naming both
    /// registrations, before anything runs; so does bad command-line input (design section 7),
    /// not ArgumentParser's 64.
    public static func main(extensions: [RoostExtension] = []) -> Never {
        main(root: RoostCommand.self, extensions: extensions)
    }

    /// `main(extensions:)` with another root command (`roost-bench`'s): the same start-up,
    /// the same exit 1 on bad input, errors named after `root`'s command name.
    package static func main<Root: ParsableCommand>(root: Root.Type, extensions: [RoostExtension] = []) -> Never {
        do {
            try SQLiteLibrary.check()
            StepRegistry.install(try StepRegistry(extensions: extensions))
        } catch {
            printError("\(Root.configuration.commandName ?? "roost"): \(error)")
            exit(1)
        }
        do {
            var command = try Root.parseAsRoot()
            try command.run()
        } catch {
            if Root.exitCode(for: error) == .validationFailure {
                printError(Root.fullMessage(for: error))
                exit(1)
            }
            Root.exit(withError: error)
        }
        exit(0)
    }
}
