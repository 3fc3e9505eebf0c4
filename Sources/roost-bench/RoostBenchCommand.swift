import ArgumentParser
import LoadHarness

/// `roost-bench`: Roost's own benchmarks, out of the `roost` that users run and link.
struct RoostBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roost-bench",
        abstract: "Measure Roost itself: the stack, the probes, the dataset path, hostile input, parallel users, the scheduler, a capacity search, the machine itself.",
        discussion: """
            Build in release (swift build -c release --product roost-bench) for numbers worth quoting, and run with \
            nothing else on the machine. Exit codes: 0 success; 1 bad input or a failure to run.
            """,
        version: Roost.version,
        subcommands: [BenchStack.self, BenchProbes.self, BenchDataset.self, BenchHostile.self, BenchParallel.self, BenchScheduler.self,
                      BenchCapacity.self, BenchMachine.self]
    )
}
