import Foundation
import Histogram
import Synchronization

/// A run folder filled as the run goes (design section 9): `timeseries.csv`,
/// `executions.csv`, `memory.csv`, `retention.csv` and each step's latency as an
/// HdrHistogram interval log (`hgrm/<variant>.<step>.hlog`) are appended and flushed at
/// least once a second; `leaks.csv` gains a variant's rows when its lifetime check is done;
/// `run.csv` says `state,running` until `ReportWriter` writes the finished run (the one file
/// both write: its state moves from running to where the run ended). A run killed
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
                            buildConfiguration: String, started: Date = Date(), shard: Shard? = nil) throws {
        let info = RunInfo(seed: scenario.seed, commandLine: commandLine, configuration: buildConfiguration, started: started,
                           ended: nil, state: .running, completedVariants: [], scenario: scenario.name, shard: shard)
        try self.init(folder: folder, scenarioName: scenario.name, scenarioText: scenarioText, info: info)
    }

    init(folder: String, scenarioName: String, scenarioText: String?, info: RunInfo) throws {
        self.folder = folder
        scenario = scenarioName
        try FileManager.default.createDirectory(atPath: folder + "/" + RunFolder.histogramFolder, withIntermediateDirectories: true)
        let run = RunFolder(folder)
        if let scenarioText { try run.write(scenarioText, to: RunFolder.scenarioFile) }
        try run.write(RunInfoFile.text(info), to: RunTable.run.name)
        func open(_ table: RunTable) throws -> AppendOnlyFile {
            try AppendOnlyFile(path: run.file(table), header: table.line(table.header))
        }
        timeSeriesFile = try open(.timeSeries)
        executionsFile = try open(.executions)
        memoryFile = try open(.memory)
        retentionFile = try open(.retention)
        leaksFile = try open(.leaks)
        state = Mutex(State(info: info))
    }

    /// The first error a streamed write met (a full disk), if any: the run goes on, and the
    /// end of the run reports it.
    public var writeFailure: String? { state.withLock { $0.failure } }

    /// The tables this folder streamed whole (none when a write failed: the end of the run
    /// writes them again from what it kept).
    public var streamedTables: Set<RunTable> {
        writeFailure == nil ? [.timeSeries, .executions, .memory, .retention, .leaks] : []
    }

    func variantBegan(_ variant: String, steps: [String]) {
        // The files are created now, outside the measured phase; their header when it begins.
        var opened: [String: AppendOnlyFile] = [:]
        for step in steps {
            let path = RunFolder(folder).file(RunFolder.intervalLog(variant: variant, step: step))
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
        timeSeriesFile.append(rows.map { CSV.line(TimeSeriesFile.row(scenario: scenario, $0)) }.joined())
    }

    func executions(_ rows: [ExecutionRow]) {
        executionsFile.append(rows.map { CSV.line(ExecutionsFile.row(scenario: scenario, $0)) }.joined())
    }

    func latencyInterval(variant: String, step: String, start: Double, length: Double, histogram: Histogram<UInt64>) {
        let log = state.withLock { $0.logs["\(variant).\(step)"] }
        log?.append(HistogramLog.line(start: start, length: length, histogram: histogram))
    }

    func memory(_ row: MemoryRow, variant: String) {
        memoryFile.append(CSV.line(MemoryFile.row(scenario: scenario, variant: variant, row)))
    }

    func retention(_ row: RetentionRow, variant: String) {
        retentionFile.append(CSV.line(RetentionFile.row(scenario: scenario, variant: variant, row)))
    }

    func variantEnded(_ result: VariantResult) {
        if result.leaksChecked {
            leaksFile.append(LeaksFile.rows(scenario: scenario, result).map(CSV.line).joined())
        }
        flush()
        let (info, logs) = state.withLock { state -> (RunInfo, [String: AppendOnlyFile]) in
            if !result.wasInterrupted {
                state.info.completedVariants.append(result.variant)
                // Its measured phase, as the finished run's run.csv has it: a rebuild of a run
                // killed later knows how long the variant's last, partial second was.
                if let started = result.measuredStarted { state.info.phases.append((started, Double(result.elapsedNanoseconds) / 1e9)) }
            }
            let finished = state.logs.filter { $0.key.hasPrefix(result.variant + ".") }
            for key in finished.keys { state.logs[key] = nil }
            return (state.info, finished)
        }
        for log in logs.values { log.close() }
        do {
            try RunFolder(folder).write(RunInfoFile.text(info), to: RunTable.run.name)
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
