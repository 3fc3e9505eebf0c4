import Testing
@testable import LoadHarness

/// The experiment's arithmetic: a least-squares line through retained bytes per close.
@Suite struct RetentionFitTests {
    private func points(_ retained: [Int]) -> [RetentionPoint] {
        retained.enumerated().map { index, bytes in
            RetentionPoint(close: index + 1, iteration: index + 1, step: "close_profile",
                           elapsedMilliseconds: Double(index), retainedBytes: bytes, liveTrackedObjects: 0)
        }
    }

    @Test func aLeakOfAFixedSizePerCycleIsAnExactLine() throws {
        let fit = try #require(RetentionFit(points((1...10).map { 500_000 + $0 * 400_000 })))
        #expect(fit.bytesPerClose == 400_000)
        #expect(fit.intercept == 500_000)
        #expect(abs(fit.rSquared - 1) < 1e-12)
        #expect(fit.growthBytes == 9 * 400_000)
        #expect(!fit.returnsToStart)
    }

    @Test func memoryBackWithinSixtyFourKiBOfTheFirstCloseReturnsToStart() throws {
        let back = try #require(RetentionFit(points([300_000, 310_000, 305_000, 300_000 + 65_536])))
        #expect(back.toleranceBytes == 65_536)
        #expect(back.returnsToStart)
        let over = try #require(RetentionFit(points([300_000, 300_000 + 65_537])))
        #expect(!over.returnsToStart)
        #expect(over.verdict == "grows")
        #expect(back.verdict == "back to start")
        #expect(try #require(RetentionFit(points([300_000, 200_000]))).verdict == "below start")
    }

    @Test func toleranceIsOnePercentOfTheStartWhenThatIsLarger() throws {
        let fit = try #require(RetentionFit(points([20_000_000, 20_150_000])))
        #expect(fit.toleranceBytes == 200_000)
        #expect(fit.returnsToStart)
        #expect(try #require(RetentionFit(points([20_000_000, 20_200_001]))).returnsToStart == false)
    }

    @Test func flatPointsHaveNoSlopeAndNoFit() throws {
        let fit = try #require(RetentionFit(points([1_000, 1_000, 1_000])))
        #expect(fit.bytesPerClose == 0)
        #expect(fit.rSquared == 0)
        #expect(fit.returnsToStart)
    }

    @Test func oneCloseIsNotEnoughForALine() {
        #expect(RetentionFit(points([1_000])) == nil)
        #expect(RetentionFit([]) == nil)
    }
}
