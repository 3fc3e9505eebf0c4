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
        let run = RunFolder(folder)
        try run.requireFolder()
        guard let runTable = try run.readStreamed(.run) else {
            throw .notARun(path: folder, reason: "no run.csv (pass a folder `roost run` wrote, e.g. Reports/runs/ci/latest)")
        }
        var notes = [runTable.note].compactMap { $0 }
        let recorded: RecordedRunInfo
        do { recorded = try RecordedRunInfo(runTable) } catch { throw error.asNotARun }
        if recorded.state != .running && recorded.state != .incomplete && !allowComplete {
            throw .alreadyComplete(path: folder, state: recorded.state)
        }
        var scenario = readScenario(folder, notes: &notes)
        let tables = try StreamedTables.read(run, notes: &notes)
        if scenario.name.isEmpty, let name = tables.scenarioName { scenario.name = name }
        let completed = Set(recorded.completedVariants)
        let variants = tables.variantsInOrder(declared: scenario.variants.map(\.name)).map { variant in
            rebuild(variant, from: tables, in: run, scenario: scenario, isComplete: completed.contains(variant),
                    phaseSeconds: recorded.phases[variant]?.seconds, info: recorded.values, notes: &notes)
        }
        return StreamedRun(result: assemble(variants, scenario: scenario, info: recorded.values), notes: notes,
                           recordedState: recorded.state)
    }

    /// The scenario file the run kept, or a scenario without thresholds (and why, in `notes`).
    private static func readScenario(_ folder: String, notes: inout [String]) -> Scenario {
        let path = folder + "/" + RunFolder.scenarioFile
        do {
            return try KeptScenario.read(at: path)
        } catch {
            switch error {
            case .missing: notes.append("no scenario.yaml in the folder; thresholds were not judged")
            case let .unreadable(problem): notes.append("scenario.yaml could not be read (\(problem)); thresholds were not judged")
            }
            return Scenario(name: "", steps: [], path: path)
        }
    }

    /// One variant as its streamed rows, executions, latency logs, memory and leaks give it;
    /// `phaseSeconds`, its measured phase as a finished run's run.csv has it.
    private static func rebuild(_ variant: String, from tables: StreamedTables, in run: RunFolder, scenario: Scenario,
                                isComplete: Bool, phaseSeconds: Double?, info: [String: String], notes: inout [String]) -> VariantResult {
        let last = tables.lastSecond[variant] ?? 0
        let variantRows = tables.rows.filter { $0.variant == variant }
        let metrics = stepMetrics(variant, rows: variantRows, through: last, tables: tables, in: run, scenario: scenario,
                                  notes: &notes)
        let readBack = ReadBackMemory(variant: variant, memory: tables.memoryRows, retention: tables.retentionRows)
        let samples = readBack.samples, points = readBack.points
        let leakRecords = tables.leakRows.filter { $0.variant == variant }.map(\.leak)
        // Each second's load is on every step's row of it: counted once a second.
        var droppedBySecond: [Int: Int] = [:]
        for row in variantRows { if let load = row.load { droppedBySecond[row.second] = load.dropped } }
        let sampledMilliseconds = samples.last?.elapsedMilliseconds ?? 0
        // A finished run's run.csv has each completed variant's measured phase, to the
        // nanosecond; a killed run's readings bound it.
        let elapsed = phaseSeconds.map { $0 * 1_000 }
            ?? (isComplete ? sampledMilliseconds : max(sampledMilliseconds, Double(last) * 1_000))
        var result = VariantResult(
            variant: variant, steps: metrics, memory: samples, retention: points, leaks: isComplete ? leakRecords : [],
            iterations: max(samples.map(\.iteration).max() ?? 0, points.map(\.iteration).max() ?? 0),
            droppedIterations: droppedBySecond.values.reduce(0, +), elapsedNanoseconds: UInt64((max(elapsed, 1) * 1e6).rounded()),
            peakResidentBytes: readBack.peakResidentBytes, wasInterrupted: !isComplete)
        readBack.apply(to: &result)
        result.timeSeries = variantRows
        result.leaksChecked = isComplete
        result.isRebuilt = true
        // The lags a finished run wrote at its end, and each population's figures (design 20).
        result.scheduleLag = Self.lag(run, variant: variant, population: nil, notes: &notes)
        result.populations = PopulationResult.rebuilt(scenario, series: variantRows, phaseSeconds: phaseSeconds) {
            Self.lag(run, variant: variant, population: $0, notes: &notes)
        }
        result.readBackFlameGraphStacks = FlameGraphStacks.read(
            folder: run.path, variant: variant, isSampled: profileMode(scenario, info) == .sampled, notes: &notes)
        return result
    }

    /// A variant's steps, in the scenario's order (then any other the rows name): counts, errors,
    /// allocations and bytes summed from its rows, latency from its interval log up to `last`,
    /// the per-execution medians from `executions.csv`.
    private static func stepMetrics(_ variant: String, rows variantRows: [TimeSeriesRow], through last: Int, tables: StreamedTables,
                                    in run: RunFolder, scenario: Scenario, notes: inout [String]) -> [StepMetrics] {
        let stepOrder = scenario.measuredStepNames
        let stepsSeen = variantRows.reduce(into: [String]()) { if !$0.contains($1.step) { $0.append($1.step) } }
        let steps = stepOrder.filter(stepsSeen.contains) + stepsSeen.filter { !stepOrder.contains($0) }
        var distributions: [String: [Int: ExecutionDistribution]] = [:]
        for row in tables.executionRows where row.variant == variant && row.second <= last {
            distributions[row.step, default: [:]][row.user, default: ExecutionDistribution()]
                .record(allocations: row.allocations, bytes: row.bytes, peak: row.peak, times: row.count)
        }
        return steps.map { step in
            let stepRows = variantRows.filter { $0.step == step }
            let errors = stepRows.reduce(0) { $0 + $1.errors }
            let log = HistogramFiles.read(run, variant: variant, step: step, through: last, notes: &notes) ?? {
                notes.append("\(RunFolder.intervalLog(variant: variant, step: step)) is missing: \(variant)/\(step) has no latency")
                return StepMetrics.histogram()
            }()
            let metrics = StepMetrics(
                step: step, latency: log, count: stepRows.reduce(0) { $0 + $1.count },
                errors: errors > 0 ? [Self.unnamedErrors: ErrorTally(count: errors, message: "", firstUser: nil, firstIteration: nil)] : [:],
                allocations: stepRows.reduce(0) { $0 + $1.allocations }, bytesAllocated: stepRows.reduce(0) { $0 + $1.bytes },
                executions: distributions[step] ?? [:])
            if UInt64(metrics.count) != log.totalCount {
                notes.append("\(variant)/\(step): the latency log holds \(log.totalCount) executions, timeseries.csv \(metrics.count)")
            }
            return metrics
        }
    }

    /// The rebuilt run: its variants, the thresholds judged on them, its times from `run.csv`.
    private static func assemble(_ variants: [VariantResult], scenario: Scenario, info: [String: String]) -> RunResult {
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
        return result
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

/// The tables a run streamed, read back: the time series (required), the executions, memory,
/// retention and leaks (each may be missing), and where each variant's series ends.
private struct StreamedTables {
    let rows: [TimeSeriesRow]
    let executionRows: [ExecutionRow]
    let memoryRows: [(variant: String, row: MemoryRow)]
    let retentionRows: [(variant: String, row: RetentionRow)]
    let leakRows: [LeaksFile.Row]
    /// Per variant, the last second its time series reached: the time series is flushed last
    /// in each tick, so its last second bounds the other files'.
    let lastSecond: [String: Int]
    /// The variants in the order their rows first appear.
    let variantsSeen: [String]
    /// The scenario's name as the first row gives it.
    let scenarioName: String?

    static func read(_ run: RunFolder, notes: inout [String]) throws(RunFolderError) -> StreamedTables {
        guard let series = try run.readStreamed(.timeSeries) else {
            throw .notARun(path: run.path, reason: "no timeseries.csv: nothing was streamed here")
        }
        let executions = try run.readStreamed(.executions)
        let memory = try run.readStreamed(.memory)
        let retention = try run.readStreamed(.retention)
        let leaks = try run.readStreamed(.leaks)
        notes += [series.note, executions?.note, memory?.note, retention?.note, leaks?.note].compactMap { $0 }
        do {
            let rows = try TimeSeriesFile.rows(series)
            var lastSecond: [String: Int] = [:], seen: [String] = []
            for row in rows {
                if lastSecond[row.variant] == nil { seen.append(row.variant) }
                lastSecond[row.variant] = max(lastSecond[row.variant] ?? 0, row.second)
            }
            return StreamedTables(
                rows: rows,
                executionRows: try executions.map { table throws(RunFolderError) in try ExecutionsFile.rows(table) } ?? [],
                memoryRows: try memory.map { table throws(RunFolderError) in try MemoryFile.rows(table) } ?? [],
                retentionRows: try retention.map { table throws(RunFolderError) in try RetentionFile.rows(table) } ?? [],
                leakRows: try leaks.map { table throws(RunFolderError) in try LeaksFile.rows(table) } ?? [],
                lastSecond: lastSecond, variantsSeen: seen, scenarioName: series.rows.first?.fields[0])
        } catch {
            throw error.asNotARun
        }
    }

    /// The variants the rows name: those the scenario declares in its order, then the others by name.
    func variantsInOrder(declared: [String]) -> [String] {
        variantsSeen.sorted { (declared.firstIndex(of: $0) ?? .max, $0) < (declared.firstIndex(of: $1) ?? .max, $1) }
    }
}
