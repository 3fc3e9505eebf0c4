@testable import LoadHarness
import Testing

/// The bottleneck a capacity search names at the knee (design section 18), exactly, from the
/// first failing probe's figures: CPU when the cores were full, waiting (under the frame most
/// waiting samples sit under) when the failing step was mostly off CPU with cores to spare.
@Suite struct BottleneckTests {
    private func step(_ name: String, p99: Double, wait: Double?) -> StageResult.Step {
        StageResult.Step(step: name, count: 1_000, errors: 0, p50: p99 / 2, p90: p99 / 1.5, p99: p99, max: p99 * 2,
                         allocationsPerOperation: 100, statementsPerOperation: 3, cpuMedianMicroseconds: 100, waitShare: wait)
    }

    private func probe(busy: Double, steps: [StageResult.Step], failed: [String], site: ProbeWallProfile.WaitingSiteName? = nil,
                       offCPU: Int = 90) -> CapacityProbe {
        var probe = CapacityProbe(number: 7, targetRate: 490, users: 32, levels: 1, achievedRate: 480, dropped: 0, lagP99: 50,
                                  verdict: .fail, failed: failed, steps: steps)
        probe.usage = CoreUsage(wallNanoseconds: 1_000_000_000, processNanoseconds: UInt64(busy * 2e9),
                                stepNanoseconds: UInt64(busy * 1.9e9), cores: 2)
        probe.wallProfile = ProbeWallProfile(steps: steps.map { step in
            ProbeWallProfile.Step(step: step.step, samples: 100, offCPU: offCPU, folded: [:], waitingSite: step.step == "open_feed" ? site : nil)
        }, missed: 0, note: nil)
        return probe
    }

    @Test func fullCoresAreCPU() {
        let failing = probe(busy: 0.97, steps: [step("login", p99: 900, wait: 0.1), step("open_post", p99: 30_000, wait: 0.06)],
                            failed: ["p99(open_post) < 25ms"], offCPU: 6)
        #expect(Bottleneck.at(failing) == Bottleneck(kind: .cpu, line: "CPU, cores 97% busy, open_post on CPU 94% of its time"))
    }

    @Test func aStepMostlyOffCPUWithCoresToSpareIsWaitingUnderItsFrame() {
        let site = ProbeWallProfile.WaitingSiteName(caller: "ObservationHub.publish(_:)", callee: "NSLock.lock()", share: 0.87)
        let failing = probe(busy: 0.52, steps: [step("login", p99: 40_000, wait: 0.2), step("open_feed", p99: 30_000, wait: 0.91)],
                            failed: ["p99(open_feed) < 25ms"], site: site)
        // The threshold names open_feed: its figures, though login's p99 is higher.
        #expect(Bottleneck.at(failing) == Bottleneck(
            kind: .waiting, line: "waiting, 90% of open_feed's time off CPU at 490/s under ObservationHub.publish(_:) -> "
                + "NSLock.lock() (87% of its waiting samples); cores 52% busy"))
    }

    @Test func theSamplesTimeWeighOverTheMedianExecution() {
        // The median execution did not wait (5%), but 90 of the step's 100 samples did: the slow
        // executions a p99 fails on spent their time waiting.
        let site = ProbeWallProfile.WaitingSiteName(caller: "closure #1 in Bench.lock(holding:)", callee: "_MutexHandle._lockSlow(_:)",
                                                    share: 0.97)
        let failing = probe(busy: 0.47, steps: [step("open_feed", p99: 21_000, wait: 0.05)], failed: ["p99(open_feed) < 10ms"],
                            site: site)
        #expect(Bottleneck.at(failing)?.kind == .waiting)
        #expect(Bottleneck.at(failing)?.line.hasPrefix("waiting, 90% of open_feed's time off CPU at 490/s under closure #1 in "
            + "Bench.lock(holding:) -> _MutexHandle._lockSlow(_:) (97% of its waiting samples)") == true)
    }

    /// A lock held 2 ms of CPU at 97% of its capacity: the median execution runs on CPU and so
    /// do most of the samples, but the 1% a p99 fails on queued for the lock.
    @Test func aTailThresholdIsJudgedOnTheTailsWaiting() {
        var figures = LoadTimeline.StageStep()
        for index in 0..<1_000 {
            let queued = index % 50 == 0  // 2%: 2 ms on CPU of 8 ms
            figures.count += 1
            _ = figures.histogram.record(queued ? 8_000_000 : 2_100_000)
            figures.cpu.record(cpu: 2_000_000, wall: queued ? 8_000_000 : 2_100_000)
        }
        let logout = StageResult.Step(step: "logout", figures: figures)
        #expect(logout.waitShare == 0.048)
        #expect(logout.waitShare(atPercentile: 99) == 0.75)
        let site = ProbeWallProfile.WaitingSiteName(caller: "closure #1 in Bench.lock(holding:)", callee: "_MutexHandle._lockSlow(_:)",
                                                    share: 0.96)
        let profile = ProbeWallProfile(steps: [ProbeWallProfile.Step(step: "logout", samples: 100, offCPU: 15, folded: [:],
                                                                     waitingSite: site)], missed: 0, note: nil)
        var failing = probe(busy: 0.53, steps: [logout], failed: ["p99(logout) < 10ms"], offCPU: 15)
        failing.wallProfile = profile
        #expect(Bottleneck.at(failing) == Bottleneck(
            kind: .waiting, line: "waiting, logout's slowest 1% off CPU 75% of their time or more at 490/s under closure #1 in "
                + "Bench.lock(holding:) -> _MutexHandle._lockSlow(_:) (96% of its waiting samples); cores 53% busy"))
        // A median threshold is judged on the whole step: its own work.
        // Its wall-clock samples caught none of the tail's waiting: said, not hidden.
        var unsampled = failing
        unsampled.wallProfile = ProbeWallProfile(steps: [ProbeWallProfile.Step(step: "logout", samples: 60, offCPU: 0, folded: [:],
                                                                               waitingSite: nil)], missed: 0, note: nil)
        #expect(Bottleneck.at(unsampled)?.line == "waiting, logout's slowest 1% off CPU 75% of their time or more at 490/s "
            + "(no frame named: 0 of its 60 wall-clock samples off CPU); cores 53% busy")
        var median = probe(busy: 0.53, steps: [logout], failed: ["p50(logout) < 2ms"], offCPU: 15)
        median.wallProfile = profile
        #expect(Bottleneck.at(median)?.kind == .cpu)
    }

    @Test func aStepOnCPUWithCoresToSpareIsItsOwnWork() {
        // No threshold names a step (errors == 0): the slowest p99's step.
        let failing = probe(busy: 0.45, steps: [step("login", p99: 900, wait: 0.1), step("search_posts", p99: 9_000, wait: 0.2)],
                            failed: ["errors == 0"], offCPU: 20)
        #expect(Bottleneck.at(failing)?.kind == .cpu)
        #expect(Bottleneck.at(failing)?.line == "CPU in the step, search_posts on CPU 80% of its time; cores 45% busy (not full: "
            + "the step's own work, not a shortage of cores)")
    }
}

