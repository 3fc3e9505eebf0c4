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
    /// The most bytes the thread held at once beyond what it held when the code began (its
    /// allocations minus its frees, in usable sizes, at their highest; 0 when it never held
    /// more than at the start). Measured only over a span (`AllocationCounters.measure`,
    /// `AllocationSpan`): 0 in running totals and their `distance(to:)`.
    public let peakBytes: Int
    /// Allocations freed before the thread's next allocation or free (heaptrack's temporary
    /// allocations), counted inside spans only.
    public let temporaryAllocations: Int
    /// Allocated minus freed: what the code left behind.
    public var netBytes: Int { bytesAllocated - bytesFreed }

    /// A measurement with these figures (for baselines and tests).
    public init(allocations: Int, frees: Int, bytesAllocated: Int, bytesFreed: Int, peakBytes: Int = 0,
                temporaryAllocations: Int = 0) {
        self.allocations = allocations
        self.frees = frees
        self.bytesAllocated = bytesAllocated
        self.bytesFreed = bytesFreed
        self.peakBytes = peakBytes
        self.temporaryAllocations = temporaryAllocations
    }

    /// The figures of `later` minus these (two running totals to one measurement; the peak
    /// is not a difference of totals, so it stays 0).
    public func distance(to later: AllocationMeasurement) -> AllocationMeasurement {
        AllocationMeasurement(
            allocations: later.allocations - allocations, frees: later.frees - frees,
            bytesAllocated: later.bytesAllocated - bytesAllocated, bytesFreed: later.bytesFreed - bytesFreed,
            temporaryAllocations: later.temporaryAllocations - temporaryAllocations)
    }

    /// These figures with the peak of a span.
    func with(peakBytes: Int) -> AllocationMeasurement {
        AllocationMeasurement(allocations: allocations, frees: frees, bytesAllocated: bytesAllocated, bytesFreed: bytesFreed,
                              peakBytes: peakBytes, temporaryAllocations: temporaryAllocations)
    }

    public var description: String {
        "\(allocations) allocations (\(temporaryAllocations) temporary), \(frees) frees, \(bytesAllocated) B allocated, "
            + "\(bytesFreed) B freed, net \(netBytes) B, peak \(peakBytes) B"
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
