import Foundation
import Histogram
import MemoryProbes

/// A finished run read back from its folder whole (`roost merge`): every figure the files
/// hold, so that the metrics recomputed from it are the ones the run wrote. Latency comes from
/// the interval logs (exact histograms), allocations, bytes and SQLite's counts per execution
/// from `distributions.csv`, each statement's totals and plan from `queries.csv`, errors
/// from `errors.csv`, frees from the summary's retained bytes, and the time series, memory,
/// retention, leaks, profiles and instruction counts from their own files.
struct RecordedRun: Sendable {
    let folder: RunFolder
    let info: RecordedRunInfo
    /// The scenario the run played (its kept `scenario.yaml`).
    let scenario: Scenario
    /// The variants that ran to their end, in order.
    let variants: [VariantResult]
    /// What callgrind counted; nil for a run without `--instructions`.
    let instructions: InstructionCounts?

    /// Reads `folder`, which must be a run in one of `states` (complete by default) written by
    /// a build that writes `distributions.csv` (this one); else says why not.
    static func read(_ folder: RunFolder, states: Set<RunState> = [.complete]) throws(RunFolderError) -> RecordedRun {
        let info = try recordedInfo(folder, states: states)
        let scenario = try keptScenario(folder)
        let tables = try RecordedTables.read(folder, info: info, scenario: scenario)
        var variants: [VariantResult] = []
        for variant in info.completedVariants {
            variants.append(try rebuild(variant, from: tables, in: folder, scenario: scenario, info: info))
        }
        return RecordedRun(folder: folder, info: info, scenario: scenario, variants: variants,
                           instructions: try Self.instructions(folder, distributions: tables.distributions))
    }

    /// `run.csv` of `folder`, which must exist and hold a run in one of `states`.
    private static func recordedInfo(_ folder: RunFolder, states: Set<RunState>) throws(RunFolderError) -> RecordedRunInfo {
        try folder.requireFolder()
        guard let info = try folder.recordedInfo() else {
            throw .notARun(path: folder.path, reason: "no run.csv (pass a folder `roost run` wrote)")
        }
        guard states.contains(info.state) else {
            throw .notARun(path: folder.path, reason: "the run is \(info.state.rawValue), not complete (run.csv)")
        }
        return info
    }

    /// The scenario the run kept; a run without it, or with one that does not read, is refused.
    private static func keptScenario(_ folder: RunFolder) throws(RunFolderError) -> Scenario {
        let path = folder.file(RunFolder.scenarioFile)
        do {
            return try KeptScenario.read(at: path)
        } catch {
            switch error {
            case .missing: throw .notARun(path: path, reason: "the run kept no copy of its scenario")
            case let .unreadable(problem): throw .notARun(path: path, reason: problem)
            }
        }
    }

    /// One variant as the tables, its latency logs and its allocation profile give it.
    private static func rebuild(_ variant: String, from tables: RecordedTables, in folder: RunFolder, scenario: Scenario,
                                info: RecordedRunInfo) throws(RunFolderError) -> VariantResult {
        func figure(_ name: String) -> Double? { tables.figure(name, scenario: scenario, variant: variant) }
        var metrics: [StepMetrics] = []
        var statements: [String: StepStatements] = [:], seconds: [String: [Int: Histogram<UInt64>]] = [:]
        for row in tables.steps where row.variant == variant {
            let (step, perSecond) = try stepMetrics(row, from: tables, in: folder, scenario: scenario)
            metrics.append(step)
            if !perSecond.isEmpty { seconds[row.step] = perSecond }
            if let counted = stepStatements(row, from: tables) { statements[row.step] = counted }
        }
        let phase = info.phases[variant]
        let readBack = ReadBackMemory(variant: variant, memory: tables.memory, retention: tables.retention)
        var result = VariantResult(
            variant: variant, steps: metrics, memory: readBack.samples, retention: readBack.points,
            leaks: tables.leaks.filter { $0.variant == variant }.map(\.leak),
            iterations: Int(figure("iterations") ?? 0), droppedIterations: Int(figure("dropped_iterations") ?? 0),
            elapsedNanoseconds: UInt64(((phase?.seconds ?? 0) * 1e9).rounded()),
            peakResidentBytes: Int(figure("rss_peak_bytes") ?? 0), wasInterrupted: false)
        readBack.apply(to: &result)
        result.timeSeries = tables.series.filter { $0.variant == variant }
        result.loadModel = scenario.loadModelName
        result.stages = tables.stages[variant] ?? []
        result.scheduleLag = try HistogramFiles.readLag(folder, variant: variant)
        result.populations = try PopulationResult.readBack(folder, scenario: scenario, variant: variant) { name, population in
            tables.summary.value(scenario: scenario.name, variant: variant, MetricKey(name, population: population))
        }
        result.secondLatencies = seconds
        result.statements = statements
        result.statementPlans = Dictionary(tables.queries.filter { $0.variant == variant }.map { ($0.statement, $0.plan) }) { a, _ in a }
        result.measuredStarted = phase?.started
        result.virtualUsers = figure("virtual_users").map { Int($0) }
        result.warmupIterations = figure("warmup_iterations").map { Int($0) }
        let dataset = info.datasets[variant]
        result.datasetSeconds = dataset?.seconds
        result.datasetSource = dataset?.source
        if let sites = tables.sites {
            result.allocationProfile = try Self.allocationProfile(folder, variant: variant, mode: info.allocationProfile,
                                                                  steps: metrics.map(\.step),
                                                                  sites: sites.filter { $0.variant == variant }.map(\.site))
        }
        return result
    }

