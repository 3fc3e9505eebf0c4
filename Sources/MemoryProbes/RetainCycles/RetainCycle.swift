/// One retain cycle: the objects on it, each with the strong reference that leads to the
/// next, e.g. `ProfileController.header -> ProfileHeader.delegate -> ProfileController`.
public struct RetainCycle: Hashable, Sendable, CustomStringConvertible {
    /// One object on the cycle and the reference it holds to the next one.
    public struct Step: Hashable, Sendable {
        /// The object's type (`ProfileController`, `Box<Int>`).
        public let typeName: String
        /// The property path to the next object: `header`, `cells[3]`, `state.loaded`,
        /// `onFollow()` (a closure whose captures hold the next object).
        public let reference: String
        /// The object's address (tells apart cycles that read alike).
        public let address: UInt
    }

    /// The objects in order, starting with the one nearest the walk's root. Closure
    /// contexts and boxes appear only in a cycle made of nothing else (a closure that
    /// captures, through a `var`, itself).
    public let steps: [Step]
    /// True when nothing outside the cycle and the objects that reach it holds any of
    /// them (beyond the caller's reference to the root): the cycle is garbage that can
    /// never be freed, not merely alive.
    public let isUnreachable: Bool

    /// Other chains of references through the same objects (a second field holding the same
    /// object): the cycle is reported once, by the first path found.
    public internal(set) var otherPaths = 0

    /// How many objects the cycle passes through.
    public var length: Int { steps.count }

    /// The path, e.g. `ProfileController.cells[3] -> TweetCell.delegate -> ProfileController`.
    public var description: String {
        guard let first = steps.first else { return "" }
        let hops = steps.map { $0.reference.isEmpty ? $0.typeName : "\($0.typeName).\($0.reference)" }
        return hops.joined(separator: " -> ") + " -> " + first.typeName
    }
}
