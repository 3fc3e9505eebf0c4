import CJemalloc

/// A thread the wall-clock sampler may sample (a virtual user's): it registers itself first
/// thing, sets its tag as it plays, and unregisters before it ends.
///
///     SampledThread.register()
///     defer { SampledThread.unregister() }
///     SampledThread.setTag(Int32(stepIndex)); play(step); SampledThread.setTag(-1)
///
/// Registration records the thread's id, its stack bounds and an open descriptor of its
/// `/proc/self/task/TID/stat` (which allocates: do it before any span that is counted), and
/// installs the SIGPROF handler once per process. Linux on x86_64 only; elsewhere
/// `register()` returns false and nothing is sampled.
public enum SampledThread {
    /// Registers the calling thread for sampling (idempotent); false when it cannot be
    /// (not Linux on x86_64, another SIGPROF handler installed, 4,096 threads registered).
    @discardableResult
    public static func register() -> Bool { roost_sampled_thread_register() == 0 }

    /// Unregisters the calling thread; after it returns no sampler signals it (a signal sent
    /// just before finds nothing to do). Call it before the thread ends.
    public static func unregister() { roost_sampled_thread_unregister() }

    /// What the calling thread does now (a step's index; -1 none): one thread-local store.
    @inlinable
    public static func setTag(_ tag: Int32) { roost_sampled_thread_set_tag(tag) }
}
