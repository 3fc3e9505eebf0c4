/// How much of a measured step's allocations an `AllocationProfiler` records.
public enum AllocationProfileMode: String, CaseIterable, Sendable, Hashable {
    /// Counters only: nothing recorded, nothing added to the allocator's path.
    case off
    /// A Poisson sample by bytes (mean one sample per `AllocationProfiler.defaultMeanSampleBytes`),
    /// each sample weighted back to unbiased estimates of allocations and bytes.
    case sampled
    /// Every allocation: a step's profile adds up to its allocations and bytes exactly.
    case exact
}
