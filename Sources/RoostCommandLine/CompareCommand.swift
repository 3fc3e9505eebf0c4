import ArgumentParser
import Foundation
import LoadHarness

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two run folders; exit 2 when the current one regressed.",
        discussion: """
            Matches scenario, variant, step and metric in both folders' summary.csv. Default tolerances: \
            0% on allocs_p50, bytes_p50, peak_bytes_p50 and temporary_allocs_p50 (the medians per execution), \
            allocs_per_op, bytes_per_op, peak_bytes_max, leaked_objects, leaked_bytes and errors; 50% on latency \
            (and at least 100 us) and on ops_per_s. A latency percentile is judged only when at least 5 samples \
            lie beyond it in both runs (steps.csv's count): p50 needs 10, p90 50, p99 500; mean and max \
            (moved by one outlier) only when set with --threshold. A metric measured in the baseline but missing now is a regression. \
            A metric only the current run has (a baseline written before it existed) is listed, not judged. \
            A leak regression lists what leaked and its retain cycle. allocs_per_op, bytes_per_op (means) and peak_bytes_max are gated \
            only when both runs had one virtual user and a warm-up: otherwise first-use work moves them from run to run, \
            and the medians are gated instead.
            """
    )

    @Argument(help: "The baseline run folder.") var baseline: String
    @Argument(help: "The current run folder.") var current: String
    @Option(name: .customLong("threshold"), help: "A tolerance, METRIC=+PERCENT% (repeatable), e.g. p99=+25%.")
    var thresholds: [String] = []
    @Option(help: "Every latency metric's tolerance at once, e.g. 300% (up to 4x slower; ops/s down to 1/4): for a baseline made on another machine.")
    var timingTolerance: String?
    @Option(help: "Output: text or markdown (for a CI job summary).") var format: RunSummary.Format = .text

    func run() throws {
        var tolerances = Tolerances()
        let comparison: RunComparison
        do {
            if let timingTolerance { try tolerances.setTimings(timingTolerance) }
            for threshold in thresholds { try tolerances.set(threshold) }
            comparison = try RunComparison.compare(baseline: baseline, current: current, tolerances: tolerances)
        } catch {
            printError("roost compare: \(error)")
            throw ExitCode(1)
        }
        print(ComparisonReport.render(comparison, format: format))
        if !comparison.regressions.isEmpty { throw ExitCode(2) }
    }
}

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Manage the committed baselines CI compares against.",
        subcommands: [Update.self]
    )

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update", abstract: "Copy a scenario's latest run into Reports/baselines/<scenario>/.")

        @Argument(help: "The scenario's name (its folder under Reports/runs/).") var scenario: String

        func run() throws {
            do {
                let folder = try BaselineStore(root: FileManager.default.currentDirectoryPath).update(scenario: scenario)
                print("baseline of \(scenario) is now \(folder)")
            } catch {
                printError("roost baseline update: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
