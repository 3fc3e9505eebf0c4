@testable import LoadHarness
import Testing

/// Whose limit a capacity probe met (design section 18), exactly, on injected figures: a stack
/// that cannot keep up on cores full of its steps' work fails the probe; the generator is
/// blamed only when its own work is the cause; busy users on cores with room ask for more.
@Suite struct ProbeJudgementTests {
    /// A second of a probe on `cores` cores, `busy` of them busy, `steps` of them inside steps.
    private func usage(busy: Double, steps: Double, cores: Int = 2) -> CoreUsage {
        let wall: UInt64 = 10_000_000_000
        return CoreUsage(wallNanoseconds: wall, processNanoseconds: UInt64(busy * Double(wall) * Double(cores)),
                         stepNanoseconds: UInt64(steps * Double(wall) * Double(cores)), cores: cores)
    }

    private func figures(target: Double = 5_120, achieved: Double = 5_120, dropped: Int = 0, late: Bool = false, users: Int = 32,
                         maxUsers: Int = 32, busyUsers: Double = 8, usage: CoreUsage?, stack: [String] = [],
                         schedule: [String] = []) -> ProbeJudgement.Figures {
        ProbeJudgement.Figures(targetRate: target, achievedRate: achieved, dropped: dropped, isLate: late, lagP99: late ? 5_000 : 20,
                               users: users, maxUsers: maxUsers, busyUsers: busyUsers, usage: usage, stackFailures: stack,
                               scheduleFailures: schedule)
    }

    @Test func aStackThatCannotKeepUpOnCoresFullOfItsStepsFails() {
        // The CPU-bound stack: 3,210 of 5,120/s started, both cores busy with steps.
        let judgement = ProbeJudgement.judge(figures(achieved: 3_210, dropped: 19_100, usage: usage(busy: 0.98, steps: 0.94)))
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 3210/s of 5120/s started, 19,100 dropped; cores 98% busy, 94% in steps")
        #expect(judgement.nextUsers == nil)
    }

    @Test func aScheduleThatFellBehindOnFullCoresIsTheStacksLimitToo() {
        let judgement = ProbeJudgement.judge(figures(achieved: 5_000, late: true, usage: usage(busy: 0.97, steps: 0.9),
                                                     schedule: ["p99(open_post) < 1ms"]))
        #expect(judgement.verdict == .fail)
        // Late, but nothing failed by it and every iteration started: a pass.
        #expect(ProbeJudgement.judge(figures(late: true, usage: usage(busy: 0.4, steps: 0.3))).verdict == .pass)
    }

    @Test func theHarnessIsBlamedWhenItsWorkTookTheCoresTheStepsNeeded() {
        // Cores full, but the steps took 40% and would need 50% at the target: the harness took the rest.
        let judgement = ProbeJudgement.judge(figures(achieved: 4_096, dropped: 5, usage: usage(busy: 0.95, steps: 0.4)))
        #expect(judgement.verdict == .generatorLimited)
        #expect(judgement.reason == "the harness's own work took 58% of the busy cores (cores 95% busy; the steps needed 50% at the target)")
    }

    @Test func busyUsersOnCoresWithRoomAskForMoreByLittlesLaw() {
        // 8 users busy the whole time at 100/s: 80 ms an iteration; 500/s needs 40, 60 with room for the spread.
        let judgement = ProbeJudgement.judge(figures(target: 500, achieved: 100, dropped: 400, users: 8, maxUsers: 1_024, busyUsers: 8,
                                                     usage: usage(busy: 0.3, steps: 0.28)))
        #expect(judgement.verdict == .moreUsers)
        #expect(judgement.nextUsers == 60)
        #expect(judgement.reason == "all 8 virtual users busy, dropped 400; cores 30% busy")
        // Never more than allowed, and at least twice as many.
        let capped = ProbeJudgement.judge(figures(target: 500, achieved: 100, dropped: 400, users: 8, maxUsers: 40, busyUsers: 8,
                                                  usage: usage(busy: 0.3, steps: 0.28)))
        #expect(capped.nextUsers == 40)
        let doubled = ProbeJudgement.judge(figures(target: 500, achieved: 480, dropped: 20, users: 8, maxUsers: 1_024, busyUsers: 2,
                                                   usage: usage(busy: 0.3, steps: 0.28)))
        #expect(doubled.nextUsers == 16)
    }

