import Foundation
import Histogram
import Synchronization

/// A run folder filled as the run goes (design section 9): `timeseries.csv`,
/// `executions.csv`, `memory.csv`, `retention.csv` and each step's latency as an
/// HdrHistogram interval log (`hgrm/<variant>.<step>.hlog`) are appended and flushed at
/// least once a second; `leaks.csv` gains a variant's rows when its lifetime check is done;
/// `run.csv` says `state,running` until `ReportWriter` writes the finished run. A run killed
/// by SIGKILL or the OOM killer keeps everything up to its last flush, and `roost report`
/// rebuilds the other files from it. The folder also keeps the scenario file it ran
/// (`scenario.yaml`).
public final class StreamingRunFolder: RunSink {
    /// The folder.
    public let folder: String
    private let scenario: String
    private let timeSeriesFile: AppendOnlyFile
    private let executionsFile: AppendOnlyFile
    private let memoryFile: AppendOnlyFile
    private let retentionFile: AppendOnlyFile
    private let leaksFile: AppendOnlyFile
    private let state: Mutex<State>
    private struct State {
        var info: RunInfo
        var logs: [String: AppendOnlyFile] = [:]
        var failure: String?
    }

    /// Creates `folder` (and `hgrm/`), writes `scenario.yaml` and `run.csv` (`state,running`)
    /// and opens the streamed files with their headers.
    public convenience init(folder: String, scenario: Scenario, scenarioText: String?, commandLine: [String] = CommandLine.arguments,
                            buildConfiguration: String, started: Date = Date()) throws {
        let info = RunInfo(seed: scenario.seed, commandLine: commandLine, configuration: buildConfiguration, started: started,
                           ended: nil, state: .running, completedVariants: [])
        try self.init(folder: folder, scenarioName: scenario.name, scenarioText: scenarioText, info: info)
    }

    init(folder: String, scenarioName: String, scenarioText: String?, info: RunInfo) throws {
        self.folder = folder
        scenario = scenarioName
        try FileManager.default.createDirectory(atPath: folder + "/hgrm", withIntermediateDirectories: true)
        if let scenarioText { try ReportWriter.save(scenarioText, to: folder + "/scenario.yaml") }
        try ReportWriter.save(ReportFiles.runInfo(info), to: folder + "/run.csv")
        func open(_ name: String, _ header: [String]) throws -> AppendOnlyFile {
            try AppendOnlyFile(path: "\(folder)/\(name)", header: CSV.line(header))
        }
        timeSeriesFile = try open("timeseries.csv", ReportFiles.timeSeriesHeader)
        executionsFile = try open("executions.csv", ReportFiles.executionsHeader)
        memoryFile = try open("memory.csv", ReportFiles.memoryHeader)
        retentionFile = try open("retention.csv", ReportFiles.retentionHeader)
        leaksFile = try open("leaks.csv", ReportFiles.leaksHeader)
        state = Mutex(State(info: info))
    }

    /// The first error a streamed write met (a full disk), if any: the run goes on, and the
    /// end of the run reports it.
    public var writeFailure: String? { state.withLock { $0.failure } }

    func variantBegan(_ variant: String, steps: [String]) {
        // The files are created now, outside the measured phase; their header when it begins.
        var opened: [String: AppendOnlyFile] = [:]
        for step in steps {
            let path = "\(folder)/hgrm/\(variant).\(step).hlog"
            do {
                opened["\(variant).\(step)"] = try AppendOnlyFile(path: path, header: nil)
            } catch {
                record("cannot create \(path): \(error)")
            }
        }
        state.withLock { $0.logs.merge(opened) { _, new in new } }
    }

    func measuredPhaseBegan(_ variant: String, at time: Date) {
        let header = HistogramLog.header(startTime: time)
        let logs = state.withLock { $0.logs.filter { $0.key.hasPrefix(variant + ".") } }
        for log in logs.values { log.append(header) }
    }

    func timeSeries(_ rows: [TimeSeriesRow]) {
        timeSeriesFile.append(rows.map { CSV.line(ReportFiles.timeSeriesRow(scenario: scenario, $0)) }.joined())
    }

    func executions(_ rows: [ExecutionRow]) {
        executionsFile.append(rows.map { CSV.line(ReportFiles.executionsRow(scenario: scenario, $0)) }.joined())
    }

    func latencyInterval(variant: String, step: String, start: Double, length: Double, histogram: Histogram<UInt64>) {
        let log = state.withLock { $0.logs["\(variant).\(step)"] }
        log?.append(HistogramLog.line(start: start, length: length, histogram: histogram))
    }

    func memory(_ row: MemoryRow, variant: String) {
        memoryFile.append(CSV.line(ReportFiles.memoryRow(scenario: scenario, variant: variant, row)))
    }

    func retention(_ row: RetentionRow, variant: String) {
        retentionFile.append(CSV.line(ReportFiles.retentionRow(scenario: scenario, variant: variant, row)))
    }

    func variantEnded(_ result: VariantResult) {
        if result.leaksChecked {
            leaksFile.append(ReportFiles.leaksRows(scenario: scenario, result).map(CSV.line).joined())
        }
        flush()
        let (info, logs) = state.withLock { state -> (RunInfo, [String: AppendOnlyFile]) in
            if !result.wasInterrupted { state.info.completedVariants.append(result.variant) }
            let finished = state.logs.filter { $0.key.hasPrefix(result.variant + ".") }
            for key in finished.keys { state.logs[key] = nil }
            return (state.info, finished)
        }
        for log in logs.values { log.close() }
        do {
            try ReportWriter.save(ReportFiles.runInfo(info), to: folder + "/run.csv")
        } catch {
            record("cannot rewrite run.csv: \(error)")
        }
    }

    /// Writes every buffer; the time series last, so any second it holds is in the
    /// latency logs and `executions.csv` too (`roost report` reads up to its last second).
    func flush() {
        let logs = state.withLock { Array($0.logs.values) }
        for file in logs + [executionsFile, memoryFile, retentionFile, leaksFile, timeSeriesFile] {
            if let failure = file.flush() { record(failure) }
        }
    }

    /// Flushes and closes every streamed file (the run is over; `ReportWriter` writes the rest).
    public func close() {
        flush()
        let logs = state.withLock { state -> [AppendOnlyFile] in
            defer { state.logs = [:] }
            return Array(state.logs.values)
        }
        for file in logs + [executionsFile, memoryFile, retentionFile, leaksFile, timeSeriesFile] { file.close() }
    }

    private func record(_ failure: String) {
        state.withLock { if $0.failure == nil { $0.failure = failure } }
    }
}
