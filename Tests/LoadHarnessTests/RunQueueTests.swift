import Foundation
@testable import LoadHarness
import Testing

/// The cores' saturation (design section 18): the time the process's threads waited for a
/// core, read from each thread's schedstat, spread over the stages, and what the verdict and
/// the bottleneck make of it: cores on which as many threads wait as there are cores are full,
/// whatever their busy share.
@Suite struct RunQueueTests {
    /// A meter over readings handed to it in turn.
    private func meter(_ readings: [[Int32: UInt64]?]) -> RunQueueMeter {
        final class Left { var readings: [[Int32: UInt64]?] = [] }
        let left = Left()
        left.readings = readings
        return RunQueueMeter { left.readings.isEmpty ? nil : left.readings.removeFirst() }
    }

    @Test func theMeterAddsWhatEachThreadWaitedSinceItsFirstReading() {
        let meter = meter([[1: 100, 2: 50],
                           [1: 130, 2: 90, 3: 25],  // 30 + 40, and a thread begun since: all of its 25
                           [1: 150, 3: 40],  // thread 2 ended: its last stretch is lost
                           [1: 160, 3: 5],  // an id reused by a new thread, below the old one's figure: all of it
                           nil])
        #expect(meter.advance() == 0)
        #expect(meter.advance() == 95)
        #expect(meter.advance() == 130)
        #expect(meter.advance() == 145)
        #expect(meter.advance() == nil)
    }

    @Test func thisProcesssThreadsAreReadWhereTheKernelKeepsTheirFigures() throws {
        // The calling thread's own file, read directly: the meter must agree with it.
        let own = try String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .compactMap { UInt64($0) }
        try #require(own.count == 3)
        let threads = RunQueueMeter.processThreads()
        if own[0] == 0 {
            #expect(threads == nil, "a kernel that keeps no figures: not measured")
        } else {
            // `/proc/thread-self` links to `<pid>/task/<tid>`.
            let thread = try #require(Int32(URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/thread-self")).lastPathComponent))
            let mine = try #require(threads?[thread])
            #expect(mine >= own[1])
        }
    }

