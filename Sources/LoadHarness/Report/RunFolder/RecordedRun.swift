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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notARun(path: folder.path, reason: "no such folder")
        }
        guard let info = try folder.recordedInfo() else {
            throw .notARun(path: folder.path, reason: "no run.csv (pass a folder `roost run` wrote)")
        }
        guard states.contains(info.state) else {
            throw .notARun(path: folder.path, reason: "the run is \(info.state.rawValue), not complete (run.csv)")
        }
        guard let yaml = folder.text(RunFolder.scenarioFile) else {
            throw .notARun(path: folder.file(RunFolder.scenarioFile), reason: "the run kept no copy of its scenario")
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.parse(yaml: yaml, path: folder.file(RunFolder.scenarioFile))
        } catch {
            throw .notARun(path: folder.file(RunFolder.scenarioFile), reason: "\(error)")
        }
        guard let steps = try StepsFile.read(folder), let summary = try SummaryFile.read(folder) else {
            throw .notARun(path: folder.path, reason: "no steps.csv or summary.csv")
        }
        guard let distributions = try DistributionsFile.read(folder) else {
            throw .notARun(path: folder.file(.distributions),
                           reason: "missing: the run was made by an older roost (\(info[RunInfo.Key.roostVersion] ?? "unknown version")), "
                               + "whose files cannot be added up exactly")
        }
        let errors = try ErrorsFile.read(folder) ?? []
        let queries = try QueriesFile.read(folder) ?? []
        let leaks = try LeaksFile.read(folder)
        let series = try folder.read(.timeSeries).map { table throws(RunFolderError) in try TimeSeriesFile.rows(table) } ?? []
        let memory = try folder.read(.memory).map { table throws(RunFolderError) in try MemoryFile.rows(table) } ?? []
        let retention = try folder.read(.retention).map { table throws(RunFolderError) in try RetentionFile.rows(table) } ?? []
        let sites = try AllocationsFile.read(folder)
        let stages = try StagesFile.read(folder) { variant, stage, population, metric in
            summary.value(scenario: scenario.name, variant: variant,
                          MetricKey(metric, stage: stage, population: population.isEmpty ? nil : population))
        } ?? [:]
        let phases = info.phases, datasets = info.datasets

        var variants: [VariantResult] = []
        for variant in info.completedVariants {
            func figure(_ name: String) -> Double? { summary.value(scenario: scenario.name, variant: variant, MetricKey(name)) }
            var metrics: [StepMetrics] = []
            var statements: [String: StepStatements] = [:], seconds: [String: [Int: Histogram<UInt64>]] = [:]
            for row in steps where row.variant == variant {
                let tables = distributions[variant]?[row.step] ?? DistributionsFile.Step()
                let (latency, perSecond) = try Self.latency(folder, variant: variant, step: row.step, count: row.count)
                if !perSecond.isEmpty { seconds[row.step] = perSecond }
                var executions: [Int: ExecutionDistribution] = [:]
                for user in tables.perUser.keys {
                    executions[user] = ExecutionDistribution(
                        allocations: tables.table(DistributionsFile.allocations, user: user),
                        bytes: tables.table(DistributionsFile.bytes, user: user),
                        peakBytes: tables.table(DistributionsFile.peakBytes, user: user),
                        temporaryAllocations: tables.table(DistributionsFile.temporaryAllocations, user: user))
                }
                let allocated = executions.values.reduce(0) { $0 + $1.allocations.reduce(0) { $0 + $1.key * $1.value } }
                let bytes = executions.values.reduce(0) { $0 + $1.bytes.reduce(0) { $0 + $1.key * $1.value } }
                let retained = summary.value(scenario: scenario.name, variant: variant,
                                             MetricKey(Threshold.Metric.retainedBytes.name, runStep: row.step)).map { Int($0) } ?? 0
                var tallies = Dictionary(errors.filter { $0.variant == variant && $0.step == row.step }.map { ($0.error, $0.tally) }) { a, _ in a }
                let failed = try row.row.number("errors") as Int
                if tallies.isEmpty, failed > 0 {
                    tallies[StreamedRun.unnamedErrors] = ErrorTally(count: failed, message: "", firstUser: nil, firstIteration: nil)
                }
                var cpu = StepCPU()
                if let median = try row.value("cpu_p50_us"), let wait = try row.value("wait_share") {
                    cpu.record(medianMicroseconds: median, waitShare: wait, count: row.count)
                }
                metrics.append(StepMetrics(step: row.step, latency: latency, count: row.count, errors: tallies, allocations: allocated,
                                           bytesAllocated: bytes, executions: executions, bytesFreed: bytes - retained, cpu: cpu))
                // Counted when the run counted SQLite's work (a step that ran no statement has its zeros).
                let counted = queries.filter { $0.variant == variant && $0.step == row.step }
                if tables.perUser.values.contains(where: { $0[DatabaseMetric.statements.rawValue] != nil }) {
                    var perUser: [Int: [DatabaseMetric: [Int: Int]]] = [:]
                    for (user, figures) in tables.perUser {
                        for metric in DatabaseMetric.allCases { perUser[user, default: [:]][metric] = figures[metric.rawValue] ?? [:] }
                    }
                    statements[row.step] = StepStatements(statements: Dictionary(counted.map { ($0.statement, $0.totals) }) { a, _ in a },
                                                          perUser: perUser)
                }
            }
            let phase = phases[variant]
            let readBack = ReadBackMemory(variant: variant, memory: memory, retention: retention)
            var result = VariantResult(
                variant: variant, steps: metrics, memory: readBack.samples, retention: readBack.points,
                leaks: leaks.filter { $0.variant == variant }.map(\.leak),
                iterations: Int(figure("iterations") ?? 0), droppedIterations: Int(figure("dropped_iterations") ?? 0),
                elapsedNanoseconds: UInt64(((phase?.seconds ?? 0) * 1e9).rounded()),
                peakResidentBytes: Int(figure("rss_peak_bytes") ?? 0), wasInterrupted: false)
            readBack.apply(to: &result)
            result.timeSeries = series.filter { $0.variant == variant }
            result.loadModel = scenario.loadModelName
            result.stages = stages[variant] ?? []
            result.scheduleLag = try HistogramFiles.readLag(folder, variant: variant)
            result.populations = try PopulationResult.readBack(folder, scenario: scenario, variant: variant) { name, population in
                summary.value(scenario: scenario.name, variant: variant, MetricKey(name, population: population))
            }
            result.secondLatencies = seconds
            result.statements = statements
            result.statementPlans = Dictionary(queries.filter { $0.variant == variant }.map { ($0.statement, $0.plan) }) { a, _ in a }
            result.measuredStarted = phase?.started
            result.virtualUsers = figure("virtual_users").map { Int($0) }
            result.warmupIterations = figure("warmup_iterations").map { Int($0) }
            result.datasetSeconds = datasets[variant]?.seconds
            result.datasetSource = datasets[variant]?.source
            if let sites {
                result.allocationProfile = try Self.allocationProfile(folder, variant: variant, mode: info.allocationProfile,
                                                                      steps: metrics.map(\.step),
                                                                      sites: sites.filter { $0.variant == variant }.map(\.site))
            }
            variants.append(result)
        }
        return RecordedRun(folder: folder, info: info, scenario: scenario, variants: variants,
                           instructions: try Self.instructions(folder, distributions: distributions))
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
            stacks: stacks.values.sorted { a, b in
                rank(a.step) != rank(b.step) ? rank(a.step) < rank(b.step) : a.frames.lexicographicallyPrecedes(b.frames)
            },
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
