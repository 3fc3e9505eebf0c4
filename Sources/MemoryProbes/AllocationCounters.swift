import CJemalloc

/// jemalloc's allocation counters: exact per-thread counts and bytes around any code, and
/// a process-wide snapshot. Numbers come only from jemalloc; where it is not the process
/// allocator, `isJemallocActive` is false and measuring stops with `unavailableReason`
/// instead of reporting zeros.
///
/// Bytes come from jemalloc's per-thread `thread.allocatedp` / `thread.deallocatedp`
/// counters (always on, a load each). Allocation and free *counts* come from jemalloc 5.3's
/// experimental hooks, which send every malloc in the process through jemalloc's slow path
/// (a 64-byte malloc + free goes from about 9 ns to 90 ns on the machine Roost was built
/// on), so they are installed only while something counts: during `measure`, or between
/// `startCountingCalls()` and `stopCountingCalls()`.
public enum AllocationCounters {
    /// Whether jemalloc is this process's malloc, answers `mallctl`, and accepts the
    /// allocation hooks (checked once).
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
        let installed = roost_allocation_counting_begin()
        guard installed == 0 else {
            return "jemalloc refused experimental.hooks.install (error \(installed)): per-thread "
                + "allocation counts need jemalloc 5.3 or later."
        }
        roost_allocation_counting_end()
        return nil
    }()

    /// Stops the process with `unavailableReason` when jemalloc is not the allocator.
    public static func requireJemalloc() {
        if let reason = availability { fatalError("MemoryProbes: \(reason)") }
    }

    /// Runs `body` and returns what it allocated and freed on this thread: exact while other
    /// threads allocate, because every figure is this thread's own.
    public static func measure(_ body: () throws -> Void) rethrows -> AllocationMeasurement {
        try measure(returning: body).measurement
    }

    /// Runs `body` and returns its result with what it allocated and freed on this thread.
    public static func measure<Result>(
        returning body: () throws -> Result
    ) rethrows -> (result: Result, measurement: AllocationMeasurement) {
        startCountingCalls()
        defer { stopCountingCalls() }
        let start = threadTotals()
        let result = try body()
        let end = threadTotals()
        return (result, start.distance(to: end))
    }

    /// Keeps allocation calls counted (the hooks installed) until the matching
    /// `stopCountingCalls()`; calls nest. Hold it around a whole measured run so that each
    /// `measure` inside does not install and remove the hooks again.
    public static func startCountingCalls() {
        requireJemalloc()
        let result = roost_allocation_counting_begin()
        if result != 0 { fatalError("MemoryProbes: experimental.hooks.install failed (error \(result))") }
    }

    /// Ends one `startCountingCalls()`; the hooks come out with the last one.
    public static func stopCountingCalls() {
        roost_allocation_counting_end()
    }

    /// Whether allocation calls are being counted now.
    public static var isCountingCalls: Bool { roost_allocation_counting_is_on() == 1 }

    /// Bytes this thread has allocated since it started (one thread-local load).
    public static var threadBytesAllocated: UInt64 { roost_thread_bytes_allocated() }

    /// This thread's running totals: bytes since the thread started, calls counted while
    /// counting was on. Two readings subtract (`distance(to:)`) to a measurement, exact for
    /// calls only if counting stayed on in between.
    public static func threadTotals() -> AllocationMeasurement {
        requireJemalloc()
        return AllocationMeasurement(
            allocations: Int(roost_thread_allocation_calls()),
            frees: Int(roost_thread_free_calls()),
            bytesAllocated: Int(roost_thread_bytes_allocated()),
            bytesFreed: Int(roost_thread_bytes_freed()))
    }

    /// The process-wide figures now, after flushing this thread's cache and advancing
    /// jemalloc's statistics epoch.
    public static func snapshot() -> AllocationSnapshot {
        requireJemalloc()
        Mallctl.refreshStatistics()
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