    @Test func theLastFiguresOfEndedThreadsCountAndALiveThreadsOwnWins() {
        let meter = meter([[1: 100, 2: 50], [1: 130], [1: 140]])
        #expect(meter.advance() == 0)
        // Thread 2 ended at 80: its last stretch counts; thread 1's stale 90 loses to its live 130.
        #expect(meter.advance(endedThreads: [2: 80, 1: 90]) == 60)
        #expect(meter.advance() == 70)
        #expect(RunQueueMeter.figures([(thread: 4, nanoseconds: 9), (thread: 5, nanoseconds: 1), (thread: 4, nanoseconds: 12)])
                == [4: 12, 5: 1])
    }

    @Test func theCallingThreadReadsItsOwnFigure() throws {
        let own = try String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .compactMap { UInt64($0) }
        try #require(own.count == 3)
        guard own[0] > 0 else {
            #expect(RunQueueMeter.callingThread() == nil, "a kernel that keeps no figures: not measured")
            return
        }
        let thread = try #require(Int32(URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/thread-self")).lastPathComponent))
        let mine = try #require(RunQueueMeter.callingThread())
        #expect(mine.thread == thread)
        #expect(mine.nanoseconds >= own[1])
    }

    /// A collector given the reading taken before the phase's start reads nothing as it
    /// begins (a file per thread would hold up the users' first iterations), and its last
    /// reading counts the threads that ended with their last figures.
    @Test func theCollectorCountsFromTheOriginItWasGivenAndTheEndedThreadsLastFigures() {
        final class Reads { var count = 0 }
        let reads = Reads()
        let meter = RunQueueMeter(origin: [1: 100, 2: 40]) {
            reads.count += 1
            return [1: 1_100, 3: 200]  // thread 2 ended; thread 3 began
        }
        let second: UInt64 = 1_000_000_000
        let plan = LoadPlan.rateStages(("settle", 1), ("probe", 2))
        let collector = TimeSeriesCollector(variant: "v", steps: [], queues: [], clock: ManualClock(), start: 0, sink: nil,
                                            tickSeconds: 60, runQueue: meter)
        collector.follow(LoadTimeline(plan: plan, queues: []), steps: [])
        collector.begin()
        #expect(reads.count == 0)
        _ = collector.finish(elapsed: 2 * second, endedThreads: [2: 440])
        #expect(reads.count == 1)
        // 1,000 + 400 + 200 over two seconds, half in each stage.
        #expect(collector.stageResults(elapsed: 2 * second).map { $0.usage?.runQueueNanoseconds } == [800, 800])
    }

    /// A real open-model run measures the run queue over its phase and each stage, and run.csv says it.
    @Test func aRunMeasuresItsRunQueueWhereTheKernelKeepsFigures() throws {
        let result = try ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: """
            name: queue
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { arrival_rate: 200/s, duration: 300ms, max_virtual_users: 4 }
            steps:
              - login
            """, path: "queue.yaml")).run()
        let variant = try #require(result.variants.first)
        let measured = RunQueueMeter.callingThread() != nil
        #expect((variant.coreUsage?.runQueueNanoseconds != nil) == measured)
        #expect(!variant.stages.isEmpty)
        #expect(variant.stages.allSatisfy { ($0.usage?.runQueueNanoseconds != nil) == measured })
        if measured {
            // One reading ends the phase: its stages add up to its whole.
            let stages = variant.stages.reduce(UInt64(0)) { $0 + ($1.usage?.runQueueNanoseconds ?? 0) }
            #expect(variant.coreUsage?.runQueueNanoseconds == stages)
        }
        #expect(LoadColumns.runRows(result).contains { $0.0 == "run_queue" } == measured)
    }

    @Test func theWaitsAreSpreadOverTheStagesTheirReadingsSpan() {
        let second: UInt64 = 1_000_000_000
        let plan = LoadPlan.rateStages(("settle", 1), ("probe", 3))
        let timeline = LoadTimeline(plan: plan, queues: [])
        timeline.readProcessCPU(at: 0, cpu: 0)
        timeline.readProcessCPU(at: 3 * second, cpu: 3_000)
        timeline.readRunQueue(at: 0, total: 7)
        // 0.4 thread-seconds over the first half second, 5.4 over the next two and a half: a fifth in settle.
        timeline.readRunQueue(at: second / 2, total: 7 + 400_000_000)
        timeline.readRunQueue(at: 3 * second, total: 7 + 5_800_000_000)
        let usage = timeline.stageResults(steps: [], elapsed: 3 * second).map(\.usage)
        #expect(usage.map { $0?.runQueueNanoseconds } == [1_480_000_000, 4_320_000_000])
        #expect(usage.map { $0?.waitingThreads } == [1.48, 2.16])
        #expect(usage.map { $0?.isSaturated } == [false, true])
    }

    @Test func withoutReadingsTheRunQueueIsNotMeasured() {
        let plan = LoadPlan.rateStages(("stage1", 1))
        let timeline = LoadTimeline(plan: plan, queues: [])
        timeline.readProcessCPU(at: 0, cpu: 0)
        timeline.readProcessCPU(at: 1_000_000_000, cpu: 1_000)
        let usage = timeline.stageResults(steps: [], elapsed: 1_000_000_000).first?.usage
        #expect(usage?.waitingThreads == nil)
        #expect(usage?.isSaturated == false)
    }

    /// Two cores 83% busy, `steps` of them in steps, `waiting` threads waiting for a core on average.
    private func usage(waiting: Double, steps: Double = 0.71) -> CoreUsage {
        let wall: UInt64 = 10_000_000_000
        return CoreUsage(wallNanoseconds: wall, processNanoseconds: UInt64(0.83 * 2 * Double(wall)),
                         stepNanoseconds: UInt64(steps * 2 * Double(wall)), cores: 2, writerNanoseconds: 3_700_000_000,
                         runQueueNanoseconds: UInt64(waiting * Double(wall)))
    }

    private func figures(_ usage: CoreUsage) -> ProbeJudgement.Figures {
        ProbeJudgement.Figures(targetRate: 2_960, achievedRate: 2_582, dropped: 1_892, scheduled: 14_800, isLate: false, lagP99: 40,
                               users: 512, maxUsers: 1_024, busyUsers: 500, usage: usage, stackFailures: [], scheduleFailures: [])
    }

    @Test func usersBusyOnSaturatedCoresAreTheStacksLimitNotAShortageOfUsers() {
        // The harness took 14% of the work: the steps' part of the queue, 2.3 threads, is 2.6 at
        // the target, more than a thread per core.
        let judgement = ProbeJudgement.judge(figures(usage(waiting: 2.7)))
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 2582/s of 2960/s started, 1,892 dropped; cores 83% busy and saturated "
            + "(2.7 threads waiting for a core on average), 71% in steps")
        // The same probe with fewer threads waiting than cores: more users are tried.
        #expect(ProbeJudgement.judge(figures(usage(waiting: 1.9))).verdict == .moreUsers)
    }

    @Test func onSaturatedCoresTheHarnessIsBlamedOnlyWhenTheStepsAloneWouldNeitherFillNorSaturateThem() {
        // The harness took 64% of the work: of the 4.4 threads running (1.7) or waiting (2.7),
        // the steps' part at the target is 1.8, fewer than the cores, and their 34% would fit.
        let judgement = ProbeJudgement.judge(figures(usage(waiting: 2.7, steps: 0.3)))
        #expect(judgement.verdict == .generatorLimited)
        #expect(judgement.reason == "the harness's own work took 64% of the busy cores (cores 83% busy and saturated "
            + "(2.7 threads waiting for a core on average); the steps needed 34% at the target, 1.8 threads running or waiting for "
            + "the 2 cores)")
        // The harness's 40% is no cause: the steps' part, 3.0 threads, still outnumbers the cores.
        #expect(ProbeJudgement.judge(figures(usage(waiting: 2.7, steps: 0.5))).verdict == .fail)
        // Just saturated, with the harness's share a search on this machine measured (14%): the
        // steps' part of the 3.7 threads, 3.6 at the target, is the stack's limit, not the harness's.
        #expect(ProbeJudgement.judge(figures(usage(waiting: 2.0, steps: 0.71))).verdict == .fail)
    }

    @Test func aStepThatWaitsOnSaturatedCoresIsCPUAndSaysWhereItWaited() {
        let login = StageResult.Step(step: "login", count: 1_000, errors: 0, p50: 9_000, p90: 20_000, p99: 60_000, max: 90_000,
                                     allocationsPerOperation: 100, statementsPerOperation: 3, cpuMedianMicroseconds: 80, waitShare: 0.99)
        var failing = CapacityProbe(number: 9, targetRate: 2_960, users: 512, levels: 1, achievedRate: 2_582, dropped: 1_892, lagP99: 40,
                                    verdict: .fail, failed: [], steps: [login])
        failing.usage = usage(waiting: 2.7)
        #expect(Bottleneck.at(failing) == Bottleneck(
            kind: .cpu, line: "CPU, cores 83% busy and saturated (2.7 threads waiting for a core on average), SQLite's writer 37% busy; "
                + "99% of login's time off CPU at 2960/s (no frame named: not sampled on a wall clock)"))
        // Not saturated: the same step waits, and the cores had room.
        failing.usage = usage(waiting: 0.4)
        #expect(Bottleneck.at(failing)?.kind == .waiting)
    }

    @Test func shardsWaitsAddUpAsTheirCoresDo() {
        let one = CoreUsage(wallNanoseconds: 2_000, processNanoseconds: 1_000, stepNanoseconds: 300, cores: 2, runQueueNanoseconds: 5_000)
        let other = CoreUsage(wallNanoseconds: 1_000, processNanoseconds: 500, stepNanoseconds: 200, cores: 2, runQueueNanoseconds: 1_000)
        let merged = StageMerge.usage([one, other])
        #expect(merged?.runQueueNanoseconds == 7_000)
        #expect(merged?.waitingThreads == 3.5)
        #expect(merged?.isSaturated == false)
        #expect(StageMerge.usage([one, CoreUsage(wallNanoseconds: 1_000, processNanoseconds: 5, stepNanoseconds: 2, cores: 2)])?
            .runQueueNanoseconds == nil)
        #expect(StageMerge.usageOfOneProcess([other, one])?.runQueueNanoseconds == 5_000)
    }
}
