/// What one shard of a run plays (design section 17): the scenario's variants dealt to the
/// shards whole first, so a variant's exact counts stay on one machine (variant j goes to shard
/// j mod N + 1); with fewer variants than shards, each variant's load is split over a run of
/// consecutive shards (as even a number each as can be), each shard playing one
/// `ExecutionSegment` of it: its users, iterations and rates striped as k6 stripes them.
public struct ShardPlan: Sendable, Equatable {
    /// One variant this shard plays, whole or a part of its load.
    public struct Part: Sendable, Equatable {
        public let variant: VariantSpec
        /// The share of the variant's load; nil: all of it.
        public let share: LoadShare?
    }

    public let shard: Shard
    public let parts: [Part]

    /// The plan of `shard` over `variants` (the scenario's, after `--variant`), in their order.
    public init(shard: Shard, variants: [VariantSpec]) {
        self.shard = shard
        let count = shard.count, position = shard.index - 1
        guard variants.count < count else {
            parts = variants.indices.filter { $0 % count == position }.map { Part(variant: variants[$0], share: nil) }
            return
        }
        // Fewer variants than shards: variant j has `count / k` shards, the first `count % k` one more.
        var first = 0
        var found: Part?
        for (index, variant) in variants.enumerated() {
            let shards = count / variants.count + (index < count % variants.count ? 1 : 0)
            if (first..<first + shards).contains(position) {
                found = Part(variant: variant, share: shards == 1 ? nil
                    : LoadShare(sequence: .equal(shards), segment: position - first))
            }
            first += shards
        }
        parts = found.map { [$0] } ?? []
    }
}

/// A shard's share of one variant's load: segment `segment` of `sequence`. Virtual users are
/// numbered across the whole run (user i plays the same dataset account and starts at the same
/// moment of the ramp as in an unsharded run), and so are the open model's iterations (each
/// keeps its place in the schedule).
public struct LoadShare: Sendable, Equatable, CustomStringConvertible {
    public let sequence: ExecutionSegmentSequence
    /// The segment's index in `sequence`.
    public let segment: Int

    /// This share's virtual users among a load's `count`.
    public func users(of count: Int) -> [Int] { sequence.elements(of: count, segment: segment) }

    /// Whether the `index`-th iteration of an open model's schedule is this share's.
    public func plays(iteration index: Int) -> Bool { sequence.owns(index, segment: segment) }

    /// `1/2:1 of 0:1/2,1/2:1`.
    public var description: String {
        "\(sequence.segments[segment]) of " + sequence.segments.map(\.description).joined(separator: ",")
    }
}
