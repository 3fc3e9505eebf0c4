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

    /// The `q` quantile (0...1) in microseconds (`Statistics.percentile`, nearest rank); 0 when empty.
    public func quantileMicroseconds(_ q: Double) -> Double {
        Statistics.percentile(q * 100, of: nanoseconds).map { Double($0) / 1000 } ?? 0
    }

    /// The median in microseconds (`Statistics.median`); 0 when empty.
    public var medianMicroseconds: Double { (Statistics.median(nanoseconds) ?? 0) / 1000 }
}
