import Histogram
@testable import LoadHarness
import Testing

/// Each step's histograms are copies of one empty histogram: empty, with the latency layout
/// (1 ns to 1 hour, 3 significant digits), and each its own.
@Suite struct HistogramCopyTests {
    @Test func aCopiedHistogramIsEmptyWithTheLayoutAndItsOwn() {
        var first = StepMetrics.histogram(), second = StepMetrics.histogram()
        #expect(first.totalCount == 0)
        #expect(first.max == 0)
        #expect(first.highestTrackableValue >= 3_600_000_000_000)
        #expect(first.numberOfSignificantValueDigits == .three)
        first.record(1_234_567)
        #expect(first.totalCount == 1 && second.totalCount == 0)
        #expect(first.valueAtPercentile(50) == 1_234_567)
        second.record(3)
        #expect(second.max == 3 && second.min == 3)
        #expect(first.min == 1_234_567)
    }
}
