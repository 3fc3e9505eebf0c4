import Foundation

/// A run's folder (design section 17): the one place that knows where each of its files is,
/// and that reads and writes them. Its CSV tables and their columns are `RunTable`s
/// (`RunTables.swift`); each table's rows are made and read back by the type named after the
/// file (`StepsFile`, `SummaryFile`, ...). Every file is written to a temporary name beside
/// it and renamed, so a crash never leaves half of one.
public struct RunFolder: Sendable, Hashable, CustomStringConvertible {
    /// The folder's path.
    public let path: String

    /// The run folder at `path` (which need not exist yet).
    public init(_ path: String) { self.path = path }

    public var description: String { path }

    /// The kept copy of the scenario file the run played.
    public static let scenarioFile = "scenario.yaml"
    /// The report page.
    public static let reportPage = "report.html"
    /// The folder of the latency histograms and interval logs.
    public static let histogramFolder = "hgrm"
    /// The folder of the folded stacks.
    public static let profileFolder = "profiles"

    /// A step's HdrHistogram percentile distribution, microseconds.
    public static func histogram(variant: String, step: String) -> String { "\(histogramFolder)/\(variant).\(step).hgrm" }
    /// A step's latency as an HdrHistogram interval log, nanoseconds.
    public static func intervalLog(variant: String, step: String) -> String { "\(histogramFolder)/\(variant).\(step).hlog" }
    /// A variant's schedule lag (open models) as an HdrHistogram interval log, nanoseconds.
    public static func lagLog(variant: String) -> String { "\(histogramFolder)/\(variant).schedule-lag.hlog" }
    /// One population's schedule lag (open models; design section 20), the same way.
    public static func lagLog(variant: String, population: String) -> String {
        "\(histogramFolder)/\(variant).\(population).schedule-lag.hlog"
    }
    /// A variant's folded stacks of one kind (`allocs`, `bytes`, `retained`, `instructions`).
    public static func folded(variant: String, kind: String) -> String { "\(profileFolder)/\(variant).\(kind).folded" }

    /// A capacity probe's latency distribution of one step, HdrHistogram's text.
    public static func probeHistogram(probe: Int, variant: String, step: String) -> String {
        "\(histogramFolder)/probe\(probe).\(variant).\(step).hgrm"
    }

    /// A capacity probe's wall-clock profile of its users' threads, folded.
    public static func probeWallProfile(probe: Int) -> String { "\(profileFolder)/probe\(probe).wall.folded" }

    /// The path of `relative` in the folder.
    public func file(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }
    /// The path of a table's file.
    public func file(_ table: RunTable) -> String { file(table.name) }

    /// Whether the folder holds `relative`.
    public func has(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: file(relative)) }

    /// A text file's contents; nil when absent.
    public func text(_ relative: String) -> String? {
        FileManager.default.contents(atPath: file(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Throws `.notARun` unless the folder exists.
    func requireFolder() throws(RunFolderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .notARun(path: path, reason: "no such folder")
        }
    }

    /// A table's rows; nil when the file is absent (see `RunTable.read(in:)`).
    func read(_ table: RunTable) throws(RunFolderError) -> RunTableRows? { try table.read(in: path) }

    /// A streamed table's whole rows; nil when the file is absent (see `RunTable.readStreamed(in:)`).
    func readStreamed(_ table: RunTable) throws(RunFolderError) -> RunTableRows? { try table.readStreamed(in: path) }

    /// Creates the folder (and its parents) if missing.
    func create() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relative` (its subfolder created if missing), through a temporary name.
    func write(_ text: String, to relative: String) throws {
        let target = file(relative)
        let parent = (target as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: parent) {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        try Self.save(text, to: target)
    }

    /// Writes a whole table.
    func write(_ table: RunTable, rows: [[String]]) throws { try write(table.text(rows), to: table.name) }

    /// Writes `text` to a temporary name beside `path` and renames it there.
    static func save(_ text: String, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// What `run.csv` records; nil when the folder has none (it is not a run).
    public func recordedInfo() throws(RunFolderError) -> RecordedRunInfo? {
        guard let table = try read(.run) else { return nil }
        return try RecordedRunInfo(table)
    }
}
