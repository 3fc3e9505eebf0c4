import Foundation
import LoadHarness
import Testing

/// The statistics of `roost paired` on known data: the exact signed-rank distribution, the
/// Hodges–Lehmann estimate and its interval, and the verdicts.
struct PairedStatisticsTests {
    @Test func theSignedRankDistributionIsCountedExactly() {
        // n = 3: subset sums 0,1,2,3,3,4,5,6 of {1,2,3}.
        let expected = [1.0, 2, 3, 5, 6, 7, 8].map { $0 / 8 }
        #expect(SignedRankInterval.cumulativeProbabilities(count: 3) == expected)
    }

    @Test func criticalValuesMatchTheTables() {
        // Two-sided α = 0.01: none below 8 differences; 0 at 8, 3 at 10, 7 at 12, 37 at 20.
        #expect(SignedRankInterval.criticalValue(count: 7, alpha: 0.01) == nil)
        #expect(SignedRankInterval.criticalValue(count: 8, alpha: 0.01) == 0)
        #expect(SignedRankInterval.criticalValue(count: 10, alpha: 0.01) == 3)
        #expect(SignedRankInterval.criticalValue(count: 12, alpha: 0.01) == 7)
        #expect(SignedRankInterval.criticalValue(count: 20, alpha: 0.01) == 37)
        // α = 0.05 at 10: 8 (P(T ≤ 8) = 25/1024 ≤ 0.025 < P(T ≤ 9) = 30/1024).
        #expect(SignedRankInterval.criticalValue(count: 10, alpha: 0.05) == 8)
    }

    @Test func theIntervalRunsBetweenWalshAverages() throws {
        // 1...10: 55 Walsh averages, median 5.5; the 4th smallest is 2, the 4th largest 9.
        let interval = try #require(SignedRankInterval(differences: [7, 3, 10, 1, 5, 2, 9, 4, 8, 6], confidence: 0.99))
        #expect(interval.estimate == 5.5)
        #expect(interval.lower == 2)
        #expect(interval.upper == 9)
        #expect(interval.count == 10)
    }

    @Test func oneOutlierMovesTheEstimateLittle() throws {
        // Eight rounds, one of them 0.30 (a neighbour's build): the estimate stays near 0.10;
        // at 8 differences the 99% interval is the whole range.
        let interval = try #require(SignedRankInterval(differences: [0.10, 0.12, 0.08, 0.11, 0.09, 0.30, 0.10, -0.02], confidence: 0.99))
        #expect(abs(interval.estimate - 0.1) < 1e-12)
        #expect(interval.lower == -0.02)
        #expect(interval.upper == 0.30)
    }

    @Test func tooFewDifferencesGiveNoInterval() throws {
        let interval = try #require(SignedRankInterval(differences: [0.1, 0.2, 0.1, 0.1, 0.3, 0.2, 0.1], confidence: 0.99))
        #expect(interval.lower == nil && interval.upper == nil)
        #expect(SignedRankInterval(differences: [], confidence: 0.99) == nil)
    }

    @Test func verdictsFollowTheIntervalAndTheTolerance() {
        #expect(PairedVerdict.judge(lower: 1.06, upper: 1.2, tolerance: 0.05) == .slower)
        #expect(PairedVerdict.judge(lower: 1.04, upper: 1.2, tolerance: 0.05) == .inconclusive)
        #expect(PairedVerdict.judge(lower: 0.97, upper: 1.04, tolerance: 0.05) == .same)
        #expect(PairedVerdict.judge(lower: 0.8, upper: 0.95, tolerance: 0.05) == .faster)
        #expect(PairedVerdict.judge(lower: 0.8, upper: 0.96, tolerance: 0.05) == .inconclusive)
        #expect(PairedVerdict.judge(lower: nil, upper: nil, tolerance: 0.05) == .inconclusive)
    }
}
