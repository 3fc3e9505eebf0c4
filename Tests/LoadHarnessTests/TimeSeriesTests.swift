import Foundation
import Histogram
@testable import LoadHarness
import Synchronization
import Testing

/// What a sink was given, for the collector's tests.
final class RecordingSink: RunSink {
    struct Interval: Sendable { let variant: String, step: String, start: Double, length: Double, count: UInt64 }
    private let state = Mutex<(rows: [TimeSeriesRow], executions: [ExecutionRow], intervals: [Interval], flushes: Int)>(([], [], [], 0))
    var rows: [TimeSeriesRow] { state.withLock { $0.rows } }
    var executions: [ExecutionRow] { state.withLock { $0.executions } }
    var intervals: [Interval] { state.withLock { $0.intervals } }
    var flushes: Int { state.withLock { $0.flushes } }

    func variantBegan(_ variant: String, steps: [String]) {}
    func measuredPhaseBegan(_ variant: String, at time: Date) {}
    func timeSeries(_ rows: [TimeSeriesRow]) { state.withLock { $0.rows += rows } }
    func executions(_ rows: [ExecutionRow]) { state.withLock { $0.executions += rows } }
    func latencyInterval(variant: String, step: String, start: Double, length: Double, histogram: Histogram<UInt64>) {
        state.withLock { $0.intervals.append(Interval(variant: variant, step: step, start: start, length: length, count: histogram.totalCount)) }
    }
    func memory(_ row: MemoryRow, variant: String) {}
    func retention(_ row: RetentionRow, variant: String) {}
    func variantEnded(_ result: VariantResult) {}
    func flush() { state.withLock { $0.flushes += 1 } }
}

@Suite struct TimeSeriesTests {
    static func record(_ step: Int32, endedAt seconds: Double, latency: UInt64 = 1_000, failed: Bool = false,
                       allocations: Int = 10, bytes: Int = 100, user: Int32 = 0) -> StepRecord {
        StepRecord(step: step, user: user, failed: failed, ended: UInt64(seconds * 1e9), latency: latency, allocations: allocations,
                   bytesAllocated: bytes)
    }

