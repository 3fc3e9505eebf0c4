import Foundation

/// Writes a run's files into its `RunFolder`: `Reports/runs/<scenario>/<UTC time>-<short id>/`
/// (and points `Reports/runs/<scenario>/latest` at it) or a folder the caller names. It is the
/// one writer of every end-of-run file (what the run streamed, `StreamingRunFolder` wrote
/// and this leaves alone); `roost run`, `roost run --instructions`'s counted process, `roost
/// report` and `roost merge` all write through it.
public struct ReportWriter: Sendable {
    /// Where `Reports/` is (the current directory by default).
    public var root: String
    public var commandLine: [String]
    public var buildConfiguration: String

    /// A writer under `root`.
    public init(root: String = FileManager.default.currentDirectoryPath, commandLine: [String] = CommandLine.arguments,
                buildConfiguration: String) {
        self.root = root
        self.commandLine = commandLine
        self.buildConfiguration = buildConfiguration
    }

    /// The folder a new run of `scenario` goes to.
    public func runFolder(for scenario: String, at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let id = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "\(root)/Reports/runs/\(scenario)/\(formatter.string(from: date))-\(id)"
    }

    /// Writes every file of `run` into `folder` (created if missing) but the tables in
    /// `streamed` and, when `intervalLogsStreamed`, the latency interval logs: what the run's
    /// `StreamingRunFolder` wrote whole as it went. `linkLatest` points the scenario's `latest`
    /// at it. Returns the folder.
    @discardableResult
    public func write(_ run: RunResult, to folder: String, linkLatest: Bool, streamed: Set<RunTable> = [],
                      intervalLogsStreamed: Bool = false) throws -> String {
        let target = RunFolder(folder)
        try target.create()
        try writeTables(run, into: target, streamed: streamed)
        try Self.writeLatencies(run, into: target, intervalLogsStreamed: intervalLogsStreamed)
        try Self.writeAllocationProfiles(run, into: target)
        if QueriesFile.hasCounts(run) { try target.write(QueriesFile.text(run), to: RunTable.queries.name) }
        try Self.writeLagLogs(run, into: target)
        if StagesFile.hasStages(run) { try target.write(StagesFile.text(run), to: RunTable.stages.name) }
        if let counts = run.instructions {
            try target.write(InstructionFiles.functions(scenario: run.scenario.name, counts), to: RunTable.instructions.name)
            for variant in counts.variants {
                try target.write(InstructionFiles.folded(variant: variant, counts), to: InstructionFiles.foldedPath(variant: variant))
            }
        }
        try target.write(HTMLReport.page(run), to: RunFolder.reportPage)
        if linkLatest { try Self.linkLatest(to: folder) }
        return folder
    }

    /// The run's tables but those in `streamed`, `run.csv`, and the scenario file when the folder has none.
    private func writeTables(_ run: RunResult, into target: RunFolder, streamed: Set<RunTable>) throws {
        try target.write(StepsFile.text(run), to: RunTable.steps.name)
        if !streamed.contains(.timeSeries) { try target.write(TimeSeriesFile.text(run), to: RunTable.timeSeries.name) }
        // A streamed run's rows are in the folder already, and only there (it keeps a thinned copy).
        if !run.variants.contains(where: \.memoryRowsStreamed) {
            if !streamed.contains(.memory) { try target.write(MemoryFile.text(run), to: RunTable.memory.name) }
            if !streamed.contains(.retention) { try target.write(RetentionFile.text(run), to: RunTable.retention.name) }
        }
        if !streamed.contains(.leaks) { try target.write(LeaksFile.text(run), to: RunTable.leaks.name) }
        try target.write(SummaryFile.text(run), to: RunTable.summary.name)
        try target.write(ThresholdsFile.text(run), to: RunTable.thresholds.name)
        try target.write(ErrorsFile.text(run), to: RunTable.errors.name)
        try target.write(DistributionsFile.text(run), to: RunTable.distributions.name)
        try target.write(RunInfoFile.text(run, commandLine: commandLine, configuration: buildConfiguration), to: RunTable.run.name)
        if !target.has(RunFolder.scenarioFile), let text = try? String(contentsOfFile: run.scenario.path, encoding: .utf8) {
            try target.write(text, to: RunFolder.scenarioFile)
        }
    }

