/// What a `WallClockSampler` took: stack samples of registered threads, each with the
/// thread's tag (a step's index, -1 none) and whether it was on CPU, plus what it could not
/// take. Frames are addresses of this process: name them (`folded`, `WaitingSite`) before
/// they leave it.
public struct WallClockProfile: Sendable {
    /// One sample of one thread.
    public struct Sample: Sendable, Hashable {
        /// The thread's tag when its stack was taken.
        public let tag: Int32
        /// Whether the thread was running or runnable ('R') just before it was signalled.
        public let onCPU: Bool
        /// Leaf first: the interrupted instruction, then return addresses, absolute.
        public let frames: [UInt]
        /// Whether the walk stopped before the thread's first frame (depth limit, a frame
        /// outside the stack, code it could not unwind).
        public let truncated: Bool

        /// A sample (the sampler makes them; tests inject them).
        public init(tag: Int32, onCPU: Bool, frames: [UInt], truncated: Bool) {
            self.tag = tag
            self.onCPU = onCPU
            self.frames = frames
            self.truncated = truncated
        }

        /// The frames named, leaf first, each followed by nothing or preceded by the functions
        /// inlined there. The leaf is an instruction, not a return address: it is looked up as
        /// the return address after it, so that the symbolizer's step back lands on it (its
        /// offset is the instruction's own).
        public func named(by symbolizer: StackSymbolizer) -> [SymbolizedFrame] {
            guard let leaf = frames.first else { return [] }
            let leafFrames = symbolizer.frames(at: leaf &+ 1).map {
                SymbolizedFrame(module: $0.module, offset: $0.offset &- 1, symbol: $0.symbol)
            }
            return leafFrames + symbolizer.frames(Array(frames.dropFirst()))
        }
    }

    /// What the folded stacks put at the root of a truncated sample.
    public static let truncatedFrame = "[truncated]"

    /// The samples, in the order they were taken.
    public let samples: [Sample]
    /// Threads picked but not sampled: ended (unregistered as its turn came, or gone without
    /// unregistering), no answer before the next tick, or no room left (`capacity`).
    public let missed: Int
    /// Ticks the sampler made.
    public let ticks: Int
    /// CPU time of the sampler's own thread: harness work, off the users' threads.
    public let samplerCPUTime: Duration
    /// Time spent in the signal handler on the sampled threads (walking their stacks), summed:
    /// what sampling added to their work (the signal's delivery and return not included).
    public let handlerTime: Duration

    /// A profile (the sampler makes them; tests inject them).
    public init(samples: [Sample], missed: Int, ticks: Int, samplerCPUTime: Duration = .zero,
                handlerTime: Duration = .zero) {
        self.samples = samples
        self.missed = missed
        self.ticks = ticks
        self.samplerCPUTime = samplerCPUTime
        self.handlerTime = handlerTime
    }

    /// Folded stacks per tag with their sample counts: root first, `;`-joined simplified names
    /// as the allocation profiles' folded files have them (a `;` in a name becomes `:`), the
    /// root `[truncated]` when the walk stopped early; a frame without a symbol is
    /// `module+0xoffset`, or `0x...` outside every module. `onCPU` keeps only samples on (true)
    /// or off (false) CPU. `entry`, when given, drops the frames from the root down to and
    /// including the innermost one it accepts (the harness above a step); a stack where it
    /// accepts none stays whole.
    public func folded(onCPU: Bool? = nil, symbolizer: StackSymbolizer = StackSymbolizer(),
                       below entry: ((SymbolizedFrame) -> Bool)? = nil) -> [Int32: [String: Int]] {
        var folded: [Int32: [String: Int]] = [:]
        for sample in samples where onCPU == nil || sample.onCPU == onCPU {
            var leafFirst = sample.named(by: symbolizer)
            if let entry, let innermost = leafFirst.firstIndex(where: entry) {
                leafFirst = Array(leafFirst[..<innermost])
            }
            var names = leafFirst.reversed().map { Self.name(of: $0).replacingOccurrences(of: ";", with: ":") }
            if sample.truncated { names.insert(Self.truncatedFrame, at: 0) }
            folded[sample.tag, default: [:]][names.joined(separator: ";"), default: 0] += 1
        }
        return folded
    }

    /// A frame's name: its function, `module+0xoffset` without one, `0x...` outside every module.
    static func name(of frame: SymbolizedFrame) -> String {
        frame.symbol == nil && frame.module == "?" ? "0x" + String(frame.offset, radix: 16) : frame.name
    }
}
