import ArgumentParser
import Foundation
import LoadHarness
import MemoryProbes
import RoostBenchmarks
import RoostCommandLine

struct BenchProbes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probes",
        abstract: "Measure MemoryProbes: counter reads, counted mallocs, snapshots, lifetime tracking, cycle walks, allocation profiles, wall-clock samples.",
        discussion: """
            Each figure is the median of several batches. The retain-cycle walk runs over a \
            synthetic graph of open screens (about 1,003 objects per screen). Build with \
            `-c release` for numbers worth quoting.
            """
    )

    @Option(help: "Calls per batch for per-call costs.") var calls = 1_000_000
    @Option(help: "Batches per figure (the median is reported).") var batches = 7
    @Option(help: "Objects per lifetime-tracker batch.") var trackedObjects = 100_000
    @Option(help: "Screens in the walked graph (about 1,003 objects each).") var screens = 100
    @Option(help: "Walks of the graph to time.") var walks = 7
    @Option(help: "Also time this scenario's measured steps with the allocation profile off, sampled and exact.")
    var profileScenario: String?
    @Option(help: "Rounds of the three modes for --profile-scenario (the median is reported).") var profileRuns = 5
    @Option(help: "The modes --profile-scenario times (repeatable; default off, sampled and exact).")
    var profileMode: [AllocationProfileMode] = []

    func validate() throws {
        guard calls >= 1, batches >= 1, trackedObjects >= 2, screens >= 1, walks >= 2, profileRuns >= 1 else {
            throw ValidationError("--calls, --batches, --screens and --profile-runs must be >= 1, --tracked-objects and --walks >= 2")
        }
    }

    func run() throws {
        var options = ProbeBenchmark.Options()
        options.calls = calls
        options.batches = batches
        options.trackedObjects = trackedObjects
        options.screens = screens
        options.walks = walks
        options.profiledRuns = profileRuns
        if !profileMode.isEmpty { options.profiledModes = profileMode }
        if let profileScenario {
            do {
                options.profiledScenario = try ScenarioLoader.load(path: profileScenario)
            } catch {
                printError(String(describing: error))
                throw ExitCode(1)
            }
        }
        let started = Date()
        let costs = try ProbeBenchmark(options: options).run { phase in
            printError(String(format: "%6.1fs ", Date().timeIntervalSince(started)) + phase)
        }
        print("| probe | median | min | max | unit | note |")
        print("|---|---:|---:|---:|---|---|")
        for cost in costs {
            print("| \(cost.name) | \(format(cost.median)) | \(format(cost.minimum)) | \(format(cost.maximum)) | \(cost.unit) | \(cost.note) |")
        }
    }

    private func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }
}
