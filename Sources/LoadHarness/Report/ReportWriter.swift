import Foundation

/// Writes a run's files into a folder: `Reports/runs/<scenario>/<UTC time>-<short id>/`
/// (and points `Reports/runs/<scenario>/latest` at it) or a folder the caller names. Every
/// file goes to a temporary name first and is renamed, so a crash never leaves half a file.
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

    /// Writes every file of `run` into `folder` (created if missing); `linkLatest` points
    /// the scenario's `latest` at it. Returns the folder.
    @discardableResult
    public func write(_ run: RunResult, to folder: String, linkLatest: Bool) throws -> String {
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/hgrm", withIntermediateDirectories: true)
        try save(ReportFiles.steps(run), to: folder + "/steps.csv")
        try save(ReportFiles.timeSeries(run), to: folder + "/timeseries.csv")
        // A streamed run's rows are in the folder already, and only there (it keeps a thinned copy).
        if !run.variants.contains(where: \.memoryRowsStreamed) {
            try save(ReportFiles.memory(run), to: folder + "/memory.csv")
            try save(ReportFiles.retention(run), to: folder + "/retention.csv")
        }
        try save(ReportFiles.leaks(run), to: folder + "/leaks.csv")
        try save(ReportFiles.summary(run), to: folder + "/summary.csv")
        try save(ReportFiles.thresholds(run), to: folder + "/thresholds.csv")
        try save(ReportFiles.runInfo(run, commandLine: commandLine, configuration: buildConfiguration), to: folder + "/run.csv")
        for variant in run.variants {
            for step in variant.steps {
                try save(ReportFiles.histogram(step), to: "\(folder)/hgrm/\(variant.variant).\(step.step).hgrm")
            }
        }
        if AllocationProfileFiles.hasProfiles(run) {
            try files.createDirectory(atPath: folder + "/profiles", withIntermediateDirectories: true)
            try save(AllocationProfileFiles.allocations(run), to: folder + "/allocations.csv")
            for variant in run.variants {
                guard let profile = variant.allocationProfile else { continue }
                for kind in AllocationProfileFiles.Folded.allCases {
                    try save(AllocationProfileFiles.folded(profile, kind),
                             to: folder + "/" + AllocationProfileFiles.foldedPath(variant: variant.variant, kind))
                }
            }
        }
        if QueriesFile.hasCounts(run) { try save(QueriesFile.text(run), to: folder + "/queries.csv") }
        try save(HTMLReport.page(run), to: folder + "/report.html")
        if linkLatest {
            let latest = (folder as NSString).deletingLastPathComponent + "/latest"
            let temporary = latest + ".tmp-\(getpid())"
            try? files.removeItem(atPath: temporary)
            try files.createSymbolicLink(atPath: temporary, withDestinationPath: (folder as NSString).lastPathComponent)
            guard rename(temporary, latest) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: latest])
            }
        }
        return folder
    }

    /// Writes only `steps.csv` and `latencies.csv` of `run` into `folder` (created if missing):
    /// what `roost run --timings-only` leaves, and all `roost paired` reads of a round's run.
    @discardableResult
    public func writeTimings(_ run: RunResult, to folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try save(ReportFiles.steps(run), to: folder + "/steps.csv")
        try save(LatenciesFile.text(run), to: folder + "/latencies.csv")
        return folder
    }

    private func save(_ text: String, to path: String) throws { try Self.save(text, to: path) }

    /// Writes `text` to a temporary name beside `path` and renames it there.
    static func save(_ text: String, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
