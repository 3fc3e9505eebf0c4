import CJemalloc

/// A measured span of this thread's work: made where the span begins, ended once with `end()`
/// on the same thread. Between the two, every allocation on the thread updates the highest
/// bytes it holds (jemalloc's per-thread allocated minus freed, usable sizes) and every free
/// checks for a temporary allocation; spans nest (an outer span's peak includes an inner one's).
/// Making and ending one allocates nothing, so it can sit inside a profiled span.
public struct AllocationSpan: ~Copyable {
    private let start: AllocationMeasurement
    private var mark = roost_peak_mark()
    private let tracked: Bool

    /// Begins a span on this thread (stops the process when jemalloc is not the allocator).
    public init() {
        AllocationCounters.requireJemalloc()
        tracked = roost_peak_begin(&mark) == 1
        start = AllocationCounters.threadTotals()
    }

    /// Ends the span: what the thread allocated and freed in it, its peak and its temporary allocations.
    public consuming func end() -> AllocationMeasurement {
        let counted = start.distance(to: AllocationCounters.threadTotals())
        guard tracked else { return counted }
        var peak: UInt64 = 0, temporary: UInt64 = 0
        roost_peak_end(&mark, &peak, &temporary)
        return counted.with(peakBytes: Int(peak))
    }
}
