import ArgumentParser
import Foundation
import LoadHarness
import MemoryProbes

extension RunCommand {
    /// `roost run --instructions`: each scenario played by a stripped copy of roost under
    /// callgrind (the same options, without `--instructions`, with the allocation profile and
    /// streaming off: `InstructionRun.childOptions`), which writes the whole run folder, its
    /// instruction counts among the files, and prints the summary.
    func runUnderCallgrind() throws {
        if let allocationProfile, allocationProfile != .off {
            printError(String(describing: InstructionRunError.allocationProfileUnderCallgrind(mode: allocationProfile.rawValue)))
            throw ExitCode(1)
        }
        let counter: InstructionRun
        do {
            counter = try InstructionRun()
        } catch {
            printError(String(describing: error))
            throw ExitCode(1)
        }
        defer { counter.cleanUp() }
        // Bad scenarios are refused here, before anything runs under valgrind.
        var loaded: [Scenario] = []
        var invalid = false
        for path in scenarios {
            do { loaded.append(try ScenarioLoader.load(path: path)) } catch {
                printError(String(describing: error))
                invalid = true
            }
        }
        if invalid { throw ExitCode(1) }
        if !unknownVariants(in: loaded).isEmpty { throw ExitCode(1) }
        let cache = counter.datasetCache(requested: noDatasetCache ? nil : requestedDatasetCache)
        if !noDatasetCache, cache.folder != requestedDatasetCache.folder {
            printError("roost run --instructions: the dataset cache \(requestedDatasetCache.folder) cannot be written; "
                       + "the datasets are built in a folder of this run's own")
        }
        // Ctrl-C: the run under callgrind (same process group) winds down and writes its
        // reports; this process waits for it.
        let stop = StopFlag()
        let interrupt = Interrupt(stop: stop)
        defer { withExtendedLifetime(interrupt) {} }
        var failed = false
        for scenario in loaded {
            let writer = ReportWriter(buildConfiguration: "")
            let folder = out.map { loaded.count > 1 ? ($0 as NSString).appendingPathComponent(scenario.name) : $0 }
                ?? writer.runFolder(for: scenario.name)
            // The counted process copies every dataset from the cache, built here first if missing.
            let prebuilt: [String: Double]
            do {
                prebuilt = try cache.prepare(for: scenario, variants: variant, progress: ProgressLine.shared.update,
                                             warn: ProgressLine.shared.warn)
                ProgressLine.shared.finish()
            } catch {
                ProgressLine.shared.finish()
                printError("roost run --instructions: \(scenario.path): building the dataset: \(error)")
                throw ExitCode(1)
            }
            var arguments = ["run", scenario.path, "--format", format.rawValue, "--dataset-cache", cache.folder]
            for name in variant { arguments += ["--variant", name] }
            if quick { arguments.append("--quick") }
            // The shard resolved here (`auto` read from this process's environment), passed on as I/N.
            if let chosen = chosenShard { arguments += ["--shard", chosen.description] }
            printError("roost run --instructions: playing \(scenario.path) under callgrind (tens of times slower than a plain run)")
            do {
                let played = try counter.play(scenario, arguments: arguments, prebuiltDatasets: prebuilt, interrupted: { stop.isSet })
                // The run's one writer: every file, the instruction counts among them, written once here.
                try ReportWriter(buildConfiguration: played.result.recordedRunInfo["build_configuration"] ?? "release")
                    .write(played.result, to: folder, linkLatest: out == nil)
                print(RunSummary.render(played.result, folder: folder, format: format))
                if played.status == 2 || !played.result.passed { failed = true }
            } catch {
                printError(String(describing: error))
                throw ExitCode(1)
            }
            if stop.isSet { break }
        }
        if stop.isSet {
            printError("roost run: interrupted; the reports cover what ran")
            throw ExitCode(1)
        }
        if failed { throw ExitCode(2) }
    }
}
