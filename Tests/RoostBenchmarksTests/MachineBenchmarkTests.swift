import Testing
@testable import RoostBenchmarks

@Suite struct MachineBenchmarkTests {
    /// Every execution of the schedule is played once, at its own intended start (k6's
    /// arithmetic: the nth of a rate r at n/r seconds), whichever thread played it.
    @Test func aRunPlaysEveryExecutionOfItsScheduleOnce() {
        let benchmark = MachineBenchmark(rate: 100, threads: 3, duration: .milliseconds(200), bufferBytes: 4_096, reads: 100)
        let run = benchmark.run()
        #expect(run.starts.count == 20)
        #expect(run.starts == (1...20).map { Double($0) / 100 })
        #expect(run.wall.allSatisfy { $0 > 0 })
        #expect(run.cpu.allSatisfy { $0 > 0 })
    }

    /// The executions a tail is made of: over the factor times the median wall time.
    @Test func slowExecutionsAreThoseOverTheFactorTimesTheMedian() {
        // Median 10: 31 and 40 are over 3x it, 30 is not.
        let run = MachineBenchmark.Run(starts: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], wall: [10, 10, 31, 40, 10, 30, 10],
                                       cpu: Array(repeating: 10, count: 7))
        #expect(run.slowStarts(over: 3) == [0.3, 0.4])
        #expect(MachineBenchmark.Run.microseconds([1_000, 2_000, 3_000], 50) == 2)
    }

    /// The work is the same every time (the same reads of the same bytes), so its time varies
    /// only with the machine.
    @Test func theWorkIsTheSameEveryTime() {
        let bytes = (0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 7) | 1 }  // no zero byte: one more read adds to the sum
        bytes.withUnsafeBytes { buffer in
            let first = MachineBenchmark.work(over: buffer, reads: 10_000)
            #expect(first == MachineBenchmark.work(over: buffer, reads: 10_000))
            #expect(first != MachineBenchmark.work(over: buffer, reads: 10_001))
        }
    }
}
