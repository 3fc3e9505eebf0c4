import CCallgrind
import Foundation
import MemoryProbes

/// The measured side of `roost run --instructions`: in a process that callgrind runs with
/// instrumentation and collection off (`--instr-atstart=no --collect-atstart=no`) and that `InstructionRun` started (it sets
/// `ROOST_INSTRUCTIONS=callgrind`), each measured step's work is counted, and only it: the
/// step's thread switches collection on just before the step and off just after, then asks
/// callgrind to dump what it counted, labelled with the variant and step. One dump per
/// execution gives each execution's own count (mean and median per step, as for allocations).
///
/// Measured steps run one at a time in this mode (a process-wide lock around each): a dump
/// writes and zeroes every thread's counts, so another virtual user's step half done would
/// otherwise land in this one's dump. Valgrind runs one thread at a time anyway; the
/// latencies of such a run are marked and never judged. Outside that mode `collect` only
/// calls its body.
public enum InstructionCounter {
    /// The environment variable `InstructionRun` sets in the process it starts under callgrind.
    public static let environmentKey = "ROOST_INSTRUCTIONS"
    /// Its value.
    public static let environmentValue = "callgrind"
    /// The first field of every dump's label (the dump's `desc: Trigger: Client Request:` line).
    public static let labelPrefix = "roost-step"

    /// Whether this process counts its measured steps' instructions.
    public static let isActive: Bool = ProcessInfo.processInfo.environment[environmentKey] == environmentValue
        && roost_running_on_valgrind() != 0

    private static let lock = NSLock()
    nonisolated(unsafe) private static var labels: [String: UnsafeMutablePointer<CChar>] = [:]

    /// The label of a step's dumps: `roost-step<TAB>variant<TAB>step`, kept for the process's life
    /// (made outside the measured span, so nothing is allocated inside it).
    static func label(variant: String, step: String) -> UnsafeMutablePointer<CChar> {
        lock.lock()
        defer { lock.unlock() }
        let key = variant + "\t" + step
        if let label = labels[key] { return label }
        let label = strdup(labelPrefix + "\t" + key)!
        labels[key] = label
        return label
    }

    /// Starts callgrind's instrumentation as the first variant's measured phase begins (the
    /// process runs with `--instr-atstart=no`): the dataset, logins and warm-up passes before it
    /// run at valgrind's plain speed, uninstrumented (they are never counted; warm-up still runs,
    /// so a first use of runtime metadata lands there, not in a counted step). A later variant's
    /// call does nothing: instrumentation stays on until `finishCounting()` (stopping it between
    /// variants and starting it again left bogus negative costs in the next variant's first dump,
    /// on the calls its virtual user's thread was blocked in when instrumentation restarted).
    static func beginMeasuredPhase() {
        if isActive { roost_callgrind_start_instrumentation() }
    }

    /// Ends callgrind's instrumentation once the variants have run: the run's metrics and
    /// reports (an HdrHistogram's mean walks every bucket) would take minutes under it.
    public static func finishCounting() {
        if isActive { roost_callgrind_stop_instrumentation() }
    }

    /// Prepares the thread that plays the scenario, before the first variant: counting, it
    /// allocates from here on from an arena of its own at addresses fixed in advance
    /// (`ThreadArena.useNewFixedRegionArena()`), as each virtual user's thread does.
    static func scenarioBegins() {
        if isActive { ThreadArena.useNewFixedRegionArena() }
    }

    /// Prepares a virtual user's thread, first thing on it: counting, the thread allocates from
    /// an arena of its own (`ThreadArena`), not one that jemalloc picks by which other threads
    /// happen to be alive, whose heap (and so which allocations take jemalloc's slower paths)
    /// would differ from run to run; and that arena's memory is a region reserved at an address
    /// fixed in advance, not wherever mmap finds room after the threads' stacks of the moment
    /// (libdispatch starts and retires workers by the clock): the Swift runtime's metadata
    /// caches hash metadata by address, so a counted step's lookups probed more or fewer
    /// entries depending on where the runtime's metadata pages had landed.
    static func virtualUserThreadStarted() {
        if isActive { ThreadArena.useNewFixedRegionArena() }
    }

    /// Runs `body` with this thread's instructions counted and dumped under `label` (only
    /// `body` when the process is not counting). Not inlined: its frame is where each dump's
    /// stacks are cut.
    @inline(never)
    static func collect<T>(_ label: UnsafeMutablePointer<CChar>?, _ body: () throws -> T) rethrows -> T {
        guard let label else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        roost_callgrind_collect_on()
        defer { roost_callgrind_collect_off_and_dump(label) }
        return try body()
    }
}