    /// Every execution lands in the second it ended in, each step gets a row every second
    /// (zero when it did not run), and the sink gets the same rows, intervals and executions.
    @Test func executionsAreCountedInTheSecondTheyEndedIn() {
        let queues = [StepRecordQueue(), StepRecordQueue()]
        let sink = RecordingSink()
        let collector = TimeSeriesCollector(variant: "v", steps: ["login", "post"], queues: queues, clock: ManualClock(), start: 0,
                                            sink: sink)
        queues[0].push(Self.record(0, endedAt: 0.2, latency: 500))
        queues[0].push(Self.record(1, endedAt: 0.9, failed: true, allocations: 20, bytes: 300))
        queues[1].push(Self.record(0, endedAt: 0.95, latency: 1_500, user: 1))
        queues[1].push(Self.record(0, endedAt: 2.5, user: 1))
        let rows = collector.finish(elapsed: 2_600_000_000)
        #expect(rows.map { "\($0.second) \($0.step) \($0.count) \($0.errors)" }
            == ["0 login 2 0", "0 post 1 1", "1 login 0 0", "1 post 0 0", "2 login 1 0", "2 post 0 0"])
        #expect(rows[0].allocations == 20 && rows[0].bytes == 200 && rows[1].allocations == 20 && rows[1].bytes == 300)
        #expect(rows[0].maxMicroseconds.map { $0 >= 1.5 && $0 < 1.51 } == true)
        #expect(rows[2].p50Microseconds == nil && rows[2].p99Microseconds == nil && rows[2].maxMicroseconds == nil)
        #expect(sink.rows == rows)
        #expect(sink.intervals.map { "\($0.step) \($0.start) \($0.count)" } == ["login 0.0 2", "post 0.0 1", "login 2.0 1"])
        // The last second lasted 0.6 s of the phase.
        #expect(sink.intervals.last.map { abs($0.length - 0.6) < 1e-9 } == true)
        #expect(sink.executions.map { "\($0.second) \($0.step) vu\($0.user) \($0.allocations) \($0.bytes) x\($0.count)" }
            == ["0 login vu0 10 100 x1", "0 login vu1 10 100 x1", "0 post vu0 20 300 x1", "2 login vu1 10 100 x1"])
        #expect(sink.flushes >= 1)
    }

    /// Whole seconds with nothing in them still have their rows; a last, partial second only
    /// when something ended in it.
    @Test func anEmptyLastPartialSecondHasNoRows() {
        let queue = StepRecordQueue()
        let collector = TimeSeriesCollector(variant: "v", steps: ["login"], queues: [queue], clock: ManualClock(), start: 0, sink: nil)
        queue.push(Self.record(0, endedAt: 0.5))
        #expect(collector.finish(elapsed: 3_000_300_000).map { "\($0.second) \($0.count)" } == ["0 1", "1 0", "2 0"])
    }

    /// A virtual user faster than the collector waits for room; nothing is dropped.
    @Test func aFullQueueWaitsAndLosesNothing() async {
        let queue = StepRecordQueue(capacity: 8)
        let collector = TimeSeriesCollector(variant: "v", steps: ["s"], queues: [queue], clock: SystemClock(),
                                            start: SystemClock().now(), sink: nil, tickSeconds: 0.001)
        collector.begin()
        for index in 0..<1_000 { queue.push(Self.record(0, endedAt: Double(index % 2) * 0.001)) }
        let rows = collector.finish(elapsed: 1)
        #expect(rows.reduce(0) { $0 + $1.count } == 1_000)
    }

    /// One virtual user, a login and a one-second think per iteration, on a manual clock: one
    /// login in each of five seconds, exactly, and the totals agree with steps.csv's.
    @Test func aRunKeepsOneRowPerStepAndSecond() async throws {
        var scenario = try ScenarioLoader.parse(yaml: """
            name: per-second
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 1, iterations: 5 }
            steps:
              - login
              - think: 1s
            """, path: "t.yaml")
        scenario.load = .closed(.init(virtualUsers: 1, iterations: 5))
        var runner = ScenarioRunner(scenario: scenario)
        runner.clock = ManualClock()
        let result = try runner.run()
        let variant = try #require(result.variants.first)
        #expect(variant.timeSeries.map(\.second) == [0, 1, 2, 3, 4])
        #expect(variant.timeSeries.allSatisfy { $0.step == "login" && $0.count == 1 && $0.errors == 0 })
        let login = try #require(variant.steps.first)
        #expect(variant.timeSeries.reduce(0) { $0 + $1.allocations } == login.allocations)
        #expect(variant.timeSeries.reduce(0) { $0 + $1.bytes } == login.bytesAllocated)
    }

    @Test func mediansAreExactAndMerge() {
        var odd = ExecutionDistribution()
        for value in [5, 1, 9, 5, 7] { odd.record(allocations: value, bytes: value * 10, peak: (value * 4, value - 1)) }
        #expect(odd.allocationsMedian == 5 && odd.bytesMedian == 50 && odd.count == 5)
        #expect(odd.peakBytesMedian == 20 && odd.peakBytesMax == 36 && odd.temporaryAllocationsMedian == 4)
        var even = ExecutionDistribution()
        for value in [1, 2, 3, 10] { even.record(allocations: value, bytes: value, peak: (value, 0)) }
        #expect(even.allocationsMedian == 2.5 && even.peakBytesMedian == 2.5)
        // A few first-use outliers do not move the middle (they do move the highest peak).
        var runs = ExecutionDistribution()
        runs.record(allocations: 100, bytes: 1_000, peak: (500, 2), times: 20)
        runs.record(allocations: 900, bytes: 9_000, peak: (8_000, 2), times: 3)
        #expect(runs.allocationsMedian == 100 && runs.bytesMedian == 1_000)
        #expect(runs.peakBytesMedian == 500 && runs.peakBytesMax == 8_000)
        odd.merge(even)
        #expect(odd.count == 9 && odd.allocationsMedian == 5 && odd.peakBytesMedian == 10 && odd.peakBytesMax == 36)
        #expect(ExecutionDistribution().allocationsMedian == nil)
        // Executions recorded without peaks (read back from a build before them) have none, not 0.
        var old = ExecutionDistribution()
        old.record(allocations: 3, bytes: 30, peak: nil)
        #expect(old.allocationsMedian == 3 && old.peakBytesMedian == nil && old.peakBytesMax == nil)
        #expect(old.temporaryAllocationsMedian == nil)
    }

    /// Four users, each with its own typical count and one first-use outlier that lands on a
    /// different user from run to run: the median over the users' medians does not move,
    /// where the plain median over every execution would (it sits between two users' values).
    @Test func medianOfUsersIgnoresWhoMetFirstUse() {
        func step(outlierUser: Int) -> StepMetrics {
            var metrics = StepMetrics(step: "open_notifications")
            for (user, typical) in [64, 68, 70, 73].enumerated() {
                for iteration in 0..<15 {
                    let allocations = user == outlierUser && iteration == 0 ? 270 : typical
                    metrics.record(nanoseconds: 1, uncorrectedNanoseconds: 1,
                                   allocation: .init(allocations: allocations, frees: 0, bytesAllocated: allocations * 16, bytesFreed: 0),
                                   error: nil, user: user)
                }
            }
            return metrics
        }
        let medians = (0..<4).map { step(outlierUser: $0).allocationsMedian }
        #expect(medians == [69, 69, 69, 69])
        let bytes = (0..<4).map { step(outlierUser: $0).bytesMedian }
        #expect(bytes == [1_104, 1_104, 1_104, 1_104], "\(bytes)")
        // What the plain median over all executions would have said: it moves.
        var pooled = [ExecutionDistribution(), ExecutionDistribution()]
        for (index, outlier) in [0, 2].enumerated() {
            for distribution in step(outlierUser: outlier).executions.values { pooled[index].merge(distribution) }
        }
        #expect(pooled[0].allocationsMedian != pooled[1].allocationsMedian)
    }

    @Test func everyExecutionOfTheWrittenRunIsInItsTimeSeries() async throws {
        let run = try await WrittenRun.get()
        for variant in run.result.variants {
            for step in variant.steps {
                let rows = variant.timeSeries.filter { $0.step == step.step }
                #expect(rows.reduce(0) { $0 + $1.count } == step.count, "\(variant.variant) \(step.step)")
                #expect(rows.reduce(0) { $0 + $1.errors } == step.errorCount)
                #expect(rows.reduce(0) { $0 + $1.allocations } == step.allocations)
                #expect(step.executions.values.reduce(0) { $0 + $1.count } == step.count)
            }
        }
        let csv = try TemporaryFolder.csv("\(run.folder)/timeseries.csv", header: RunTable.timeSeries.header)
        #expect(csv.count == run.result.variants.reduce(0) { $0 + $1.timeSeries.count })
    }
}

/// Each virtual user's random stream (session tokens, salts) is its own, never another's shifted.
@Suite struct RandomStreamTests {
    @Test func sixtyFourUsersNeverShareARandomValue() {
        var seen = Set<UInt64>()
        for stream in -1..<64 {
            var generator = SeededBytes.generator(seed: 5, stream: stream)
            for _ in 0..<2_000 { seen.insert(generator.next()) }
        }
        #expect(seen.count == 65 * 2_000, "\(65 * 2_000 - seen.count) values repeated across the streams")
    }
}
