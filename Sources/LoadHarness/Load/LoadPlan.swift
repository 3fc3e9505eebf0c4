/// When a load starts iterations and how many virtual users it keeps active, as offsets in
/// nanoseconds from the start of the measured phase: what a load model plays, and what the
/// reports set beside what happened. Both schedules are indexed (users by number, iterations
/// by their order), so a part of a load (k6's execution segments: the users or iterations
/// whose index falls in a stripe) can be taken from them.
struct LoadPlan: Sendable {
    /// One stage with its place in time.
    struct Span: Hashable, Sendable {
        var name: String
        /// Offset of its start from the measured phase's start, nanoseconds.
        var start: UInt64
        /// Offset of its end; nil when the load ends when its users are done.
        var end: UInt64?
        /// Users or iterations per second at its end.
        var target: Double
        var unit: LoadUnit
    }

    var stages: [Span]
    /// Closed models: the planned number of active users over time.
    var users: UserSchedule?
    /// Open models: each iteration's intended start.
    var arrivals: (any ArrivalSchedule)?

    /// The stage `offset` falls in: the last one whose start it has reached (a moment past the
    /// last stage's end belongs to the last stage: users finishing their iteration).
    func stage(at offset: UInt64) -> Int {
        var low = 0, high = stages.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if stages[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        return max(0, low)
    }

    /// What a shard with `share` plays of this plan (k6's execution segments): the same
    /// stages with their targets scaled to the share (users: how many of the stage's target
    /// users are the share's; rates: the share's fraction), the iterations of the schedule in
    /// the share's stripe at their own times, and the same users' schedule (each user keeps
    /// its place in it; the shard plays its users only).
    func segment(_ share: LoadShare) -> LoadPlan {
        let segment = share.sequence.segments[share.segment]
        let fraction = Double(segment.length.numerator) / Double(segment.length.denominator)
        var part = self
        part.stages = stages.map { span in
            var scaled = span
            scaled.target = span.unit == .users
                ? Double(share.sequence.scale(Int(span.target.rounded()), segment: share.segment)) : span.target * fraction
            return scaled
        }
        part.arrivals = arrivals.map { SegmentArrivals($0, share: share) }
        return part
    }

    /// Spans of `stages` laid end to end from 0.
    static func spans(_ stages: [LoadStage], unit: LoadUnit) -> [Span] {
        var offset: UInt64 = 0
        return stages.map { stage in
            let start = offset
            let end = stage.duration.map { start + $0.nanoseconds }
            offset = end ?? offset
            return Span(name: stage.name, start: start, end: end, target: stage.target, unit: unit)
        }
    }
}
