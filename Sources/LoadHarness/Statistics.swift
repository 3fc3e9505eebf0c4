import Histogram

/// The three statistics Roost reports, defined once (docs/statistics.md): every table, gate,
/// benchmark and paired comparison takes its median, percentile and mean from here, so two
/// reports never disagree about the same numbers.
public enum Statistics {
    /// The median: the middle value of the sorted values, and for an even count the mean of
    /// the two middle ones; nil for no values. (Symmetric: the same set in any order, split
    /// over any number of parts and joined, gives the same median.)
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of whole numbers, as `median(_:)` takes it.
    public static func median<Value: BinaryInteger>(_ values: [Value]) -> Double? {
        median(values.map { Double($0) })
    }

    /// The median of an exact frequency table (value: how many times it occurred), as
    /// `median(_:)` takes it; nil when the table is empty.
    public static func median(frequencies table: [Int: Int]) -> Double? {
        let count = table.values.reduce(0, +)
        guard count > 0 else { return nil }
        // 1-based ranks of the middle: (n + 1) / 2 and, for an even n, the one after it.
        let lowRank = (count + 1) / 2, highRank = count / 2 + 1
        var low: Int?, seen = 0
        for value in table.keys.sorted() {
            seen += table[value] ?? 0
            if low == nil, seen >= lowRank { low = value }
            if seen >= highRank, let low { return (Double(low) + Double(value)) / 2 }
        }
        return low.map(Double.init)
    }

    /// The `percentile` (0...100) of `values` by nearest rank: the smallest value with at
    /// least that share of the values at or below it, as HdrHistogram's `valueAtPercentile`
    /// reads a histogram (so an exact sample and a histogram of it agree, within the
    /// histogram's precision); nil for no values.
    public static func percentile<Value: Comparable>(_ percentile: Double, of values: [Value]) -> Value? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    /// The `percentile` (0...100) of the values a histogram holds, by nearest rank as
    /// `percentile(_:of:)` (HdrHistogram's `valueAtPercentile`, within its precision); nil for
    /// an empty histogram.
    public static func percentile(of histogram: Histogram<UInt64>, _ percentile: Double) -> UInt64? {
        histogram.totalCount == 0 ? nil : histogram.valueAtPercentile(percentile)
    }

    /// The `percentile` (0...100) of a histogram of nanoseconds, in microseconds; nil for an
    /// empty histogram (a report that shows an empty step as 0 says so with `?? 0`). Every
    /// latency percentile a report, a threshold or a merge gives is this one.
    public static func percentileMicroseconds(of histogram: Histogram<UInt64>, _ percentile: Double) -> Double? {
        self.percentile(of: histogram, percentile).map { Double($0) / 1_000 }
    }

    /// The arithmetic mean; nil for no values.
    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
