/// Where a probe's virtual users spent their time (design section 18, the knee): their
/// threads' stacks sampled on a wall clock, on CPU or not, each sample under the step being
/// played, folded per step with the frame most of its waiting samples sit under.
public struct ProbeWallProfile: Sendable {
    /// One step's samples.
    public struct Step: Sendable {
        public let step: String
        /// Samples taken while a user played the step, and how many of them found its thread off CPU.
        public let samples: Int
        public let offCPU: Int
        /// Folded stacks, root first (the step's name as the root frame), with their sample counts.
        public let folded: [String: Int]
        /// Where most of its waiting samples sit (nil: none waited, or no frame could be named).
        public let waitingSite: WaitingSiteName?
    }

    /// A waiting site in words: the caller in the app and the blocking function it called.
    public struct WaitingSiteName: Sendable, Hashable {
        public let caller: String
        public let callee: String
        /// Its share of the step's waiting samples, 0...1.
        public let share: Double

        /// `ObservationHub.publish(_:) -> NSLock.lock()`.
        public var path: String { "\(caller) -> \(callee)" }
    }

    public let steps: [Step]
    /// Samples the sampler could not take (a thread that ended, no answer in time, a full buffer).
    public let missed: Int
    /// Why the profile is empty or partial, when it is; nil when whole.
    public let note: String?

    /// The step's samples, if any.
    public func step(_ name: String) -> Step? { steps.first { $0.step == name } }
}
