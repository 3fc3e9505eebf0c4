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
        return mallctl("thread.arena", nil, nil, &index, MemoryLayout<UInt32>.size) == 0
    }

    /// The index of the arena the calling thread allocates from, nil when jemalloc refuses.
    public static var current: UInt32? { Mallctl.read("thread.arena", as: UInt32.self) }
}
