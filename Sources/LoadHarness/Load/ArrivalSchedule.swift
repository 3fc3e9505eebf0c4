import Foundation

/// The intended start of each iteration of an open model, in order, as an offset in
/// nanoseconds from the measured phase's start. Indexed, so a part of the load can take the
/// iterations whose index falls in its stripe (k6's execution segments).
protocol ArrivalSchedule: Sendable {
    /// How many iterations the schedule starts.
    var count: Int { get }
    /// The intended start of iteration `index` (0 ..< count); never before an earlier one's.
    func start(of index: Int) -> UInt64
}

extension ArrivalSchedule {
    /// The first iteration whose intended start is at or after `offset` (`count` when none).
    func firstIteration(atOrAfter offset: UInt64) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if start(of: middle) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many iterations are meant to start in `[from, to)`.
    func iterations(from: UInt64, to: UInt64) -> Int {
        to <= from ? 0 : firstIteration(atOrAfter: to) - firstIteration(atOrAfter: from)
    }
}

/// A constant rate: iteration k starts `k * interval` after the phase began (the open model's
/// meaning since its first version: the first iteration at once, the interval truncated to
/// whole nanoseconds).
struct ConstantArrivals: ArrivalSchedule {
    let interval: UInt64
    let count: Int

    func start(of index: Int) -> UInt64 { UInt64(index) * interval }
}

/// k6's ramping-arrival-rate (`cal`): the rate moves linearly within each stage, and
/// iteration k (counting from 1) starts when the area under the rate since the phase began
/// reaches k, so starts are spaced evenly at the instantaneous rate; a fraction of an
/// iteration left at a stage's end carries into the next. A stage that holds (a level of
/// stairs, Gatling's `constantUsersPerSec`) is at its rate from its first instant and starts
/// its iterations at that instant and every 1/rate after, none at its end (the open model's
/// meaning, and Gatling's): its first starts when the area reaches the area before it, and
/// no fraction carries into it.
struct RampingArrivals: ArrivalSchedule {
    /// A stage in seconds and iterations per second, with the iterations before it.
    private struct Segment: Sendable {
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
        /// The area (iterations) under the rate before the stage.
        var before: Double
        /// The index of its first iteration, and the area at which that one starts (the
        /// next ones at that area + 1, + 2, ...).
        var firstIndex: Int
        var firstArea: Double
    }

    private let segments: [Segment]
    let count: Int

    /// From `startRate` (per second), through each stage's `(duration, target)`: k6's stages.
    init(startRate: Double, stages: [(duration: UInt64, target: Double)]) {
        self.init(startRate: startRate, stages: stages.map { (duration: $0.duration, target: $0.target, holds: false) })
    }

    /// From `startRate` (per second), through each stage's `(duration, target, holds)`.
    init(startRate: Double, stages: [(duration: UInt64, target: Double, holds: Bool)]) {
        var segments: [Segment] = []
        var from = startRate, start = 0.0, area = 0.0
        // The area at which the next iteration starts (k6: the first when the area reaches 1),
        // and its index.
        var next = 1.0, index = 0
        for (position, stage) in stages.enumerated() {
            let duration = Double(stage.duration) / 1e9
            if stage.holds {
                from = stage.target
                if stage.target > 0 { next = area }
            }
            let after = area + duration * (from + stage.target) / 2
            // Its iterations: those whose area is below its end, up to a hair for the sums'
            // rounding; the last stage's also the one at its very end (k6), unless it holds.
            let room = position == stages.count - 1 && !stage.holds ? after + 1e-9 - next : after - 1e-9 - next
            let count = position == stages.count - 1 && !stage.holds
                ? (room >= 0 ? Int(room.rounded(.down)) + 1 : 0) : (room > 0 ? Int(room.rounded(.up)) : 0)
            segments.append(Segment(start: start, duration: duration, from: from, to: stage.target, before: area,
                                    firstIndex: index, firstArea: next))
            (from, start, area) = (stage.target, start + duration, after)
            (next, index) = (next + Double(count), index + count)
        }
        self.segments = segments
        count = index
    }

    func start(of index: Int) -> UInt64 {
        // The last stage whose first iteration is at or before it (a stage starting none has
        // the next one's first index, so the one after it is found).
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].firstIndex <= index { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        let remaining = segment.firstArea + Double(index - segment.firstIndex) - segment.before
        let within: Double
        if segment.from == segment.to {
            within = segment.from > 0 ? remaining / segment.from : 0
        } else {
            // a x + (b - a) x² / 2d = m, solved for x (k6's formula, in seconds).
            let (a, b, d) = (segment.from, segment.to, segment.duration)
            let radicand = d * (a * a * d + 2 * remaining * (b - a))
            within = (a * d - (radicand > 0 ? radicand.squareRoot() : 0)) / (a - b)
        }
        let seconds = segment.start + min(max(within, 0), segment.duration)
        return UInt64((seconds * 1e9).rounded())
    }
}
