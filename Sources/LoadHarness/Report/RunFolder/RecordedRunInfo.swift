import Foundation

/// A run folder's `run.csv`, read back: its facts in the order written, by key. The keys are
/// `RunInfo`'s (the writer); a key a run did not record (an older build's run) reads as nil.
public struct RecordedRunInfo: Sendable, Equatable {
    /// Each row, in order.
    public let rows: [(key: String, value: String)]

    public static func == (a: RecordedRunInfo, b: RecordedRunInfo) -> Bool {
        a.rows.map(\.key) == b.rows.map(\.key) && a.rows.map(\.value) == b.rows.map(\.value)
    }

    init(_ table: RunTableRows) throws(RunFolderError) {
        var rows: [(String, String)] = []
        for row in table.rows { rows.append((try row.text("key"), try row.text("value"))) }
        self.rows = rows
    }

    init(rows: [(key: String, value: String)]) { self.rows = rows }

    /// The first value of `key`; nil when the run did not record it.
    public subscript(_ key: String) -> String? { rows.first { $0.key == key }?.value }

    /// Every key and its first value.
    public var values: [String: String] { Dictionary(rows.map { ($0.key, $0.value) }) { first, _ in first } }

    /// Where the run stands; a run.csv from before streaming has no state: it was written at the end, so the run finished.
    public var state: RunState { self[RunInfo.Key.state].flatMap(RunState.init(rawValue:)) ?? .complete }

    /// The variants whose end the run reached, in order.
    public var completedVariants: [String] {
        (self[RunInfo.Key.completedVariants] ?? "").split(separator: " ").map(String.init)
    }

    /// The shard of a sharded run (`roost run --shard I/N`); nil for a whole run.
    public var shard: Shard? { self[RunInfo.Key.shard].flatMap { Shard(parsing: $0) } }

    /// Each completed variant's measured phase (when it began, how long it ran), by variant;
    /// empty when not recorded.
    public var phases: [String: (started: Date, seconds: Double)] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let starts = (self[RunInfo.Key.measuredStarted] ?? "").split(separator: " ").compactMap { formatter.date(from: String($0)) }
        let seconds = (self[RunInfo.Key.measuredSeconds] ?? "").split(separator: " ").compactMap { Double($0) }
        let variants = completedVariants
        guard starts.count == variants.count, seconds.count == variants.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: variants.indices.map { (variants[$0], (starts[$0], seconds[$0])) })
    }

    /// Each completed variant's dataset (seconds to get it ready, where it came from), by variant.
    public var datasets: [String: (seconds: Double, source: DatasetSource)] {
        let seconds = (self[RunInfo.Key.datasetSeconds] ?? "").split(separator: " ").compactMap { Double($0) }
        let sources = (self[RunInfo.Key.datasetSource] ?? "").split(separator: " ").compactMap { DatasetSource(rawValue: String($0)) }
        let variants = completedVariants
        guard seconds.count == variants.count, sources.count == variants.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: variants.indices.map { (variants[$0], (seconds[$0], sources[$0])) })
    }

    /// The SQLite version the run linked; nil when not recorded.
    public var sqliteVersion: String? { self[RunInfo.Key.sqliteVersion] }

    /// `exact` or `sampled` when the run recorded an allocation profile.
    public var allocationProfile: String? { self[RunInfo.Key.allocationProfile] }

    /// Whether its latencies were measured under callgrind (`roost run --instructions`): never judged.
    public var measuredUnderCallgrind: Bool { self[RunInfo.Key.measuredUnder] == "callgrind" }
}
