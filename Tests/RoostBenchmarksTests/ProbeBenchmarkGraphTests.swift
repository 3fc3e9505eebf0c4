import Testing
import MemoryProbes
import RoostBenchmarks

/// The benchmark's graph must be what its numbers claim: so many objects, so many cycles.
@Suite struct ProbeBenchmarkGraphTests {
    @Test func theWalkFindsEveryBuiltObjectAndOnlyThePlantedCycles() {
        let (window, objects) = ProbeBenchmarkGraph.make(screens: 12, cellsPerScreen: 20, subviewsPerCell: 3, authors: 50, cyclicEvery: 4)
        // Window + 50 authors + 12 x (screen, header, closure context) + 12 x 20 x (cell, 3 views, closure context).
        #expect(objects == 1 + 50 + 12 * 3 + 12 * 20 * 5)
        let report = RetainCycleDetector().report(from: window)
        #expect(report.objects.count == objects)
        #expect(report.isComplete)
        #expect(report.cycles.count == 3)
        #expect(report.cycles.allSatisfy { $0.description == "Screen.header -> Header.strongDelegate -> Screen" })
        // Only this test's reference holds the window: drop it and the cycles are garbage.
        #expect(report.cycles.allSatisfy { $0.isUnreachable })
        // A second holder of the window keeps them reachable.
        let holders = [window]
        #expect(RetainCycleDetector().report(from: window).cycles.allSatisfy { !$0.isUnreachable })
        withExtendedLifetime(holders) {}
        ProbeBenchmarkGraph.tearDown(window)
    }
}
