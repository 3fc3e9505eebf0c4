import Foundation

/// What an `AllocationProfiler` recorded: per label (a step), the call stacks of the
/// allocations made under it with their counts and bytes, and the recorded allocations
/// still live when it was taken. Frames are raw return addresses of this process; resolve
/// them with a `StackSymbolizer` (module-relative, named) before they leave it.
public struct AllocationRecording: Sendable {
    /// Why a stack stops where it does.
    public enum Truncation: Int, Sendable, Hashable, CaseIterable {
        /// It reached the step's entry: every frame of the step is there.
        case complete = 0
        /// Deeper than `AllocationProfiler.maximumFrames`: the root side is missing.
        case depthLimit = 1
        /// A frame pointer or CFA outside the thread's stack, not above the frame before, or misaligned.
        case badFrame = 2
        /// Code without frame pointers and without usable call-frame information.
        case noUnwindInfo = 3
        /// A return address in no loaded module.
        case unknownModule = 4
        /// The stack ended before the step's entry.
        case endOfStack = 5
        /// It reached the step's entry, but crossed a function with neither frame pointer nor
        /// call-frame information (a compiler-made thunk) by the frame pointer that function
        /// left alone: the callers between it and that frame pointer's owner are missing.
        case skippedFrames = 6

        /// Whether the root side is missing: the walk did not reach the step's entry.
        public var isTruncated: Bool { self != .complete && self != .skippedFrames }
    }

    /// One call stack under one label, with what was allocated through it.
    public struct Stack: Sendable, Hashable {
        /// The label the allocations were recorded under (a step's name).
        public let label: String
        /// Return addresses, leaf first (the caller of malloc first), up to the step's entry.
        public let frames: [UInt]
        public let truncation: Truncation
        /// Allocations recorded: every one (exact) or the samples (sampled).
        public internal(set) var allocations: Int
        /// Their usable sizes (what jemalloc's byte counters count).
        public internal(set) var bytes: Int
        /// Unbiased estimates: the recorded figures in exact mode, the weighted samples in sampled mode.
        public internal(set) var estimatedAllocations: Double
        public internal(set) var estimatedBytes: Double
    }

    /// A recorded allocation that was still live when the recording was taken.
    public struct LiveAllocation: Sendable, Hashable {
        public let address: UInt
        /// Usable size in bytes (what the counters count).
        public let size: Int
        /// The bytes the caller asked for: what it initialised (the size class's slack is not).
        public let requestedSize: Int
        /// Index of its stack in `stacks`.
        public let stack: Int
    }

    public let mode: AllocationProfileMode
    /// Every label recorded under, in the order each was first used.
    public let labels: [String]
    /// The mean bytes between samples (sampled mode).
    public let meanSampleBytes: Int
    public let stacks: [Stack]
    public let live: [LiveAllocation]
    /// Allocations made while capturing that could not be recorded (no memory could be
    /// mapped for the recorder, or a signal handler allocated inside the hook).
    public let droppedAllocations: Int
    /// Each execution counted by an `AllocationSpan` inside `record` (the outermost span), with
    /// what was live at its peak, in the order they ended.
    public internal(set) var peaks: [ExecutionPeak] = []
    /// Executions whose blocks at the peak could not be kept (no memory could be mapped).
    public internal(set) var droppedPeaks = 0

    /// How many allocations a live recorded allocation stands for: 1 in exact mode,
    /// 1 / (1 - exp(-requested / mean)) in sampled mode (the countdown counts requested bytes).
    public func weight(of allocation: LiveAllocation) -> Double {
        guard mode == .sampled, allocation.requestedSize > 0 else { return 1 }
        return 1 / -expm1(-Double(allocation.requestedSize) / Double(meanSampleBytes))
    }
}
