import ArgumentParser
import Foundation
import LoadHarness

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Rebuild a killed run's reports from what it streamed into its folder.",
        discussion: """
            A run streams timeseries.csv, executions.csv, memory.csv, retention.csv and each step's latency as an \\
            HdrHistogram interval log (hgrm/*.hlog) into its folder as it goes, and run.csv says state,running until \\
            it ends. When the process was killed (SIGKILL, the OOM killer), this rebuilds steps.csv, summary.csv, \\
            thresholds.csv, leaks.csv (the variants that finished), hgrm/*.hgrm and report.html from every complete \\
            row, and marks the run state,incomplete. A complete or interrupted (Ctrl-C) run already has its files: \\
            nothing is overwritten, unless --out names another folder. Exit codes: 0 rebuilt (or nothing to do), \\
            1 not a run folder or unreadable, 2 a threshold failed in the rebuilt run.
            """
    )

    @Argument(help: "The run folder (e.g. Reports/runs/soak/20261123T101500Z-3f2a).") var folder: String
    @Option(help: "Write the rebuilt files into this folder instead (created if missing; allowed for a complete run).")
    var out: String?
    @Option(help: "Summary format: text or markdown.") var format: RunSummary.Format = .text

    func run() throws {
        let streamed: StreamedRun
        do {
            streamed = try StreamedRun.read(folder: folder, allowComplete: out != nil)
        } catch let .alreadyComplete(path, state) {
            print("\(path): the run is \(state.rawValue) (run.csv): its files are whole; nothing was rebuilt "
                + "(--out DIR rebuilds its report into another folder)")
            return
        } catch {
            printError("roost report: \(error)")
            throw ExitCode(1)
        }
        for note in streamed.notes { printError("roost report: \(note)") }
        let target = out ?? folder
        do {
            // Into the run's own folder the interval logs stay as they are (the rebuild added
            // them up); the tables are written again from every whole row it read.
            try ReportWriter(buildConfiguration: "rebuilt").write(streamed.result, to: target, linkLatest: false,
                                                                  intervalLogsStreamed: out == nil)
        } catch {
            printError("roost report: cannot write \(target): \(error)")
            throw ExitCode(1)
        }
        print(RunSummary.render(streamed.result, folder: target, format: format))
        if !streamed.result.passed { throw ExitCode(2) }
    }
}
