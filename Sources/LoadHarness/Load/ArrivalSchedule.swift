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
/// iteration left at a stage's end carries into the next.
struct RampingArrivals: ArrivalSchedule {
    /// A stage in seconds and iterations per second, with the iterations before it.
    private struct Segment: Sendable {
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
        /// The area (iterations) before the stage, and at its end.
        var before: Double
        var after: Double
    }

    private let segments: [Segment]
    let count: Int

    /// From `startRate` (per second), through each stage's `(duration, target)`.
    init(startRate: Double, stages: [(duration: UInt64, target: Double)]) {
        var segments: [Segment] = []
        var from = startRate, start = 0.0, area = 0.0
        for stage in stages {
            let duration = Double(stage.duration) / 1e9
            let after = area + duration * (from + stage.target) / 2
            segments.append(Segment(start: start, duration: duration, from: from, to: stage.target, before: area, after: after))
            (from, start, area) = (stage.target, start + duration, after)
        }
        self.segments = segments
        // The last iteration's area must be reached; a hair of slack for the sum's rounding.
        count = Int((area + 1e-9).rounded(.down))
    }

    func start(of index: Int) -> UInt64 {
        let area = Double(index + 1)
        // The first stage whose end area reaches it.
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].after + 1e-9 >= area { high = middle } else { low = middle + 1 }
        }
        let segment = segments[low]
        let remaining = area - segment.before
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
