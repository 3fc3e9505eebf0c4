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
        guard let runTable = try StreamedTable.read("run.csv", in: folder, header: ["key", "value"]) else {
            throw .notARun(path: folder, reason: "no run.csv (pass a folder `roost run` wrote, e.g. Reports/runs/ci/latest)")
        }
        var notes = [runTable.note].compactMap { $0 }
        let info = Dictionary(runTable.rows.map { ($0.fields[0], $0.fields[1]) }) { first, _ in first }
        // A run.csv from before streaming has no state: it was written at the end, so the run finished.
        let state = info["state"].flatMap(RunState.init(rawValue:)) ?? .complete
        if state != .running && state != .incomplete && !allowComplete {
            throw .alreadyComplete(path: folder, state: state)
        }
        let completed = Set((info["completed_variants"] ?? "").split(separator: " ").map(String.init))

        var scenario = Scenario(name: "", steps: [], path: folder + "/scenario.yaml")
        if let text = FileManager.default.contents(atPath: folder + "/scenario.yaml").map({ String(decoding: $0, as: UTF8.self) }) {
            do {
                scenario = try ScenarioLoader.parse(yaml: text, path: folder + "/scenario.yaml")
            } catch {
                notes.append("scenario.yaml could not be read (\(error)); thresholds were not judged")
            }
        } else {
            notes.append("no scenario.yaml in the folder; thresholds were not judged")
        }

        guard let series = try StreamedTable.read("timeseries.csv", in: folder, header: ReportFiles.timeSeriesHeader) else {
            throw .notARun(path: folder, reason: "no timeseries.csv: nothing was streamed here")
        }
        let executions = try StreamedTable.read("executions.csv", in: folder, header: ReportFiles.executionsHeader)
        let memory = try StreamedTable.read("memory.csv", in: folder, header: ReportFiles.memoryHeader,
                                            older: [ReportFiles.olderMemoryHeader])
        let retention = try StreamedTable.read("retention.csv", in: folder, header: ReportFiles.retentionHeader,
                                               older: [ReportFiles.olderRetentionHeader])
        let leaks = try StreamedTable.read("leaks.csv", in: folder, header: ReportFiles.leaksHeader)
        notes += [series.note, executions?.note, memory?.note, retention?.note, leaks?.note].compactMap { $0 }
        if scenario.name.isEmpty, let name = series.rows.first?.fields[0] { scenario.name = name }

        let rows = try series.rows.map { line, fields throws(RunFolderError) in try timeSeriesRow(fields, line: line, folder: folder) }
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
            let stepOrder = ScenarioSteps.measuredNames(in: scenario.steps)
            let stepsSeen = variantRows.reduce(into: [String]()) { if !$0.contains($1.step) { $0.append($1.step) } }
            let steps = stepOrder.filter(stepsSeen.contains) + stepsSeen.filter { !stepOrder.contains($0) }
            var distributions: [String: [Int: ExecutionDistribution]] = [:]
            for (line, fields) in executions?.rows ?? [] where fields[1] == variant {
                guard let second = Int(fields[2]), let user = Int(fields[4]), let allocations = Int(fields[5]),
                      let bytes = Int(fields[6]), let count = Int(fields[7]) else {
                    throw .notARun(path: folder + "/executions.csv",
                                   reason: "line \(line): expected whole numbers in second, vu, allocs, bytes, executions")
                }
                if second <= last {
                    distributions[fields[3], default: [:]][user, default: ExecutionDistribution()]
                        .record(allocations: allocations, bytes: bytes, times: count)
                }
            }
            var metrics: [StepMetrics] = []
            for step in steps {
                let stepRows = variantRows.filter { $0.step == step }
                let errors = stepRows.reduce(0) { $0 + $1.errors }
                let log = readLog(folder: folder, variant: variant, step: step, through: last, notes: &notes)
                metrics.append(StepMetrics(
                    step: step, latency: log, count: stepRows.reduce(0) { $0 + $1.count },
                    errors: errors > 0 ? ["(error names are not streamed)": errors] : [:],
                    allocations: stepRows.reduce(0) { $0 + $1.allocations }, bytesAllocated: stepRows.reduce(0) { $0 + $1.bytes },
                    executions: distributions[step] ?? [:]))
                if UInt64(metrics[metrics.count - 1].count) != log.totalCount {
                    notes.append("\(variant)/\(step): the latency log holds \(log.totalCount) executions, timeseries.csv \(metrics[metrics.count - 1].count)")
                }
            }
            // The rows in the order streamed (a rebuilt folder's files are written back the same).
            let memoryRows = try (memory?.rows ?? []).filter { $0.fields[1] == variant }.map { line, fields throws(RunFolderError) in
                try memoryRow(fields, line: line, folder: folder)
            }
            let samples = memoryRows.map(\.last).sorted { $0.elapsedMilliseconds < $1.elapsedMilliseconds }
            let retentionRows = try readRetentionRows((retention?.rows ?? []).filter { $0.fields[1] == variant }, folder: folder)
            let points = retentionRows.map(\.last).sorted { $0.close < $1.close }
            let isComplete = completed.contains(variant)
            let leakRecords = try (leaks?.rows ?? []).filter { $0.fields[1] == variant }.map { line, fields throws(RunFolderError) in
                try leakRecord(fields, line: line, folder: folder)
            }
            let sampledMilliseconds = samples.last?.elapsedMilliseconds ?? 0
            let elapsed = isComplete ? sampledMilliseconds : max(sampledMilliseconds, Double(last) * 1_000)
            var result = VariantResult(
                variant: variant, steps: metrics, memory: samples, retention: points, leaks: isComplete ? leakRecords : [],
                iterations: max(samples.map(\.iteration).max() ?? 0, points.map(\.iteration).max() ?? 0),
                droppedIterations: 0, elapsedNanoseconds: UInt64(max(elapsed, 1) * 1e6),
                peakResidentBytes: memoryRows.map(\.rssBytes.upperBound).max() ?? 0, wasInterrupted: !isComplete)
            result.memoryRows = memoryRows
            result.retentionRows = retentionRows
            // Rows of a second keep a close in a second's: the fit over every close is the latest row's.
            result.isThinned = memoryRows.contains { $0.readings > 1 } || retentionRows.contains { $0.closes > 1 }
            result.fitOverAllCloses = retentionRows.contains { $0.closes > 1 }
                ? retentionRows.compactMap(\.fit).max { $0.closes < $1.closes } : nil
            result.timeSeries = variantRows
            result.leaksChecked = isComplete
            result.isRebuilt = true
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

    /// One step's latency over the intervals up to second `last`, merged.
    private static func readLog(folder: String, variant: String, step: String, through last: Int,
                                notes: inout [String]) -> Histogram<UInt64> {
        var merged = StepMetrics.histogram()
        let name = "hgrm/\(variant).\(step).hlog"
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)") else {
            notes.append("\(name) is missing: \(variant)/\(step) has no latency")
            return merged
        }
        let contents = HistogramLog.read(String(decoding: data, as: UTF8.self))
        if let (line, reason) = contents.stoppedAt { notes.append("\(name):\(line): \(reason); the intervals before it were used") }
        for interval in contents.intervals where interval.start < Double(last) + 0.5 { merged.add(interval.histogram) }
        return merged
    }

    private static func number<T: LosslessStringConvertible>(_ text: String, _ column: String, line: Int, file: String,
                                                             folder: String) throws(RunFolderError) -> T {
        guard let value = T(text) else {
            throw .notARun(path: "\(folder)/\(file)", reason: "line \(line): expected a number in '\(column)', got '\(text)'")
        }
        return value
    }

    private static func optionalNumber<T: LosslessStringConvertible>(_ text: String, _ column: String, line: Int, file: String,
                                                                     folder: String) throws(RunFolderError) -> T? {
        text.isEmpty ? nil : try number(text, column, line: line, file: file, folder: folder) as T
    }

    private static func timeSeriesRow(_ f: [String], line: Int, folder: String) throws(RunFolderError) -> TimeSeriesRow {
        let file = "timeseries.csv"
        return TimeSeriesRow(
            variant: f[1], second: try number(f[2], "second", line: line, file: file, folder: folder), step: f[3],
            count: try number(f[4], "count", line: line, file: file, folder: folder),
            errors: try number(f[5], "errors", line: line, file: file, folder: folder),
            p50Microseconds: try optionalNumber(f[6], "p50_us", line: line, file: file, folder: folder),
            p99Microseconds: try optionalNumber(f[7], "p99_us", line: line, file: file, folder: folder),
            maxMicroseconds: try optionalNumber(f[8], "max_us", line: line, file: file, folder: folder),
            allocations: try number(f[9], "allocs", line: line, file: file, folder: folder),
            bytes: try number(f[10], "bytes", line: line, file: file, folder: folder))
    }

    /// A row of `memory.csv`; one of an older file (no `readings`) is one reading.
    private static func memoryRow(_ f: [String], line: Int, folder: String) throws(RunFolderError) -> MemoryRow {
        let file = "memory.csv"
        let sample = MemorySample(
            elapsedMilliseconds: try number(f[2], "elapsed_ms", line: line, file: file, folder: folder),
            iteration: try number(f[3], "iteration", line: line, file: file, folder: folder),
            allocatedBytes: try number(f[4], "allocated_bytes", line: line, file: file, folder: folder),
            residentBytes: try number(f[5], "resident_bytes", line: line, file: file, folder: folder),
            rssBytes: try number(f[6], "rss_bytes", line: line, file: file, folder: folder),
            liveTrackedObjects: try number(f[7], "live_tracked_objects", line: line, file: file, folder: folder))
        let readings: Int = try optionalNumber(f[8], "readings", line: line, file: file, folder: folder) ?? 1
        guard readings > 1 else { return MemoryRow(sample) }
        return MemoryRow(
            last: sample, readings: readings,
            allocatedBytes: try range(f[9], f[10], "min_allocated_bytes", line: line, file: file, folder: folder),
            rssBytes: try range(f[11], f[12], "min_rss_bytes", line: line, file: file, folder: folder))
    }

    /// A variant's rows of `retention.csv`, in file order; one of an older file (no `closes`)
    /// is one close. A row's fit sets its tolerance from the variant's first row (its first close).
    private static func readRetentionRows(_ rows: [(line: Int, fields: [String])], folder: String) throws(RunFolderError) -> [RetentionRow] {
        let file = "retention.csv"
        var read: [RetentionRow] = []
        for (line, f) in rows {
            let point = RetentionPoint(
                close: try number(f[2], "close", line: line, file: file, folder: folder),
                iteration: try number(f[3], "iteration", line: line, file: file, folder: folder), step: f[4],
                elapsedMilliseconds: try number(f[5], "elapsed_ms", line: line, file: file, folder: folder),
                retainedBytes: try number(f[6], "retained_bytes", line: line, file: file, folder: folder),
                liveTrackedObjects: try number(f[7], "live_tracked_objects", line: line, file: file, folder: folder))
            let closes: Int = try optionalNumber(f[8], "closes", line: line, file: file, folder: folder) ?? 1
            guard closes > 1 else {
                read.append(RetentionRow(point))
                continue
            }
            var fit: RetentionFit?
            if let fitCloses: Int = try optionalNumber(f[11], "fit_closes", line: line, file: file, folder: folder) {
                fit = RetentionFit(
                    closes: fitCloses,
                    bytesPerClose: try number(f[12], "fit_bytes_per_close", line: line, file: file, folder: folder),
                    intercept: try number(f[13], "fit_intercept", line: line, file: file, folder: folder),
                    rSquared: try number(f[14], "fit_r_squared", line: line, file: file, folder: folder),
                    growthBytes: try number(f[15], "fit_growth_bytes", line: line, file: file, folder: folder),
                    firstRetainedBytes: read.first?.last.retainedBytes ?? point.retainedBytes)
            }
            read.append(RetentionRow(
                last: point, closes: closes,
                retainedBytes: try range(f[9], f[10], "min_retained_bytes", line: line, file: file, folder: folder), fit: fit))
        }
        return read
    }

    /// A row's lowest and highest value (`min_...`, `max_...`).
    private static func range(_ low: String, _ high: String, _ column: String, line: Int, file: String,
                              folder: String) throws(RunFolderError) -> ClosedRange<Int> {
        let lowest: Int = try number(low, column, line: line, file: file, folder: folder)
        let highest: Int = try number(high, column.replacingOccurrences(of: "min_", with: "max_"), line: line, file: file, folder: folder)
        guard lowest <= highest else {
            throw .notARun(path: "\(folder)/\(file)", reason: "line \(line): '\(column)' (\(lowest)) is above its maximum (\(highest))")
        }
        return lowest...highest
    }

    private static func leakRecord(_ f: [String], line: Int, folder: String) throws(RunFolderError) -> LeakRecord {
        let file = "leaks.csv"
        var record = LeakRecord(
            type: f[2], created: try number(f[3], "created", line: line, file: file, folder: folder),
            leaked: try number(f[4], "leaked", line: line, file: file, folder: folder),
            leakedBytes: try number(f[5], "leaked_bytes", line: line, file: file, folder: folder), cycle: f[6])
        record.retainedBytes = try optionalNumber(f[7], "retained_bytes", line: line, file: file, folder: folder)
        return record
    }
}