    /// Each step's latency distribution, and its interval log unless the run streamed it.
    private static func writeLatencies(_ run: RunResult, into target: RunFolder, intervalLogsStreamed: Bool) throws {
        for variant in run.variants {
            for step in variant.steps {
                try target.write(HistogramFiles.distribution(step), to: RunFolder.histogram(variant: variant.variant, step: step.step))
                // The interval log is what the latency is read back from; a run that streamed nothing writes it whole.
                let log = RunFolder.intervalLog(variant: variant.variant, step: step.step)
                if !intervalLogsStreamed || !target.has(log) {
                    let started = variant.measuredStarted ?? run.started
                    if let seconds = variant.secondLatencies[step.step] {
                        try target.write(HistogramFiles.secondsLog(seconds, started: started), to: log)
                    } else {
                        try target.write(HistogramFiles.wholeLog(step, started: started, seconds: Double(variant.elapsedNanoseconds) / 1e9),
                                         to: log)
                    }
                }
            }
        }
    }

    /// `allocations.csv` and each variant's folded stacks, when the run recorded a profile.
    private static func writeAllocationProfiles(_ run: RunResult, into target: RunFolder) throws {
        guard AllocationProfileFiles.hasProfiles(run) else { return }
        try target.write(AllocationsFile.text(run), to: RunTable.allocations.name)
        for variant in run.variants {
            guard let profile = variant.allocationProfile else { continue }
            for kind in AllocationProfileFiles.Folded.allCases where kind != .peak || profile.hasPeaks {
                try target.write(AllocationProfileFiles.folded(profile, kind),
                                 to: AllocationProfileFiles.foldedPath(variant: variant.variant, kind))
            }
        }
    }

    /// The schedule's lag logs of the variants (and their populations) that measured one.
    private static func writeLagLogs(_ run: RunResult, into target: RunFolder) throws {
        for variant in run.variants {
            guard let lag = variant.scheduleLag, lag.count > 0 else { continue }
            try target.write(HistogramFiles.lagLog(lag, started: variant.measuredStarted ?? run.started,
                                                   seconds: Double(variant.elapsedNanoseconds) / 1e9),
                             to: RunFolder.lagLog(variant: variant.variant))
            for population in variant.populations {
                guard let lag = population.scheduleLag, lag.count > 0 else { continue }
                try target.write(HistogramFiles.lagLog(lag, started: variant.measuredStarted ?? run.started,
                                                       seconds: Double(variant.elapsedNanoseconds) / 1e9),
                                 to: RunFolder.lagLog(variant: variant.variant, population: population.name))
            }
        }
    }

    /// Points the scenario's `latest`, beside `folder`, at it (a new link renamed over the old).
    private static func linkLatest(to folder: String) throws {
        let files = FileManager.default
        let latest = (folder as NSString).deletingLastPathComponent + "/latest"
        let temporary = latest + ".tmp-\(getpid())"
        try? files.removeItem(atPath: temporary)
        try files.createSymbolicLink(atPath: temporary, withDestinationPath: (folder as NSString).lastPathComponent)
        guard rename(temporary, latest) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: latest])
        }
    }

    /// Writes only `steps.csv` and `latencies.csv` of `run` into `folder` (created if missing):
    /// what `roost run --timings-only` leaves, and all `roost paired` reads of a round's run.
    @discardableResult
    public func writeTimings(_ run: RunResult, to folder: String) throws -> String {
        let target = RunFolder(folder)
        try target.create()
        try target.write(StepsFile.text(run), to: RunTable.steps.name)
        try target.write(LatenciesFile.text(run), to: RunTable.latencies.name)
        return folder
    }
}
