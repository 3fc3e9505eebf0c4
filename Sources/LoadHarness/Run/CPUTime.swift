#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// CPU time as Linux counts it (design section 18), in nanoseconds: the calling thread's
/// (`CLOCK_THREAD_CPUTIME_ID`: what the step's own thread spent on a core, not waiting) and
/// the whole process's (`CLOCK_PROCESS_CPUTIME_ID`: every thread's, live and ended).
package enum CPUTime {
    /// The calling thread's CPU time so far. A system call (the kernel keeps no user-readable
    /// copy of it): read at a measured step's start and end, outside its latency span.
    @inline(__always)
    package static func thread() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    /// Each virtual user reads its CPU clock around each step's first execution and one in this
    /// many after (every execution's would cost two system calls, about half a microsecond here:
    /// docs/capacity.md). The medians come from those executions (a systematic sample of each
    /// step's), the steps' CPU time in all is their sum scaled to every execution.
    package static let readEvery = 4

    /// The whole process's CPU time so far.
    static func process() -> UInt64 { read(CLOCK_PROCESS_CPUTIME_ID) }

    /// The cores this process may run on (its affinity mask: a run under `taskset` or pinned
    /// by `roost paired` has fewer than the machine).
    static let cores: Int = {
        let allowed = CPUPin.allowed().count
        return allowed > 0 ? allowed : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    @inline(__always)
    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
