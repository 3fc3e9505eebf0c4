/// Why an `AllocationProfiler` cannot record.
public enum AllocationProfilerError: Error, Equatable, CustomStringConvertible {
    /// jemalloc is not the process allocator behind the counting interposer (the reason says why).
    case jemallocInactive(String)
    /// The sampled mode needs a mean of at least one byte between samples.
    case invalidMeanSampleBytes(Int)
    /// More profilers alive at once than the capture has room for (64).
    case tooManyProfilers

    public var description: String {
        switch self {
        case .jemallocInactive(let reason):
            return "allocation profiles need jemalloc behind the interposer: \(reason)"
        case .invalidMeanSampleBytes(let bytes):
            return "allocation profile: a mean of \(bytes) bytes between samples; use at least 1 (the default is \(AllocationProfiler.defaultMeanSampleBytes))"
        case .tooManyProfilers:
            return "allocation profile: 64 profilers are already recording; release one (or let it deinitialise) first"
        }
    }
}
