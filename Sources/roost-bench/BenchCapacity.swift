import ArgumentParser
import Foundation
import LoadHarness
import MemoryProbes
import RoostBenchmarks
import RoostCommandLine

/// `roost-bench capacity`: a capacity search against a limit known from first principles
/// (each execution holds one lock for --service-time, so the limit is one over it).
struct BenchCapacity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capacity",
        abstract: "Time a capacity search against a known limit: a step holding one lock for --service-time (limit 1/service time).",
        discussion: "Build in release and run alone (docs/capacity.md). The lock is a test-only change to the stack, never in a scenario."
    )

    @Option(help: "How long each execution holds the lock, e.g. 5ms.") var serviceTime = "5ms"
    @Option(help: "The first probe's rate.") var start = "25/s"
    @Option(help: "How close the passing and failing rates must come.") var precision = "2%"
    @Option(help: "How long each probe is judged.") var level = "4s"
    @Option(help: "How long each probe settles first.") var settle = "1s"
    @Option(help: "Searches; each is printed.") var runs = 1
    @Option(help: "Write each search's files (capacity.csv, run.csv, profiles, report.html) into DIR/search<N>.") var out: String?

    func run() throws {
        DeterministicHashing.reexecIfNeeded()
        guard AllocationCounters.isJemallocActive else {
            printError("roost-bench capacity: \(AllocationCounters.unavailableReason ?? "jemalloc is not active")")
            throw ExitCode(1)
        }
        let benchmark: CapacityBenchmark
        do {
            let settings = CapacitySettings(
                start: try CapacityOptions.rate(start, option: "--start"), precision: try CapacityOptions.precision(precision),
                level: try CapacityOptions.duration(level, option: "--level"), settle: try CapacityOptions.duration(settle, option: "--settle"),
                maxTime: .seconds(900))
            benchmark = CapacityBenchmark(serviceTime: try CapacityOptions.duration(serviceTime, option: "--service-time"), settings: settings)
        } catch {
            printError("roost-bench capacity: \(error)")
            throw ExitCode(1)
        }
        print(String(format: "limit from first principles: %.1f/s", benchmark.limit) + " (one lock held \(serviceTime) per execution)")
        for index in 1...max(1, runs) {
            let result = try benchmark.run { printError($0) }
            let seconds = result.ended.timeIntervalSince(result.started)
            let found = result.capacity ?? 0
            print("search \(index): \(result.answer) in " + String(format: "%.1f s, %d probes; %.1f%% of the limit", seconds,
                                                                              result.probes.count, found / benchmark.limit * 100))
            if let out {
                let folder = (out as NSString).appendingPathComponent("search\(index)")
                #if DEBUG
                let configuration = "debug"
                #else
                let configuration = "release"
                #endif
                try CapacityFiles.write(result, to: folder, buildConfiguration: configuration)
                print("files: \(folder)")
            }
        }
    }
}