/// SQLite's writer's busy share beside the cores: what the writer did in each stage, from
/// readings of its busy time spread over the stages as the process's CPU time is.
@Suite struct WriterBusyTests {
    @Test func theWritersBusyTimeIsSpreadOverTheStagesItsReadingsSpan() {
        let second: UInt64 = 1_000_000_000
        let plan = LoadPlan.rateStages(("settle", 1), ("probe", 3))
        let timeline = LoadTimeline(plan: plan, queues: [])
        timeline.readProcessCPU(at: 0, cpu: 0, writer: 5_000)
        // 0.5 s of writes in the first second; 1.2 s over the next two, half in each.
        timeline.readProcessCPU(at: second, cpu: 1_000, writer: 5_000 + 500_000_000)
        timeline.readProcessCPU(at: 3 * second, cpu: 3_000, writer: 5_000 + 1_700_000_000)
        let stages = timeline.stageResults(steps: [], elapsed: 3 * second)
        #expect(stages.map { $0.usage?.writerNanoseconds } == [500_000_000, 1_200_000_000])
        #expect(stages.map { $0.usage?.writerBusyShare } == [0.5, 0.6])
    }

    @Test func aStackWhoseWriterWasNotReadSaysNothingOfIt() {
        let plan = LoadPlan.rateStages(("stage1", 1))
        let timeline = LoadTimeline(plan: plan, queues: [])
        timeline.readProcessCPU(at: 0, cpu: 0)
        timeline.readProcessCPU(at: 1_000_000_000, cpu: 1_000)
        #expect(timeline.stageResults(steps: [], elapsed: 1_000_000_000).first?.usage?.writerBusyShare == nil)
    }

    /// The answer gives the writer's share beside the cores': a writer with room while the
    /// writes wait says the turns, not the writes' work, are the limit.
    @Test func theBottleneckLineGivesTheWritersShareBesideTheCores() {
        let login = StageResult.Step(step: "login", count: 1_000, errors: 0, p50: 200, p90: 900, p99: 90_000, max: 120_000,
                                     allocationsPerOperation: 100, statementsPerOperation: 3, cpuMedianMicroseconds: 80, waitShare: 0.98)
        var failing = CapacityProbe(number: 9, targetRate: 2_440, users: 256, levels: 1, achievedRate: 2_300, dropped: 700, lagP99: 50,
                                    verdict: .fail, failed: ["errors == 0"], steps: [login])
        failing.usage = CoreUsage(wallNanoseconds: 1_000_000_000, processNanoseconds: 1_000_000_000, stepNanoseconds: 900_000_000,
                                  cores: 2, writerNanoseconds: 190_000_000)
        #expect(Bottleneck.at(failing)?.line == "waiting, 98% of login's time off CPU at 2440/s (no frame named: not sampled on a wall clock); "
            + "cores 50% busy, SQLite's writer 19% busy")
    }
}

extension WriterBusyTests {
    /// Populations share one process and one stack: their stages' usage keeps the one writer's time.
    @Test func populationsOfOneProcessKeepTheOneWritersTime() {
        let readers = CoreUsage(wallNanoseconds: 2_000, processNanoseconds: 1_000, stepNanoseconds: 300, cores: 2, writerNanoseconds: 400)
        let writers = CoreUsage(wallNanoseconds: 1_000, processNanoseconds: 500, stepNanoseconds: 200, cores: 2, writerNanoseconds: 150)
        let usage = StageMerge.usageOfOneProcess([writers, readers])
        #expect(usage?.writerNanoseconds == 400)
        #expect(usage?.stepNanoseconds == 500)
        #expect(usage?.writerBusyShare == 0.2)
    }
}
