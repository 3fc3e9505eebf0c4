import ArgumentParser

/// Commands of design section 7 whose machinery has not landed: each says so and exits 1,
/// rather than pretending to work.
protocol NotBuiltYet: ParsableCommand {
    static var issue: String { get }
}

extension NotBuiltYet {
    func run() throws {
        let name = Self.configuration.commandName ?? "this command"
        printError("roost \(name) is not built yet (\(Self.issue)); `roost bench-stack` is what runs today.")
        throw ExitCode(1)
    }
}

struct Run: NotBuiltYet {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run scenarios (not built yet).")
    static let issue = "LoadHarness issue #5"
    @Argument(help: "Scenario files.") var scenarios: [String] = []
}

struct Validate: NotBuiltYet {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check scenario files (not built yet).")
    static let issue = "LoadHarness issue #5"
    @Argument(help: "Scenario files.") var scenarios: [String] = []
}

struct List: NotBuiltYet {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List bundled scenarios and steps (not built yet).")
    static let issue = "LoadHarness issue #5"
}

struct Compare: NotBuiltYet {
    static let configuration = CommandConfiguration(commandName: "compare", abstract: "Compare two runs (not built yet).")
    static let issue = "LoadHarness issue #5"
    @Argument(help: "Baseline and current run folders.") var folders: [String] = []
}

struct Baseline: NotBuiltYet {
    static let configuration = CommandConfiguration(commandName: "baseline", abstract: "Update a committed baseline (not built yet).")
    static let issue = "LoadHarness issue #5"
    @Argument(help: "update SCENARIO") var arguments: [String] = []
}
