extension LifetimeTracker {
    /// What `countLive()` found: the live tracked objects, and the memory that letting go of
    /// the dead ones' weak references gave back.
    public struct LiveCount: Sendable, Hashable {
        /// How many tracked objects are alive.
        public let live: Int
        /// Bytes freed, on the counting thread, by dropping the tracker's weak references to
        /// objects found dead since the last count, beyond the side tables `track` itself
        /// made: the side tables of objects the app also referenced weakly (a cell's
        /// `weak var delegate`), which the app freed with the object when no tracker held
        /// them. A harness that counts a step's retained bytes gives these back to the step
        /// that freed the objects. 0 without jemalloc.
        public let releasedBytes: Int

        /// A count, e.g. for comparing with `countLive()` in a test.
        public init(live: Int, releasedBytes: Int) {
            self.live = live
            self.releasedBytes = releasedBytes
        }
    }
}
