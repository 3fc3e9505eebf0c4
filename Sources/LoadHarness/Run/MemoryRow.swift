/// One row of `memory.csv`: a single reading, or every reading of one second of a long run
/// (`SecondRows`): the second's last reading, how many readings the row stands for, and the
/// lowest and highest allocated bytes and resident set among them, so a chart drawn from the
/// rows keeps the second's peaks and dips.
struct MemoryRow: Sendable, Hashable, SecondRow {
    /// The latest reading of the row.
    var last: MemorySample
    /// Readings the row stands for (1: the row is one reading).
    var readings: Int
    var allocatedBytes: ClosedRange<Int>
    var rssBytes: ClosedRange<Int>

    init(_ reading: MemorySample) {
        last = reading
        readings = 1
        allocatedBytes = reading.allocatedBytes...reading.allocatedBytes
        rssBytes = reading.rssBytes...reading.rssBytes
    }

    /// A row as `memory.csv` holds it.
    init(last: MemorySample, readings: Int, allocatedBytes: ClosedRange<Int>, rssBytes: ClosedRange<Int>) {
        self.last = last
        self.readings = readings
        self.allocatedBytes = allocatedBytes
        self.rssBytes = rssBytes
    }

    mutating func add(_ reading: MemorySample) {
        if reading.elapsedMilliseconds >= last.elapsedMilliseconds { last = reading }
        readings += 1
        allocatedBytes = min(allocatedBytes.lowerBound, reading.allocatedBytes)...max(allocatedBytes.upperBound, reading.allocatedBytes)
        rssBytes = min(rssBytes.lowerBound, reading.rssBytes)...max(rssBytes.upperBound, reading.rssBytes)
    }

    static func elapsedMilliseconds(of reading: MemorySample) -> Double { reading.elapsedMilliseconds }
}
