import Foundation
@testable import LoadHarness
import MemoryProbes
import Testing

/// What `roost run --timings-only` keeps of each execution: every latency, per virtual user in
/// the order played, written to latencies.csv; the mean from them is exact.
struct LatenciesFileTests {
    static let allocation = AllocationMeasurement(allocations: 1, frees: 1, bytesAllocated: 10, bytesFreed: 10)

    /// `post` played by two users: user 1 first (as virtual users finish in any order).
    static func post(keeping: Bool) -> StepMetrics {
        var first = StepMetrics(step: "post"), second = StepMetrics(step: "post")
        for nanoseconds: UInt64 in [100_003, 250_001] {
            second.record(nanoseconds: nanoseconds, uncorrectedNanoseconds: nanoseconds, allocation: allocation, error: nil,
                          user: 1, keepingLatency: keeping)
        }
        for nanoseconds: UInt64 in [120_007, 90_001, 1_000_000] {
            first.record(nanoseconds: nanoseconds, uncorrectedNanoseconds: nanoseconds, allocation: allocation, error: nil,
                         user: 0, keepingLatency: keeping)
        }
        var merged = StepMetrics(step: "post")
        merged.merge(second)
        merged.merge(first)
        return merged
    }

    @Test func latenciesAreKeptOnlyWhenAskedAndTheMeanIsExact() {
        let kept = Self.post(keeping: true)
        #expect(kept.latencies == [0: [120_007, 90_001, 1_000_000], 1: [100_003, 250_001]])
        // (120007 + 90001 + 1000000 + 100003 + 250001) / 5 ns, where the histogram's buckets
        // (3 significant digits) would round each value.
        #expect(kept.meanMicroseconds == 1_560_012.0 / 5 / 1_000)
        let notKept = Self.post(keeping: false)
        #expect(notKept.latencies.isEmpty)
        #expect(notKept.count == 5 && abs(notKept.meanMicroseconds - kept.meanMicroseconds) < 0.001 * kept.meanMicroseconds)
    }

    @Test func latenciesCSVListsEachUsersExecutionsInOrder() throws {
        let run = CraftedRun.run(name: "ci", variants: [CraftedRun.variant("weak", steps: [Self.post(keeping: true)])])
        let text = LatenciesFile.text(run)
        #expect(text == """
            scenario,variant,step,vu,execution,latency_ns\r
            ci,weak,post,0,0,120007\r
            ci,weak,post,0,1,90001\r
            ci,weak,post,0,2,1000000\r
            ci,weak,post,1,0,100003\r
            ci,weak,post,1,1,250001\r

            """)
        // What roost paired reads back: users in order, each user's executions in order.
        var medians = StepMedians([(StepMedians.Key(variant: "weak", step: "post"), 120)])
        try medians.readExecutions(latenciesCSV: text, path: "latencies.csv")
        #expect(medians.executions[StepMedians.Key(variant: "weak", step: "post")] == [120.007, 90.001, 1_000, 100.003, 250.001])
    }
}