    /// One step of a variant (its `steps.csv` row): latency from its interval log (and per
    /// second, when the log has one interval a second), allocations and bytes per execution
    /// from `distributions.csv`, frees from the summary's retained bytes, errors by name from
    /// `errors.csv` (or unnamed, as many as the row counts), its CPU from the row.
    private static func stepMetrics(_ row: StepsFile.Row, from tables: RecordedTables, in folder: RunFolder,
                                    scenario: Scenario) throws(RunFolderError) -> (StepMetrics, [Int: Histogram<UInt64>]) {
        let variant = row.variant
        let distribution = tables.distributions[variant]?[row.step] ?? DistributionsFile.Step()
        let (latency, perSecond) = try Self.latency(folder, variant: variant, step: row.step, count: row.count)
        var executions: [Int: ExecutionDistribution] = [:]
        for user in distribution.perUser.keys {
            executions[user] = ExecutionDistribution(
                allocations: distribution.table(DistributionsFile.allocations, user: user),
                bytes: distribution.table(DistributionsFile.bytes, user: user),
                peakBytes: distribution.table(DistributionsFile.peakBytes, user: user),
                temporaryAllocations: distribution.table(DistributionsFile.temporaryAllocations, user: user))
        }
        let allocated = executions.values.reduce(0) { $0 + $1.allocations.reduce(0) { $0 + $1.key * $1.value } }
        let bytes = executions.values.reduce(0) { $0 + $1.bytes.reduce(0) { $0 + $1.key * $1.value } }
        let retained = tables.summary.value(scenario: scenario.name, variant: variant,
                                            MetricKey(Threshold.Metric.retainedBytes.name, runStep: row.step)).map { Int($0) } ?? 0
        var tallies = Dictionary(tables.errors.filter { $0.variant == variant && $0.step == row.step }.map { ($0.error, $0.tally) }) { a, _ in a }
        let failed = try row.row.number("errors") as Int
        if tallies.isEmpty, failed > 0 {
            tallies[StreamedRun.unnamedErrors] = ErrorTally(count: failed, message: "", firstUser: nil, firstIteration: nil)
        }
        var cpu = StepCPU()
        if let median = try row.value("cpu_p50_us"), let wait = try row.value("wait_share") {
            cpu.record(medianMicroseconds: median, waitShare: wait, count: row.count)
        }
        let metrics = StepMetrics(step: row.step, latency: latency, count: row.count, errors: tallies, allocations: allocated,
                                  bytesAllocated: bytes, executions: executions, bytesFreed: bytes - retained, cpu: cpu)
        return (metrics, perSecond)
    }

    /// A step's SQLite work: each statement's totals from `queries.csv` and the per-execution
    /// tables; nil when the run did not count it (a step that ran no statement has its zeros).
    private static func stepStatements(_ row: StepsFile.Row, from tables: RecordedTables) -> StepStatements? {
        let distribution = tables.distributions[row.variant]?[row.step] ?? DistributionsFile.Step()
        guard distribution.perUser.values.contains(where: { $0[DatabaseMetric.statements.rawValue] != nil }) else { return nil }
        let counted = tables.queries.filter { $0.variant == row.variant && $0.step == row.step }
        var perUser: [Int: [DatabaseMetric: [Int: Int]]] = [:]
        for (user, figures) in distribution.perUser {
            for metric in DatabaseMetric.allCases { perUser[user, default: [:]][metric] = figures[metric.rawValue] ?? [:] }
        }
        return StepStatements(statements: Dictionary(counted.map { ($0.statement, $0.totals) }) { a, _ in a }, perUser: perUser)
    }

    /// The run as a result to write again (with `instructions` in place of its own, when
    /// given): its metrics and thresholds judged anew from what was read, its facts kept.
    func result(instructions counted: InstructionCounts? = nil) -> RunResult {
        let formatter = ISO8601DateFormatter()
        let started = info[RunInfo.Key.start].flatMap(formatter.date(from:)) ?? Date()
        var result = RunResult.judged(scenario: scenario, variants: variants, instructions: counted ?? instructions, started: started,
                                      ended: info[RunInfo.Key.end].flatMap(formatter.date(from:)) ?? started,
                                      wasInterrupted: info.state == .interrupted)
        result.shard = info.shard
        result.recordedRunInfo = info.values.filter { RunInfo.Key.kept.contains($0.key) && $0.key != RunInfo.Key.commandLine }
        return result
    }

