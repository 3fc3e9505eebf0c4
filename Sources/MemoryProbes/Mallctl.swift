import CJemalloc

/// `mallctl` reads, with the exact output sizes jemalloc insists on (EINVAL otherwise).
enum Mallctl {
    /// Reads one value; nil when jemalloc rejects the name or the size.
    static func read<T>(_ name: String, as type: T.Type) -> T? {
        let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { value.deallocate() }
        var size = MemoryLayout<T>.size
        guard mallctl(name, value, &size, nil, 0) == 0, size == MemoryLayout<T>.size else { return nil }
        return value.pointee
    }

    /// Merges this thread's cache into the arena statistics (unless `flushingThreadCache` is
    /// false) and advances the statistics epoch, so the `stats.*` reads that follow are current.
    static func refreshStatistics(flushingThreadCache: Bool = true) {
        if flushingThreadCache { flushThreadCache() }
        var newEpoch: UInt64 = 1, oldEpoch: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        _ = mallctl("epoch", &oldEpoch, &size, &newEpoch, MemoryLayout<UInt64>.size)
    }

    /// Returns the blocks this thread's cache holds to their arenas.
    static func flushThreadCache() {
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
    }

    /// Small plus large allocation requests of all arenas (read after `refreshStatistics`).
    /// `small.nmalloc` would count cache refills, not calls; `nrequests` counts calls.
    static func allocationRequests() -> UInt64 {
        let small = read(smallRequests, as: UInt64.self) ?? 0
        let large = read(largeRequests, as: UInt64.self) ?? 0
        return small &+ large
    }

    private static let smallRequests = "stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests"
    private static let largeRequests = "stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests"
}
