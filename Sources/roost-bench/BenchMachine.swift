import ArgumentParser
import Foundation
import LoadHarness
import RoostBenchmarks
import RoostCommandLine

/// `roost-bench machine`: how much the machine alone varies the time of identical work, so a
/// step's tail can be told from the machine's (docs/capacity.md).
struct BenchMachine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "machine",
        abstract: "Measure the machine: identical work played at a rate by threads taking turns, its wall and CPU time's p50, p99 and max.",
        discussion: """
            No Roost code runs in the timed work, so a tail it shows (executions several times the median, on CPU) is the \
            machine's. Build in release and run with nothing else running (docs/capacity.md).
            """
    )

    @Option(help: "Executions started per second, all threads together.") var rate = 40.0
    @Option(help: "Threads taking turns, as an open model's users do.") var threads = 16
    @Option(help: "How long each run lasts, seconds.") var seconds = 8.0
    @Option(help: "The buffer the work reads, KiB.") var kib = 8_192
    @Option(help: "Pseudo-random reads per execution.") var reads = 60_000
    @Option(help: "Runs; medians are printed.") var runs = 3

    func run() throws {
        guard rate > 0, threads >= 1, seconds > 0, kib >= 1, reads >= 1, runs >= 1 else {
            throw ValidationError("need --rate, --threads, --seconds, --kib, --reads and --runs above 0")
        }
        let benchmark = MachineBenchmark(rate: rate, threads: threads, duration: .milliseconds(Int64(seconds * 1_000)),
                                         bufferBytes: kib * 1_024, reads: reads)
        typealias Run = MachineBenchmark.Run
        print("run  wall p50   wall p99   wall max    cpu p50    cpu p99  over 3x p50  (their starts, s)")
        var all: [Run] = []
        for index in 1...runs {
            let run = benchmark.run()
            all.append(run)
            let slow = run.slowStarts(over: 3)
            print(String(format: "%3d  %6.0fus  %7.0fus  %7.0fus  %7.0fus  %7.0fus  %11d", index, Run.microseconds(run.wall, 50),
                         Run.microseconds(run.wall, 99), Run.microseconds(run.wall, 100), Run.microseconds(run.cpu, 50),
                         Run.microseconds(run.cpu, 99), slow.count)
                  + "  " + slow.prefix(12).map { String(format: "%.2f", $0) }.joined(separator: " "))
        }
        func median(_ values: [Double]) -> Double { Statistics.median(values) ?? 0 }
        print(String(format: "median: wall p50 %.0fus, p99 %.0fus (%.1fx p50); cpu p50 %.0fus, p99 %.0fus (%.1fx)",
                     median(all.map { Run.microseconds($0.wall, 50) }), median(all.map { Run.microseconds($0.wall, 99) }),
                     median(all.map { Run.microseconds($0.wall, 99) / max(Run.microseconds($0.wall, 50), 1e-9) }),
                     median(all.map { Run.microseconds($0.cpu, 50) }), median(all.map { Run.microseconds($0.cpu, 99) }),
                     median(all.map { Run.microseconds($0.cpu, 99) / max(Run.microseconds($0.cpu, 50), 1e-9) })))
    }
}
