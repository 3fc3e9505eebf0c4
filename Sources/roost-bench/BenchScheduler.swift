import ArgumentParser
import Foundation
import LoadHarness
import MemoryProbes
import RoostBenchmarks
import RoostCommandLine

/// `roost-bench scheduler`: what the open models' scheduler adds to a step's latency, and how
/// many iterations a second it starts (docs/capacity.md).
struct BenchScheduler: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduler",
        abstract: "Measure the open model's scheduler: a do-nothing step's p50 against the closed model's, the schedule's lag, drops.",
        discussion: "Build in release (swift build -c release --product roost-bench) and run alone (docs/capacity.md)."
    )

    @Option(help: "Iterations started per second in the open model.") var rate = 1_000.0
    @Option(help: "Most virtual users of the open model.") var users = 4
    @Option(help: "How long the open model runs, seconds.") var seconds = 10.0
    @Option(help: "Runs (each a closed and an open run); medians are printed.") var runs = 5
    @Option(help: "Open populations the rate and users are split over, played at once (design section 20).") var populations = 1

    func run() throws {
        DeterministicHashing.reexecIfNeeded()
        guard AllocationCounters.isJemallocActive else {
            printError("roost-bench scheduler: \(AllocationCounters.unavailableReason ?? "jemalloc is not active")")
            throw ExitCode(1)
        }
        guard rate > 0, users >= 1, seconds > 0, runs >= 1, populations >= 1 else {
            throw ValidationError("need --rate, --users, --seconds, --runs and --populations above 0")
        }
        guard users >= populations else { throw ValidationError("--users \(users) is fewer than --populations \(populations): each needs one") }
        let benchmark = SchedulerBenchmark(rate: rate, users: users, duration: .milliseconds(Int64(seconds * 1_000)),
                                           populations: populations)
        print("run  closed p50  open p50  uncorrected p50  lag p50  lag p99   target/s  achieved/s  dropped")
        var all: [SchedulerBenchmark.Run] = []
        for index in 1...runs {
            let run = try benchmark.run()
            all.append(run)
            print(String(format: "%3d  %8.2fus  %6.2fus  %13.2fus  %5.2fus  %5.2fus  %9.0f  %10.0f  %7d", index, run.closedP50, run.openP50,
                         run.openUncorrectedP50, run.lagP50, run.lagP99, run.targetRate, run.achievedRate, run.dropped))
        }
        // The house's one median (runs >= 1, so never nil).
        func median(_ values: [Double]) -> Double { Statistics.median(values) ?? 0 }
        print(String(format: "median: closed p50 %.2fus, open p50 %.2fus (%+.2fus), lag p50 %.2fus, p99 %.2fus, achieved %.0f/s of %.0f/s, "
            + "dropped %.0f", median(all.map(\.closedP50)), median(all.map(\.openP50)),
            median(all.map { $0.openP50 - $0.closedP50 }), median(all.map(\.lagP50)), median(all.map(\.lagP99)),
            median(all.map(\.achievedRate)), median(all.map(\.targetRate)), median(all.map { Double($0.dropped) })))
    }
}
