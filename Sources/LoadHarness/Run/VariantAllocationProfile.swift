import MemoryProbes

/// A variant's allocation profile (design section 8): per measured step, the call stacks of
/// its allocations with their functions named, totals over the step's executions, the sites
/// (an allocation's first frame outside the allocator and the runtimes), and what was still
/// live when the variant ended (after the lifetime check), and what was live at the peak of
/// each step's median execution (design 19). Sampled profiles hold estimates, rounded to whole
/// allocations and bytes.
public struct VariantAllocationProfile: Sendable {
    /// One call stack of one step, as a folded-stack line reads it.
    public struct Stack: Sendable, Hashable {
        public let step: String
        /// Function names from the root (the first frame below the harness) to the leaf (the
        /// allocator's caller); `[truncated]` first when the walk did not reach the step.
        public let frames: [String]
        public let site: String
        public internal(set) var allocations: Int
        public internal(set) var bytes: Int
        /// Allocated by the step and still live when the variant ended.
        public internal(set) var retainedAllocations: Int
        public internal(set) var retainedBytes: Int
        /// Live at the peak of the step's median execution (design 19; `MedianPeak`).
        public internal(set) var peakAllocations = 0
        public internal(set) var peakBytes = 0

        /// Whether it comes before `other` in a profile: the steps in run order (`rank`, a
        /// step's place in the run), then by frames.
        func precedes(_ other: Stack, rank: (String) -> Int) -> Bool {
            let (mine, theirs) = (rank(step), rank(other.step))
            if mine != theirs { return mine < theirs }
            return frames.lexicographicallyPrecedes(other.frames)
        }
    }

    /// The allocations of one step at one site, totals over the step's executions.
    public struct Site: Sendable, Hashable {
        public let step: String
        public let site: String
        /// How many times the step ran.
        public let executions: Int
        public internal(set) var allocations: Int
        public internal(set) var bytes: Int
        public internal(set) var retainedAllocations: Int
        public internal(set) var retainedBytes: Int
        /// Its blocks live at the peak of the step's median execution (one execution, not a
        /// total); nil when not recorded (a run folder written before them, or no execution's
        /// blocks at the peak could be kept).
        public internal(set) var peakAllocations: Int? = nil
        public internal(set) var peakBytes: Int? = nil
    }

    /// The root frame of a stack whose walk stopped before the step's entry.
    public static let truncatedFrame = "[truncated]"

    public let mode: AllocationProfileMode
    /// In step order, then by frames.
    public let stacks: [Stack]
    /// In step order, then by bytes (most first), then by name.
    public let sites: [Site]
    /// Allocations whose stack was not complete, by reason (estimates in sampled mode): cut
    /// short (`isTruncated`), or missing frames in the middle (`.skippedFrames`).
    public let truncatedAllocations: [AllocationRecording.Truncation: Int]
    /// Allocations made in a step that could not be recorded at all.
    public let droppedAllocations: Int

    /// Whether it says what was live at the peaks (not in a folder written before them, nor in
    /// shards merged: each shard's median execution is its own).
    public var hasPeaks: Bool { sites.contains { $0.peakBytes != nil } }
}