    @Test func moreUsersThatStartNoMoreAreTheStacksWaiting() {
        var more = figures(target: 2_000, achieved: 1_969, dropped: 312, users: 64, maxUsers: 1_024, busyUsers: 64,
                           usage: usage(busy: 0.7, steps: 0.4))
        more.fewerUsers = (32, 1_974)
        let judgement = ProbeJudgement.judge(more)
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 1969/s of 2000/s started, 312 dropped; 64 virtual users started no more than "
            + "32 (1974/s): they wait inside steps, cores 70% busy")
        // Those that start more (2% or more) ask for more still.
        more.achievedRate = 1_990
        more.fewerUsers = (32, 1_900)
        #expect(ProbeJudgement.judge(more).verdict == .moreUsers)
        // A probe with as many users (the same rate played again) is no comparison.
        more.achievedRate = 1_969
        more.fewerUsers = (64, 1_974)
        #expect(ProbeJudgement.judge(more).verdict == .moreUsers)
    }

    @Test func moreUsersThatMakeUpAQuarterOfTheShortfallHelpedThoughUnder2PercentMore() {
        // A search on this machine: 32 users started 2,022 of 2,080/s, 64 started 2,050/s (1.4%
        // more, 48% of what the 32 missed): more users wait through the stack's stalls, so more still.
        var more = figures(target: 2_080, achieved: 2_050, dropped: 149, users: 64, maxUsers: 1_024, busyUsers: 64,
                           usage: usage(busy: 0.55, steps: 0.47))
        more.fewerUsers = (32, 2_022)
        #expect(ProbeJudgement.judge(more).verdict == .moreUsers)
        // 64 users started 2,136 of 2,200/s where 32 started 2,124/s: 16% of the shortfall made up.
        more.targetRate = 2_200
        more.achievedRate = 2_136
        more.dropped = 319
        more.fewerUsers = (32, 2_124)
        let judgement = ProbeJudgement.judge(more)
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 2136/s of 2200/s started, 319 dropped; 64 virtual users started little more "
            + "than 32 (2124/s): they wait inside steps, cores 55% busy")
        // The rule's edges, exactly: a quarter of a 100/s shortfall is 25/s (under 2% of 1,900/s, 38/s).
        #expect(!ProbeJudgement.startedNoMore(fewer: (32, 1_900), more: (64, 1_925), target: 2_000))
        #expect(ProbeJudgement.startedNoMore(fewer: (32, 1_900), more: (64, 1_924), target: 2_000))
        // 2% of what the fewer started decides when that is less: 20/s of 1,000/s short of 2,000/s.
        #expect(!ProbeJudgement.startedNoMore(fewer: (32, 1_000), more: (64, 1_020), target: 2_000))
        #expect(ProbeJudgement.startedNoMore(fewer: (32, 1_000), more: (64, 1_019), target: 2_000))
    }

    @Test func fewerUsersThanTheHarnessCouldDriveFailWhenTheMoreStartedNoMore() {
        // 512 users were more than the harness could drive at 3,200/s and started 2,586/s; 256
        // are all busy and start 3,100/s: the more only queued inside the steps too.
        var fewer = figures(target: 3_200, achieved: 3_100, dropped: 500, users: 256, maxUsers: 1_024, busyUsers: 256,
                            usage: usage(busy: 0.75, steps: 0.6))
        fewer.undrivenMoreUsers = (512, 2_586)
        let judgement = ProbeJudgement.judge(fewer)
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 3100/s of 3200/s started, 500 dropped; 512 virtual users started no more "
            + "(2586/s, more than the harness could drive): they wait inside steps, cores 75% busy")
        // When the more started more, more users are asked for (the search then stops: the harness could not drive them).
        fewer.undrivenMoreUsers = (512, 3_180)
        #expect(ProbeJudgement.judge(fewer).verdict == .moreUsers)
        // As many users is no comparison.
        fewer.undrivenMoreUsers = (256, 2_586)
        #expect(ProbeJudgement.judge(fewer).verdict == .moreUsers)
    }

    @Test func everyUserAllowedBusyOnCoresWithRoomIsTheStacksWaiting() {
        let judgement = ProbeJudgement.judge(figures(target: 500, achieved: 470, dropped: 300, users: 32, maxUsers: 32, busyUsers: 32,
                                                     usage: usage(busy: 0.52, steps: 0.5)))
        #expect(judgement.verdict == .fail)
        #expect(judgement.reason == "could not keep up: 470/s of 500/s started, 300 dropped; all 32 virtual users busy inside steps, "
            + "cores 52% busy")
    }

    @Test func aScheduleThatFellBehindWithUsersFreeAndCoresIdleIsTheHarness() {
        let late = ProbeJudgement.judge(figures(late: true, usage: usage(busy: 0.4, steps: 0.3), schedule: ["p99(open_post) < 1ms"]))
        #expect(late.verdict == .generatorLimited)
        #expect(late.reason == "iterations started late (schedule lag p99 5ms) and failed only by that: p99(open_post) < 1ms with users "
            + "free; cores 40% busy")
        let short = ProbeJudgement.judge(figures(achieved: 4_000, usage: usage(busy: 0.4, steps: 0.3)))
        #expect(short.verdict == .generatorLimited)
        #expect(short.reason == "started 4000/s of 5120/s (under 95%) with users free; cores 40% busy")
    }

    @Test func aFewDropsInALongProbeStillKeepUp() {
        // 6 of 12,800 scheduled (under 1%): kept up. 200 (1.6%): every user was busy too often.
        var few = figures(target: 1_280, achieved: 1_280, dropped: 6, users: 64, maxUsers: 1_024, usage: usage(busy: 0.41, steps: 0.25))
        few.scheduled = 12_800
        few.fewerUsers = (32, 1_272)
        #expect(ProbeJudgement.judge(few).verdict == .pass)
        few.dropped = 200
        // Started all but 1.6% with more users than before: more still, not the stack's limit yet.
        #expect(ProbeJudgement.judge(few).verdict == .moreUsers)
    }

    @Test func aThresholdOnTheStacksFiguresFailsAndOneKeptUpPasses() {
        #expect(ProbeJudgement.judge(figures(usage: usage(busy: 0.99, steps: 0.95), stack: ["p99(open_post) < 1ms"])).verdict == .fail)
        #expect(ProbeJudgement.judge(figures(achieved: 4_900, usage: usage(busy: 0.99, steps: 0.95))).verdict == .pass)
        var interrupted = figures(usage: nil, stack: ["errors == 0"])
        interrupted.wasInterrupted = true
        #expect(ProbeJudgement.judge(interrupted).verdict == .interrupted)
    }
}
