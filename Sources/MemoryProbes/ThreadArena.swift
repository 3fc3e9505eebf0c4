import CJemalloc

/// The jemalloc arena a thread allocates from. jemalloc gives a new thread the arena with the
/// fewest threads, which depends on which other threads are still alive (or have just exited)
/// at that moment; a thread bound to a new arena of its own finds the same heap in every run.
public enum ThreadArena {
    /// Creates a new arena and binds the calling thread (and its cache) to it; false when
    /// jemalloc refuses (the thread then keeps the arena it had).
    @discardableResult
    public static func useNewArena() -> Bool {
        var index: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &index, &size, nil, 0) == 0, size == MemoryLayout<UInt32>.size else { return false }
        return bind(index)
    }

    /// Creates a new arena whose memory comes from a region of the address space of its own,
    /// reserved at an address fixed in advance, and binds the calling thread to it: the same
    /// allocations made in the same order get the same addresses in every run, wherever mmap
    /// would have put the memory (after whichever threads' stacks existed then). Returns the
    /// region's start; nil when no region is left or its address is taken, and the thread then
    /// gets a plain new arena (`useNewArena()`).
    @discardableResult
    public static func useNewFixedRegionArena() -> UInt? {
        var index: UInt32 = 0
        var start: UInt = 0
        guard roost_fixed_region_arena_create(&index, &start) == 0, bind(index) else {
            useNewArena()
            return nil
        }
        return start
    }

    /// The index of the arena the calling thread allocates from, nil when jemalloc refuses.
    public static var current: UInt32? { Mallctl.read("thread.arena", as: UInt32.self) }

    /// Binds the calling thread to arena `index` and empties its cache: the cache still holds
    /// blocks of the arena the thread had (jemalloc keeps them across the move), which its next
    /// allocations would otherwise get, at addresses that depend on that arena's history (for
    /// the main thread, how long the command line and the environment were; for a new thread,
    /// which arena jemalloc happened to give it).
    private static func bind(_ index: UInt32) -> Bool {
        var index = index
        guard mallctl("thread.arena", nil, nil, &index, MemoryLayout<UInt32>.size) == 0 else { return false }
        Mallctl.flushThreadCache()
        return true
    }
}
