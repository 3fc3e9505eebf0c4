import Foundation

/// Durations of one operation, kept whole so that percentiles are exact.
public struct LatencySample: Sendable {
    /// Every duration recorded, in nanoseconds, in the order recorded.
    public private(set) var nanoseconds: [UInt64] = []
    /// Wall time from the first start to the last end, in nanoseconds.
    public private(set) var wallNanoseconds: UInt64 = 0

    /// An empty sample.
    public init() {}

    /// Times `body`, records it, and returns its result.
    @discardableResult
    public mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        nanoseconds.append(elapsed)
        wallNanoseconds += elapsed
        return value
    }

    /// How many durations were recorded.
    public var count: Int { nanoseconds.count }

    /// Operations per second of the recorded work (count / summed durations).
    public var perSecond: Double {
        wallNanoseconds == 0 ? 0 : Double(count) / (Double(wallNanoseconds) / 1e9)
    }

    /// The `q` quantile (0...1) in microseconds, nearest-rank; 0 when empty.
    public func quantileMicroseconds(_ q: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        let rank = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
        return Double(sorted[rank]) / 1000
    }

    /// The median in microseconds.
    public var medianMicroseconds: Double { quantileMicroseconds(0.5) }
}
