/// What a measured piece of code allocated and freed on its thread.
public struct AllocationMeasurement: Hashable, Sendable, CustomStringConvertible {
    /// Allocation calls (malloc, calloc, realloc, aligned and in-place variants).
    public let allocations: Int
    /// Free calls (free, sized frees, the old block of a moving realloc).
    public let frees: Int
    /// Bytes allocated, in jemalloc's usable sizes (the size class each request got).
    public let bytesAllocated: Int
    /// Bytes freed, in usable sizes.
    public let bytesFreed: Int
    /// Allocated minus freed: what the code left behind.
    public var netBytes: Int { bytesAllocated - bytesFreed }

    /// A measurement with these figures (for baselines and tests).
    public init(allocations: Int, frees: Int, bytesAllocated: Int, bytesFreed: Int) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.bytesFreed = bytesFreed
    }

    /// The figures of `later` minus these (two running totals to one measurement).
    public func distance(to later: AllocationMeasurement) -> AllocationMeasurement {
        AllocationMeasurement(
            allocations: later.allocations - allocations, frees: later.frees - frees,
            bytesAllocated: later.bytesAllocated - bytesAllocated, bytesFreed: later.bytesFreed - bytesFreed)
    }

    public var description: String {
        "\(allocations) allocations, \(frees) frees, \(bytesAllocated) B allocated, "
            + "\(bytesFreed) B freed, net \(netBytes) B"
    }
}

/// Process-wide allocator figures at one moment.
public struct AllocationSnapshot: Hashable, Sendable {
    /// Bytes in live allocations (`stats.allocated`).
    public let allocated: Int
    /// Bytes in active pages (`stats.active`).
    public let active: Int
    /// Bytes of physically resident allocator pages (`stats.resident`).
    public let resident: Int
    /// Allocation requests of every thread since the process started (small + large
    /// `nrequests` of all arenas); exact only while no other thread allocates.
    public let allocations: UInt64
}
