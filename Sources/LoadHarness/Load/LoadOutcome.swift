/// The measured phase once begun: when (the run clock's nanoseconds) and the memory sampler
/// that runs through it.
struct MeasuredPhase: Sendable {
    let start: UInt64
    let sampler: MemorySampler
    /// The process's CPU time when the phase began, nanoseconds.
    var processCPU: UInt64 = 0
    /// Each thread's run-queue time when the phase began (nil: not available, `RunQueueMeter`).
    var runQueue: [Int32: UInt64]? = nil
}

/// What a load model's play measured: each virtual user's results, the iterations dropped
/// (an open model's, no user free at their intended start) and how late the schedule started
/// the others.
struct LoadOutcome: Sendable {
    var results: [VirtualUserResult]
    var dropped: Int
    /// nil in a closed model (its iterations have no intended start).
    var lag: ScheduleLag?
    var phase: MeasuredPhase
}
