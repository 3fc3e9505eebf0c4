import CJemalloc

/// jemalloc's allocation counters: exact per-thread counts and bytes around any code, and
/// a process-wide snapshot. Numbers come only from jemalloc; where it is not the process
/// allocator, `isJemallocActive` is false and measuring stops with `unavailableReason`
/// instead of reporting zeros.
///
/// Bytes come from jemalloc's per-thread `thread.allocatedp` / `thread.deallocatedp`
/// counters (a load each). Allocation and free *counts* come from the CJemalloc target,
/// which defines malloc, free and friends itself (the executable's symbols come first), counts
/// each call in thread-local counters and forwards it to jemalloc (`mallocx`, `rallocx`,
/// `dallocx`): always on, one thread-local increment per call. jemalloc 5.3's experimental
/// hooks were tried first and dropped: threads exiting while they were installed crashed in
/// jemalloc's thread teardown.
public enum AllocationCounters {
    /// Whether jemalloc is this process's malloc (behind the counting interposer) and
    /// answers `mallctl` (checked once).
    public static var isJemallocActive: Bool { availability == nil }

    /// Why measuring is impossible here, or nil when jemalloc is active.
    public static var unavailableReason: String? { availability }

    private static let availability: String? = {
        guard Mallctl.read("version", as: UnsafePointer<CChar>?.self) != nil,
              Mallctl.read("thread.allocatedp", as: UnsafeMutablePointer<UInt64>?.self) != nil
        else {
            return "jemalloc does not answer mallctl: Roost cannot count allocations. "
                + "Install libjemalloc-dev and build with the CJemalloc target linked."
        }
        guard roost_malloc_is_jemalloc() == 1 else {
            return "jemalloc is linked but malloc is another allocator's (a preloaded malloc, "
                + "or a jemalloc built with a je_ prefix): Roost cannot count allocations."
        }
        return nil
    }()

    /// Stops the process with `unavailableReason` when jemalloc is not the allocator.
    public static func requireJemalloc() {
        if let reason = availability { fatalError("MemoryProbes: \(reason)") }
    }

    /// Runs `body` and returns what it allocated and freed on this thread, and the most it held
    /// at once: exact while other threads allocate, because every figure is this thread's own.
    public static func measure(_ body: () throws -> Void) rethrows -> AllocationMeasurement {
        try measure(returning: body).measurement
    }

    /// Runs `body` and returns its result with what it allocated and freed on this thread.
    public static func measure<Result>(
        returning body: () throws -> Result
    ) rethrows -> (result: Result, measurement: AllocationMeasurement) {
        let span = AllocationSpan()
        let result = try body()
        return (result, span.end())
    }

    /// Bytes this thread has allocated since it started (one thread-local load).
    public static var threadBytesAllocated: UInt64 { roost_thread_bytes_allocated() }

    /// Bytes this thread has freed since it started (one thread-local load; 0 without jemalloc).
    public static var threadBytesFreed: UInt64 { roost_thread_bytes_freed() }

    /// This thread's running totals since it started. Two readings subtract
    /// (`distance(to:)`) to a measurement of what the thread did in between.
    public static func threadTotals() -> AllocationMeasurement {
        requireJemalloc()
        return AllocationMeasurement(
            allocations: Int(roost_thread_allocation_calls()),
            frees: Int(roost_thread_free_calls()),
            bytesAllocated: Int(roost_thread_bytes_allocated()),
            bytesFreed: Int(roost_thread_bytes_freed()),
            temporaryAllocations: Int(roost_thread_temporary_allocations()))
    }

    /// The process-wide figures now, after flushing this thread's cache and advancing
    /// jemalloc's statistics epoch. `flushingThreadCache: false` leaves the cache as it is
    /// (the blocks it holds then count as allocated): the thread's next allocations find it as
    /// they would have without the snapshot, which `roost run --instructions` needs of a
    /// virtual user's thread between counted steps.
    public static func snapshot(flushingThreadCache: Bool = true) -> AllocationSnapshot {
        requireJemalloc()
        Mallctl.refreshStatistics(flushingThreadCache: flushingThreadCache)
        return AllocationSnapshot(
            allocated: Mallctl.read("stats.allocated", as: Int.self) ?? 0,
            active: Mallctl.read("stats.active", as: Int.self) ?? 0,
            resident: Mallctl.read("stats.resident", as: Int.self) ?? 0,
            allocations: Mallctl.allocationRequests())
    }

    /// The bytes jemalloc set aside for one live allocation (its size class), e.g. a class
    /// instance's own storage. Pass only a pointer that malloc returned and that is live.
    /// 0 when jemalloc is not the process allocator (asking it about another allocator's
    /// block would crash); check `isJemallocActive` before trusting a total.
    public static func allocationSize(of pointer: UnsafeRawPointer) -> Int {
        guard isJemallocActive else { return 0 }
        return malloc_usable_size(UnsafeMutableRawPointer(mutating: pointer))
    }
}
