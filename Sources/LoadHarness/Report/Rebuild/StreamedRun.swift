import Foundation
import Histogram
import MemoryProbes

/// A run read back from what it streamed into its folder (`roost report`): the time
/// series, the executions, the latency interval logs, memory, retention, the leaks of the
/// variants that finished, `run.csv` and the scenario file the run kept. Counts, errors,
/// allocations and bytes are the streamed rows' sums, latency the merged interval
/// histograms, the medians exact from `executions.csv`; what a step freed and the leaks of
/// a variant that never reached its lifetime check are unknown, and reported so.
public struct StreamedRun: Sendable {
    /// The rebuilt result (`rebuiltBy` set; its state is `incomplete`).
    public let result: RunResult
    /// What was left out or missing, one line each.
    public let notes: [String]
    /// The state `run.csv` gave before the rebuild.
    public let recordedState: RunState

    /// Reads `folder`. A complete or interrupted run throws `.alreadyComplete` unless
    /// `allowComplete` (its report goes elsewhere).
    public static func read(folder: String, allowComplete: Bool = false) throws(RunFolderError) -> StreamedRun {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notARun(path: folder, reason: "no such folder")
        }
        let run = RunFolder(folder)
        guard let runTable = try run.readStreamed(.run) else {
            throw .notARun(path: folder, reason: "no run.csv (pass a folder `roost run` wrote, e.g. Reports/runs/ci/latest)")
        }
        var notes = [runTable.note].compactMap { $0 }
        let recorded: RecordedRunInfo
        do { recorded = try RecordedRunInfo(runTable) } catch { throw error.asNotARun }
        let info = recorded.values
        let state = recorded.state
        if state != .running && state != .incomplete && !allowComplete {
            throw .alreadyComplete(path: folder, state: state)
        }
        let completed = Set(recorded.completedVariants)

        var scenario = Scenario(name: "", steps: [], path: folder + "/" + RunFolder.scenarioFile)
        if let text = FileManager.default.contents(atPath: folder + "/" + RunFolder.scenarioFile).map({ String(decoding: $0, as: UTF8.self) }) {
            do {
                scenario = try ScenarioLoader.parse(yaml: text, path: folder + "/" + RunFolder.scenarioFile)
            } catch {
                notes.append("scenario.yaml could not be read (\(error)); thresholds were not judged")
            }
        } else {
            notes.append("no scenario.yaml in the folder; thresholds were not judged")
        }

        guard let series = try run.readStreamed(.timeSeries) else {
            throw .notARun(path: folder, reason: "no timeseries.csv: nothing was streamed here")
        }
        let executions = try run.readStreamed(.executions)
        let memory = try run.readStreamed(.memory)
        let retention = try run.readStreamed(.retention)
        let leaks = try run.readStreamed(.leaks)
        notes += [series.note, executions?.note, memory?.note, retention?.note, leaks?.note].compactMap { $0 }
        if scenario.name.isEmpty, let name = series.rows.first?.fields[0] { scenario.name = name }

        let rows: [TimeSeriesRow], executionRows: [ExecutionRow], memoryRows: [(variant: String, row: MemoryRow)]
        let retentionRows: [(variant: String, row: RetentionRow)], leakRows: [LeaksFile.Row]
        do {
            rows = try TimeSeriesFile.rows(series)
            executionRows = try executions.map { table throws(RunFolderError) in try ExecutionsFile.rows(table) } ?? []
            memoryRows = try memory.map { table throws(RunFolderError) in try MemoryFile.rows(table) } ?? []
            retentionRows = try retention.map { table throws(RunFolderError) in try RetentionFile.rows(table) } ?? []
            leakRows = try leaks.map { table throws(RunFolderError) in try LeaksFile.rows(table) } ?? []
        } catch {
            throw error.asNotARun
        }
        // The time series is flushed last in each tick: its last second bounds the others.
        var lastSecond: [String: Int] = [:]
        var variantOrder: [String] = []
        for row in rows {
            if lastSecond[row.variant] == nil { variantOrder.append(row.variant) }
            lastSecond[row.variant] = max(lastSecond[row.variant] ?? 0, row.second)
        }
        let declared = scenario.variants.map(\.name)
        variantOrder.sort { (declared.firstIndex(of: $0) ?? .max, $0) < (declared.firstIndex(of: $1) ?? .max, $1) }

