/// One variant's rows of `memory.csv` and `retention.csv` read back from a run folder, in file
/// order (`roost report` and `roost merge` write them back the same): a row per reading or
/// close, or per second of a long run.
struct ReadBackMemory: Sendable {
    let memoryRows: [MemoryRow]
    let retentionRows: [RetentionRow]

    /// The rows of `variant` among a file's.
    init(variant: String, memory: [(variant: String, row: MemoryRow)], retention: [(variant: String, row: RetentionRow)]) {
        memoryRows = memory.filter { $0.variant == variant }.map(\.row)
        retentionRows = retention.filter { $0.variant == variant }.map(\.row)
    }

    /// Each row's last reading, by time: the variant's `memory`.
    var samples: [MemorySample] { memoryRows.map(\.last).sorted { $0.elapsedMilliseconds < $1.elapsedMilliseconds } }
    /// Each row's highest close, in order: the variant's `retention`.
    var points: [RetentionPoint] { retentionRows.map(\.last).sorted { $0.close < $1.close } }
    /// Whether some row stands for a second's readings or closes.
    var isPerSecond: Bool { memoryRows.contains { $0.readings > 1 } || retentionRows.contains { $0.closes > 1 } }
    /// The highest resident set any row saw.
    var peakResidentBytes: Int { memoryRows.map(\.rssBytes.upperBound).max() ?? 0 }
    /// The highest live heap any row saw; nil without rows.
    var peakHeapBytes: Int? { memoryRows.map(\.allocatedBytes.upperBound).max() }

    /// Gives `result` the rows, and the run's fit over every close: with rows of a second the
    /// fit the latest of them recorded (the most closes), else none (the fit of `retention`).
    func apply(to result: inout VariantResult) {
        result.memoryRows = memoryRows
        result.retentionRows = retentionRows
        result.peakHeapBytes = peakHeapBytes
        result.isThinned = isPerSecond
        result.fitOverAllCloses = retentionRows.contains { $0.closes > 1 }
            ? retentionRows.compactMap(\.fit).max { $0.closes < $1.closes } : nil
    }
}
