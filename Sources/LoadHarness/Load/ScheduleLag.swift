import Histogram

/// How late an open model's iterations started: the moment a virtual user began one minus
/// the moment the schedule meant (the harness's own lateness: its timer's wake-up and the
/// thread's). What a run reports beside the stack's latency so the two are never confused.
package struct ScheduleLag: Sendable {
    /// Nanoseconds, 2 significant digits: enough to tell 5 us from 50 us and 500 us.
    private(set) var histogram = ScheduleLag.makeHistogram()

    static func makeHistogram() -> Histogram<UInt64> {
        Histogram(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .two)
    }

    init() {}

    /// A lag read back (`hgrm/<variant>.schedule-lag.hlog`).
    init(histogram: Histogram<UInt64>) { self.histogram = histogram }

    /// Records one iteration's lag.
    mutating func record(_ nanoseconds: UInt64) { _ = histogram.record(max(1, nanoseconds)) }

    /// Adds another user's.
    mutating func merge(_ other: ScheduleLag) { histogram.add(other.histogram) }

    /// How many iterations started on a schedule.
    var count: Int { Int(histogram.totalCount) }

    /// A percentile (0...100) in microseconds; nil when no iteration started on a schedule.
    package func microseconds(atPercentile percentile: Double) -> Double? {
        Statistics.percentileMicroseconds(of: histogram, percentile)
    }
}
