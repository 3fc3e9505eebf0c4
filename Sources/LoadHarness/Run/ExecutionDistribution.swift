/// How a step's executions spread over allocation counts and bytes: an exact frequency
/// table of each (no buckets), so the medians are exact. Its memory grows with the number of
/// distinct values a step produces, not with the number of executions.
///
/// Medians repeat where means do not: first-use work (a connection's prepared statements,
/// runtime caches) lands on whichever execution meets it first, and with several virtual
/// users that moves from run to run; it moves a few executions to the top of the table,
/// which shifts a mean but not the middle of the table.
public struct ExecutionDistribution: Sendable, Hashable {
    /// Executions by allocation count.
    public private(set) var allocations: [Int: Int] = [:]
    /// Executions by bytes allocated.
    public private(set) var bytes: [Int: Int] = [:]
    /// How many executions were recorded.
    public private(set) var count = 0

    /// An empty distribution.
    public init() {}

    /// A distribution of these tables (read back from `distributions.csv`); the count is the allocations table's.
    init(allocations: [Int: Int], bytes: [Int: Int]) {
        self.allocations = allocations
        self.bytes = bytes
        count = allocations.values.reduce(0, +)
    }

    /// Records one execution.
    mutating func record(allocations: Int, bytes: Int, times: Int = 1) {
        self.allocations[allocations, default: 0] += times
        self.bytes[bytes, default: 0] += times
        count += times
    }

    /// Adds another distribution's executions.
    mutating func merge(_ other: ExecutionDistribution) {
        allocations.merge(other.allocations, uniquingKeysWith: +)
        bytes.merge(other.bytes, uniquingKeysWith: +)
        count += other.count
    }

    /// The median allocation count per execution; nil without executions.
    public var allocationsMedian: Double? { Statistics.median(frequencies: allocations) }

    /// The median bytes allocated per execution; nil without executions.
    public var bytesMedian: Double? { Statistics.median(frequencies: bytes) }
}