        var variants: [VariantResult] = []
        for variant in variantOrder {
            let last = lastSecond[variant] ?? 0
            let variantRows = rows.filter { $0.variant == variant }
            let stepOrder = scenario.measuredStepNames
            let stepsSeen = variantRows.reduce(into: [String]()) { if !$0.contains($1.step) { $0.append($1.step) } }
            let steps = stepOrder.filter(stepsSeen.contains) + stepsSeen.filter { !stepOrder.contains($0) }
            var distributions: [String: [Int: ExecutionDistribution]] = [:]
            for row in executionRows where row.variant == variant && row.second <= last {
                distributions[row.step, default: [:]][row.user, default: ExecutionDistribution()]
                    .record(allocations: row.allocations, bytes: row.bytes, peak: row.peak, times: row.count)
            }
            var metrics: [StepMetrics] = []
            for step in steps {
                let stepRows = variantRows.filter { $0.step == step }
                let errors = stepRows.reduce(0) { $0 + $1.errors }
                let log = HistogramFiles.read(run, variant: variant, step: step, through: last, notes: &notes) ?? {
                    notes.append("\(RunFolder.intervalLog(variant: variant, step: step)) is missing: \(variant)/\(step) has no latency")
                    return StepMetrics.histogram()
                }()
                metrics.append(StepMetrics(
                    step: step, latency: log, count: stepRows.reduce(0) { $0 + $1.count },
                    errors: errors > 0 ? [Self.unnamedErrors: ErrorTally(count: errors, message: "", firstUser: nil, firstIteration: nil)] : [:],
                    allocations: stepRows.reduce(0) { $0 + $1.allocations }, bytesAllocated: stepRows.reduce(0) { $0 + $1.bytes },
                    executions: distributions[step] ?? [:]))
                if UInt64(metrics[metrics.count - 1].count) != log.totalCount {
                    notes.append("\(variant)/\(step): the latency log holds \(log.totalCount) executions, timeseries.csv \(metrics[metrics.count - 1].count)")
                }
            }
            let readBack = ReadBackMemory(variant: variant, memory: memoryRows, retention: retentionRows)
            let samples = readBack.samples, points = readBack.points
            let isComplete = completed.contains(variant)
            let leakRecords = leakRows.filter { $0.variant == variant }.map(\.leak)
            // Each second's load is on every step's row of it: counted once a second.
            var droppedBySecond: [Int: Int] = [:]
            for row in variantRows { if let load = row.load { droppedBySecond[row.second] = load.dropped } }
            let sampledMilliseconds = samples.last?.elapsedMilliseconds ?? 0
            // A finished run's run.csv has each completed variant's measured phase, to the
            // nanosecond; a killed run's readings bound it.
            let elapsed = recorded.phases[variant].map { $0.seconds * 1_000 }
                ?? (isComplete ? sampledMilliseconds : max(sampledMilliseconds, Double(last) * 1_000))
            var result = VariantResult(
                variant: variant, steps: metrics, memory: samples, retention: points, leaks: isComplete ? leakRecords : [],
                iterations: max(samples.map(\.iteration).max() ?? 0, points.map(\.iteration).max() ?? 0),
                droppedIterations: droppedBySecond.values.reduce(0, +), elapsedNanoseconds: UInt64(max(elapsed, 1) * 1e6),
                peakResidentBytes: readBack.peakResidentBytes, wasInterrupted: !isComplete)
            readBack.apply(to: &result)
            result.timeSeries = variantRows
            result.leaksChecked = isComplete
            result.isRebuilt = true
            // The lags a finished run wrote at its end, and each population's figures (design 20).
            result.scheduleLag = Self.lag(run, variant: variant, population: nil, notes: &notes)
            result.populations = PopulationResult.rebuilt(scenario, series: variantRows, phaseSeconds: recorded.phases[variant]?.seconds) {
                Self.lag(run, variant: variant, population: $0, notes: &notes)
            }
            result.readBackFlameGraphStacks = FlameGraphStacks.read(
                folder: folder, variant: variant, isSampled: profileMode(scenario, info) == .sampled, notes: &notes)
            variants.append(result)
        }

        let formatter = ISO8601DateFormatter()
        let started = info["start"].flatMap { formatter.date(from: $0) } ?? Date(timeIntervalSince1970: 0)
        let longest = variants.reduce(0.0) { $0 + Double($1.elapsedNanoseconds) / 1e9 }
        let ran = Set(variants.map(\.variant))
        let table = MetricTable(scenario: scenario, results: variants)
        var result = RunResult(
            scenario: scenario, variants: variants, thresholds: table.evaluate(scenario.thresholds.filter { !$0.metric.isInstructionCount }),
            unjudged: scenario.thresholds.filter { $0.variant.map { !ran.contains($0) } ?? false || $0.metric.isInstructionCount },
            metrics: table,
            started: started, ended: info["end"].flatMap { formatter.date(from: $0) } ?? started.addingTimeInterval(longest),
            wasInterrupted: true)
        result.rebuiltBy = "roost report \(Roost.version)"
        result.recordedRunInfo = info
        return StreamedRun(result: result, notes: notes, recordedState: state)
    }

    /// What a rebuilt run's errors are counted under: their names are not streamed.
    static let unnamedErrors = "(error names are not streamed)"

    /// A schedule lag the run wrote at its end (the variant's, or `population`'s); nil when it
    /// wrote none (a killed run, a closed model), with a note when its log does not read.
    private static func lag(_ run: RunFolder, variant: String, population: String?, notes: inout [String]) -> ScheduleLag? {
        do {
            return try HistogramFiles.readLag(run, variant: variant, population: population)
        } catch {
            notes.append("\(error); the schedule lag was left out")
            return nil
        }
    }

    /// The run's allocation profile mode: run.csv's `allocation_profile`, else `--allocation-profile`
    /// on its command line (a run.csv from before that row), else the scenario's.
    private static func profileMode(_ scenario: Scenario, _ info: [String: String]) -> AllocationProfileMode {
        if let mode = info["allocation_profile"].flatMap(AllocationProfileMode.init(rawValue:)) { return mode }
        let words = (info["command_line"] ?? "").split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            if word.hasPrefix("--allocation-profile="), let mode = AllocationProfileMode(rawValue: String(word.dropFirst(21))) { return mode }
            if word == "--allocation-profile", index + 1 < words.count, let mode = AllocationProfileMode(rawValue: words[index + 1]) {
                return mode
            }
        }
        return scenario.allocationProfile
    }
}
