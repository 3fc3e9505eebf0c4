/// One step's second of the measured phase (`timeseries.csv`): how many executions ended in
/// it, how many failed, their latency (p50, p99, max; nil when none ran) and what they
/// allocated.
public struct TimeSeriesRow: Sendable, Hashable {
    public let variant: String
    /// Whole seconds since the variant's measured phase began (0 is the first).
    public let second: Int
    public let step: String
    public let count: Int
    public let errors: Int
    public let p50Microseconds: Double?
    public let p99Microseconds: Double?
    public let maxMicroseconds: Double?
    /// Allocation calls of the executions that ended in this second.
    public let allocations: Int
    /// Bytes they allocated.
    public let bytes: Int
    /// The load applied in this second (the same on every step's row of it); nil in a run
    /// whose time series predates these columns.
    public var load: SecondLoad?

    /// A row.
    public init(variant: String, second: Int, step: String, count: Int, errors: Int, p50Microseconds: Double?,
                p99Microseconds: Double?, maxMicroseconds: Double?, allocations: Int, bytes: Int, load: SecondLoad? = nil) {
        self.variant = variant
        self.second = second
        self.step = step
        self.count = count
        self.errors = errors
        self.p50Microseconds = p50Microseconds
        self.p99Microseconds = p99Microseconds
        self.maxMicroseconds = maxMicroseconds
        self.allocations = allocations
        self.bytes = bytes
        self.load = load
    }
}

/// Executions of one step by one virtual user in one second with the same allocation count,
/// bytes, peak bytes and temporary allocations (`executions.csv`, streamed): what `roost
/// report` rebuilds the exact medians from.
public struct ExecutionRow: Sendable, Hashable {
    public let variant: String
    public let second: Int
    public let step: String
    /// The virtual user's index.
    public let user: Int
    public let allocations: Int
    public let bytes: Int
    /// The executions' peak bytes; nil in a file from before peaks (design 19).
    public let peakBytes: Int?
    /// Their temporary allocations; nil as `peakBytes` is.
    public let temporaryAllocations: Int?
    /// How many executions had these figures.
    public let count: Int

    /// A row (`peak` nil: a file from before peaks).
    public init(variant: String, second: Int, step: String, user: Int, allocations: Int, bytes: Int,
                peak: (bytes: Int, temporaryAllocations: Int)?, count: Int) {
        self.variant = variant
        self.second = second
        self.step = step
        self.user = user
        self.allocations = allocations
        self.bytes = bytes
        peakBytes = peak?.bytes
        temporaryAllocations = peak?.temporaryAllocations
        self.count = count
    }

    /// The peak and temporary allocations, when the row has them.
    var peak: (bytes: Int, temporaryAllocations: Int)? {
        guard let peakBytes, let temporaryAllocations else { return nil }
        return (peakBytes, temporaryAllocations)
    }
}
