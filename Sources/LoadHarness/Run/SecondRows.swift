/// A row of a file that holds one reading, or every reading of one second (`SecondRows`).
protocol SecondRow: Sendable {
    associatedtype Reading
    /// The row of one reading.
    init(_ reading: Reading)
    /// Adds a reading of the same second.
    mutating func add(_ reading: Reading)
    /// When the reading was taken, since the measured phase began.
    static func elapsedMilliseconds(of reading: Reading) -> Double
}

/// Readings as file rows that grow with a run's duration, not with its readings: a row per
/// reading for the first `rowPerReadingLimit` of a variant (a short run keeps every reading),
/// then a row per second of the measured phase. A soak run closes a screen a thousand times a
/// second; its `memory.csv` and `retention.csv` get a row a second.
///
/// A second's row is finished once the run's clock is `grace` past the second's end; a
/// reading that still arrives for a finished second counts in the oldest open one (as the
/// time series does), so every reading is in exactly one row.
struct SecondRows<Row: SecondRow>: Sendable {
    /// Readings that each get a row before rows become seconds (at least 1).
    let rowPerReadingLimit: Int
    /// Readings added so far.
    private(set) var readings = 0
    private var open: [Int: Row] = [:]
    /// The oldest second not yet finished.
    private var nextSecond = Int.min
    /// How long after a second ends its row waits for late readings, milliseconds.
    static var graceMilliseconds: Double { 250 }

    init(rowPerReadingLimit: Int) {
        self.rowPerReadingLimit = max(rowPerReadingLimit, 1)
    }

    /// Whether rows have become seconds.
    var isPerSecond: Bool { readings > rowPerReadingLimit }

    /// Adds a reading; returns its own row while readings still get one.
    mutating func add(_ reading: Row.Reading) -> Row? {
        readings += 1
        if readings <= rowPerReadingLimit { return Row(reading) }
        let elapsed = Row.elapsedMilliseconds(of: reading)
        var second = elapsed.isFinite ? Int((elapsed / 1_000).rounded(.down)) : max(nextSecond, 0)
        if second < nextSecond { second = open.keys.min() ?? nextSecond }
        if open[second] == nil {
            open[second] = Row(reading)
        } else {
            open[second]!.add(reading)
        }
        return nil
    }

    /// The rows of the seconds that ended `grace` or more before `elapsedMilliseconds`, in order.
    mutating func finish(at elapsedMilliseconds: Double) -> [Row] {
        let before = Int(((elapsedMilliseconds - Self.graceMilliseconds) / 1_000).rounded(.down))
        guard before > nextSecond || open.keys.contains(where: { $0 < before }) else { return [] }
        nextSecond = max(nextSecond, before)
        return take { $0 < before }
    }

    /// The rows of every open second, in order (the run is over).
    mutating func finishAll() -> [Row] {
        if let last = open.keys.max() { nextSecond = max(nextSecond, last + 1) }
        return take { _ in true }
    }

    private mutating func take(_ finished: (Int) -> Bool) -> [Row] {
        let seconds = open.keys.filter(finished).sorted()
        return seconds.map { open.removeValue(forKey: $0)! }
    }
}
