import ArgumentParser
import Foundation
import LoadHarness

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the folders of a run's shards (roost run --shard I/N) into one run folder.",
        discussion: """
            Reads every shard's folder back whole and writes one run folder, as one unsharded run writes it: latency \
            histograms added (HdrHistogram addition, exact), counts and sums added, allocation profiles, queries and \
            instruction counts summed, leaks joined, time series, memory and retention lined up by wall-clock second, \
            thresholds judged on the merged figures, report.html for the whole. A variant played by one shard keeps \
            that shard's figures. Refuses, writing nothing, a missing or repeated shard, shards of different scenarios, \
            builds, Roost versions or shard counts, and a folder that is not a finished run. See docs/scale-out.md. \
            Exit codes: 0 merged, 1 the folders are not one whole set of shards, 2 a threshold failed on the merged figures.
            """
    )

    @Argument(help: "The shards' run folders (in any order).") var folders: [String]
    @Option(help: "The merged run's folder (created if missing).") var out: String
    @Option(help: "Summary format: text or markdown.") var format: RunSummary.Format = .text

    func run() throws {
        let merged: RunMerge
        do {
            merged = try RunMerge.merge(folders: folders)
        } catch {
            printError(String(describing: error))
            throw ExitCode(1)
        }
        do {
            try ReportWriter(buildConfiguration: merged.result.recordedRunInfo["build_configuration"] ?? "unknown")
                .write(merged.result, to: out, linkLatest: false)
        } catch {
            printError("roost merge: cannot write \(out): \(error)")
            throw ExitCode(1)
        }
        print("merged \(merged.shards.count) shards of \(merged.result.scenario.name): "
              + merged.shards.map(\.description).joined(separator: ", "))
        print(RunSummary.render(merged.result, folder: out, format: format))
        if !merged.result.passed { throw ExitCode(2) }
    }
}
