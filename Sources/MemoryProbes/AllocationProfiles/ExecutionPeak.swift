/// What was live at one execution's peak (design 19): a span counted by `AllocationSpan` on a
/// thread inside `AllocationProfiler.record`, its peak bytes, and its recorded allocations
/// still live at the first moment the thread's net bytes reached their highest in the span,
/// per stack. In exact mode their bytes add up to the peak plus whatever the span freed of
/// blocks made before it by then; in sampled mode they are the live samples, weighted.
public struct ExecutionPeak: Sendable, Hashable {
    /// A stack's blocks live at the peak.
    public struct Blocks: Sendable, Hashable {
        /// Index of the stack in the recording's `stacks`.
        public let stack: Int
        public let allocations: Int
        /// Their usable sizes.
        public let bytes: Int
        /// Unbiased estimates: the figures in exact mode, the weighted samples in sampled mode.
        public let estimatedAllocations: Double
        public let estimatedBytes: Double
    }

    /// The label the execution was recorded under (a step's name).
    public let label: String
    /// The span's peak: its highest net bytes above its start (`AllocationSpan`'s `peakBytes`).
    public let peakBytes: Int
    /// The order the profile's executions ended in, from 0 (across threads).
    public let sequence: Int
    /// By stack, in no particular order.
    public let blocks: [Blocks]
}
