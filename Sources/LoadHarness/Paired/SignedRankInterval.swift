import Foundation

/// The Hodges–Lehmann estimate of a location shift and its exact confidence interval from
/// Wilcoxon's signed-rank distribution, over paired differences (docs/paired-timing.md).
///
/// With n differences, the M = n(n+1)/2 Walsh averages (d_i + d_j)/2, i ≤ j, sorted: the
/// estimate is their median, and the interval runs from the k-th smallest to the k-th
/// largest, where k - 1 is the largest c with P(T ≤ c) ≤ α/2 for the signed-rank statistic T
/// of n symmetric differences about zero (exact: T's distribution is counted, not
/// approximated). No such c exists when n is too small for the confidence asked (fewer than
/// 8 differences at 99%): the interval is then nil.
public struct SignedRankInterval: Equatable, Sendable {
    /// The Hodges–Lehmann estimate: the median of the Walsh averages.
    public let estimate: Double
    /// The interval's ends, nil when there are too few differences for the confidence.
    public let lower: Double?
    public let upper: Double?
    /// How many differences it was computed from.
    public let count: Int

    /// The estimate and the interval at `confidence` (e.g. 0.99) of `differences`; nil when there are none.
    public init?(differences: [Double], confidence: Double) {
        let n = differences.count
        guard n > 0 else { return nil }
        var walsh: [Double] = []
        walsh.reserveCapacity(n * (n + 1) / 2)
        for i in 0..<n {
            for j in i..<n { walsh.append((differences[i] + differences[j]) / 2) }
        }
        walsh.sort()
        let m = walsh.count
        estimate = Statistics.median(walsh) ?? 0
        count = n
        if let c = Self.criticalValue(count: n, alpha: 1 - confidence) {
            // T ≤ c rejects: the interval keeps the averages from the (c+1)-th to the (M-c)-th.
            lower = walsh[c]
            upper = walsh[m - 1 - c]
        } else {
            lower = nil
            upper = nil
        }
    }

    /// The largest c with P(T ≤ c) ≤ alpha/2 for n differences, nil when even P(T = 0) is larger.
    public static func criticalValue(count n: Int, alpha: Double) -> Int? {
        let cumulative = cumulativeProbabilities(count: n)
        var critical: Int?
        for (c, p) in cumulative.enumerated() {
            if p <= alpha / 2 { critical = c } else { break }
        }
        return critical
    }

    /// P(T ≤ t) for t = 0 ... n(n+1)/2: the number of subsets of {1, ..., n} summing to at
    /// most t, over 2^n (counted by dynamic programming; Doubles are exact to n = 53 and
    /// accurate far beyond).
    public static func cumulativeProbabilities(count n: Int) -> [Double] {
        let maximum = n * (n + 1) / 2
        var ways = [Double](repeating: 0, count: maximum + 1)
        ways[0] = 1
        var reach = 0
        for rank in stride(from: 1, through: n, by: 1) {
            reach += rank
            for sum in stride(from: reach, through: rank, by: -1) { ways[sum] += ways[sum - rank] }
        }
        let total = pow(2, Double(n))
        var running = 0.0
        return ways.map { running += $0; return running / total }
    }
}
