import ArgumentParser
import Foundation
import LoadHarness
import RoostBenchmarks
import RoostCommandLine

/// `roost-bench parallel`: whether virtual users run in parallel on each storage (design
/// section 16): a read-mostly scenario played with one user and with more, in alternated
/// rounds, iterations per second compared.
struct BenchParallel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallel",
        abstract: "Iterations per second of a scenario with 1 and N virtual users on each storage, in alternated rounds.",
        discussion: """
            Plays the scenario's first variant in-process, timings only, once per storage and user count per round \
            (the order reversed every other round), each play --duration long after the scenario's warm-up, and \
            prints medians over the rounds and the ratio to the first user count (target: 0.85 N for N users). \
            Build in release and run with nothing else on the machine; see docs/storage.md.
            """
    )

    @Argument(help: "The scenario (YAML); default the bundled read-mostly one.") var scenario = "Scenarios/parallel-reads.yaml"
    @Option(help: "A storage to play (memory or file; repeatable). Default both.") var storage: [String] = []
    @Option(help: "Virtual users per play (repeatable; the first is the base). Default 1 and 2.") var users: [Int] = []
    @Option(help: "Rounds.") var rounds = 5
    @Option(help: "Each play's measured time, e.g. 8s.") var duration = "8s"
    @Option(help: "Keep built datasets in this folder (default: $XDG_CACHE_HOME/roost/datasets or ~/.cache/roost/datasets).")
    var datasetCache: String?

    func run() throws {
        var options = ParallelBenchmark.Options()
        var problems: [String] = []
        if !storage.isEmpty {
            options.storages = []
            for name in storage {
                if let known = StackSettings.Storage(rawValue: name) { options.storages.append(known) } else {
                    problems.append("--storage '\(name)': expected one of "
                                    + StackSettings.Storage.allCases.map(\.rawValue).joined(separator: ", "))
                }
            }
        }
        if !users.isEmpty { options.users = users }
        if options.users.contains(where: { $0 < 1 }) { problems.append("--users must be 1 or more, got \(options.users)") }
        if rounds < 1 { problems.append("--rounds must be 1 or more, got \(rounds)") }
        if let parsed = DurationSyntax.duration(duration), parsed > .zero { options.duration = parsed } else {
            problems.append("--duration '\(duration)': expected a duration above zero like 8s or 500ms")
        }
        options.rounds = rounds
        options.datasetCache = DatasetCache(folder: datasetCache ?? DatasetCache.defaultFolder())
        let loaded: Scenario
        do {
            loaded = try ScenarioLoader.load(path: scenario)
        } catch {
            problems.append("\(error)")
            for problem in problems { printError("roost-bench parallel: \(problem)") }
            throw ExitCode(1)
        }
        guard problems.isEmpty else {
            for problem in problems { printError("roost-bench parallel: \(problem)") }
            throw ExitCode(1)
        }
        StaleStacks.sweep(for: "roost-bench parallel")
        let benchmark = ParallelBenchmark(scenario: loaded, options: options)
        let plays = try benchmark.run { play in
            printError(String(format: "round %d: %@, %d users: %.1f iterations/s", play.round, play.storage.rawValue, play.users,
                              play.iterationsPerSecond))
        }
        print(ParallelBenchmarkReport(scenario: loaded.name, options: options, plays: plays).text)
    }
}