    /// A step's latency from its interval log (every interval added), and per second when the
    /// log has one interval a second; the log must hold every execution.
    private static func latency(_ folder: RunFolder, variant: String, step: String,
                                count: Int) throws(RunFolderError) -> (Histogram<UInt64>, [Int: Histogram<UInt64>]) {
        let name = RunFolder.intervalLog(variant: variant, step: step)
        guard let text = folder.text(name) else {
            throw .notARun(path: folder.file(name), reason: "missing: \(variant)/\(step)'s latency cannot be read back")
        }
        let contents = HistogramLog.read(text)
        if let (line, reason) = contents.stoppedAt { throw .badLine(path: folder.file(name), line: line, reason: reason) }
        var whole = StepMetrics.histogram(), perSecond: [Int: Histogram<UInt64>] = [:]
        for interval in contents.intervals {
            whole.add(interval.histogram)
            if contents.intervals.allSatisfy({ $0.length <= 1 + 1e-9 }) {
                perSecond[Int(interval.start.rounded(.down)), default: StepMetrics.histogram()].add(interval.histogram)
            }
        }
        guard whole.totalCount == UInt64(count) else {
            throw .notARun(path: folder.file(name), reason: "it holds \(whole.totalCount) executions, steps.csv \(count)")
        }
        return (whole, perSecond)
    }

    /// A variant's allocation profile from `allocations.csv`'s sites and its folded stacks.
    private static func allocationProfile(_ folder: RunFolder, variant: String, mode: String?, steps: [String],
                                          sites: [VariantAllocationProfile.Site]) throws(RunFolderError) -> VariantAllocationProfile? {
        guard let mode = mode.flatMap(AllocationProfileMode.init(rawValue:)) else { return nil }
        var stacks: [[String]: VariantAllocationProfile.Stack] = [:]
        var siteNames: [String: Set<String>] = [:]
        for site in sites { siteNames[site.step, default: []].insert(site.site) }
        // A stack's site: its frame nearest the leaf that allocations.csv names as a site of the step.
        func site(_ step: String, _ frames: [String]) -> String {
            frames.last { siteNames[step]?.contains($0) ?? false } ?? frames.last ?? "[no frames]"
        }
        for kind in AllocationProfileFiles.Folded.allCases {
            let name = AllocationProfileFiles.foldedPath(variant: variant, kind)
            guard let text = folder.text(name) else { continue }
            let lines: [FlameGraphStacks.Line]
            do { lines = try FlameGraphStacks.parse(text, file: folder.file(name)) } catch {
                throw .notARun(path: folder.file(name), reason: "\(error)")
            }
            for line in lines {
                let key = [line.step] + line.frames
                var stack = stacks[key] ?? VariantAllocationProfile.Stack(
                    step: line.step, frames: line.frames, site: site(line.step, line.frames), allocations: 0, bytes: 0,
                    retainedAllocations: 0, retainedBytes: 0)
                switch kind {
                case .allocs: stack.allocations += line.value
                case .bytes: stack.bytes += line.value
                case .retained: stack.retainedBytes += line.value
                case .peak: stack.peakBytes += line.value
                }
                stacks[key] = stack
            }
        }
        // In step order, then by frames, as the run ordered them (AllocationProfileBuilder).
        let rank = { (step: String) in steps.firstIndex(of: step) ?? .max }
        return VariantAllocationProfile(
            mode: mode,
            stacks: stacks.values.sorted { $0.precedes($1, rank: rank) },
            sites: sites, truncatedAllocations: [:], droppedAllocations: 0)
    }

    /// The run's instruction counts: executions from `distributions.csv`, functions from
    /// `instructions.csv`, stacks from the folded files; nil when it counted none.
    private static func instructions(_ folder: RunFolder,
                                     distributions: [String: [String: DistributionsFile.Step]]) throws(RunFolderError) -> InstructionCounts? {
        guard let rows = try InstructionFiles.read(folder) else { return nil }
        var counts = InstructionCounts()
        for row in rows {
            let key = InstructionCounts.StepKey(variant: row.variant, step: row.step)
            if counts.steps[key] == nil {
                counts.order.append(key)
                counts.steps[key] = InstructionCounts.Step(
                    executions: distributions[row.variant]?[row.step]?.allUsers[DistributionsFile.instructions] ?? [:])
            }
            counts.steps[key]!.functions.append(row.function)
        }
        for variant in counts.variants {
            let name = InstructionFiles.foldedPath(variant: variant)
            guard let text = folder.text(name) else { continue }
            let lines: [FlameGraphStacks.Line]
            do { lines = try FlameGraphStacks.parse(text, file: folder.file(name)) } catch {
                throw .notARun(path: folder.file(name), reason: "\(error)")
            }
            for line in lines {
                counts.steps[InstructionCounts.StepKey(variant: variant, step: line.step)]?.stacks.append((line.frames, UInt64(line.value)))
            }
        }
        return counts
    }
}
