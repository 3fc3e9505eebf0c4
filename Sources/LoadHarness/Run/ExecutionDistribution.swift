/// How a step's executions spread over allocation counts, bytes, peak bytes and temporary
/// allocations: an exact frequency table of each (no buckets), so the medians are exact. Its memory grows with the number of
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
    /// Executions by peak bytes (design 19): empty when the executions were recorded by a
    /// build without peaks (a folder read back from before them).
    public private(set) var peakBytes: [Int: Int] = [:]
    /// Executions by temporary allocations; empty as `peakBytes` is.
    public private(set) var temporaryAllocations: [Int: Int] = [:]
    /// How many executions were recorded.
    public private(set) var count = 0

    /// An empty distribution.
    public init() {}

    /// A distribution of these tables (read back from `distributions.csv`); the count is the allocations table's.
    init(allocations: [Int: Int], bytes: [Int: Int], peakBytes: [Int: Int] = [:], temporaryAllocations: [Int: Int] = [:]) {
        self.allocations = allocations
        self.bytes = bytes
        self.peakBytes = peakBytes
        self.temporaryAllocations = temporaryAllocations
        count = allocations.values.reduce(0, +)
    }

    /// Records one execution (`peak` nil: its peak and temporary allocations were not measured).
    mutating func record(allocations: Int, bytes: Int, peak: (bytes: Int, temporaryAllocations: Int)?, times: Int = 1) {
        self.allocations[allocations, default: 0] += times
        self.bytes[bytes, default: 0] += times
        if let peak {
            peakBytes[peak.bytes, default: 0] += times
            temporaryAllocations[peak.temporaryAllocations, default: 0] += times
        }
        count += times
    }

    /// Adds another distribution's executions.
    mutating func merge(_ other: ExecutionDistribution) {
        allocations.merge(other.allocations, uniquingKeysWith: +)
        bytes.merge(other.bytes, uniquingKeysWith: +)
        peakBytes.merge(other.peakBytes, uniquingKeysWith: +)
        temporaryAllocations.merge(other.temporaryAllocations, uniquingKeysWith: +)
        count += other.count
    }

    /// The median allocation count per execution; nil without executions.
    public var allocationsMedian: Double? { Statistics.median(frequencies: allocations) }

    /// The median bytes allocated per execution; nil without executions.
    public var bytesMedian: Double? { Statistics.median(frequencies: bytes) }

    /// The median peak bytes per execution; nil without executions or peaks.
    public var peakBytesMedian: Double? { Statistics.median(frequencies: peakBytes) }

    /// The highest peak of any execution; nil without executions or peaks.
    public var peakBytesMax: Int? { peakBytes.keys.max() }

    /// The median temporary allocations per execution; nil without executions or peaks.
    public var temporaryAllocationsMedian: Double? { Statistics.median(frequencies: temporaryAllocations) }
}
