@testable import LoadHarness
import Testing

/// The load models' schedules, exactly: when each user is active and when each iteration is
/// meant to start (k6's ramping-vus and ramping-arrival-rate arithmetic), from the plan alone.
@Suite struct LoadScheduleTests {
    private let second: UInt64 = 1_000_000_000

    @Test func rampingUsersAddAndRemoveOneUserAtATimeAsK6Does() {
        // k6's example: 0 to 10 users over 10 s, hold 10 s, down to 0 over 10 s.
        let schedule = UserSchedule.ramping(start: 0, stages: [(10 * second, 10), (10 * second, 10), (10 * second, 0)])
        let up: [UInt64] = (1...10).map { UInt64($0) * second }, down: [UInt64] = (21...30).map { UInt64($0) * second }
        #expect(schedule.steps.map(\.offset) == [0] + up + down)
        #expect(schedule.steps.map(\.users) == Array(0...10) + Array((0...9).reversed()))
        #expect(schedule.end == 30 * second)
        #expect(schedule.users(at: 0) == 0)
        #expect(schedule.users(at: 5 * second + 1) == 5)
        #expect(schedule.users(at: 15 * second) == 10)
        #expect(schedule.users(at: 29 * second) == 1)
        #expect(schedule.users(at: 30 * second) == 0)
        // The first user comes first and goes last.
        #expect(schedule.intervals(of: 0) == [.init(from: 1 * second, to: 30 * second)])
        #expect(schedule.intervals(of: 9) == [.init(from: 10 * second, to: 21 * second)])
        #expect(schedule.intervals(of: 10).isEmpty)
        #expect(schedule.peak == 10)
    }

    @Test func aStageWithoutDurationJumpsAndUsersComeBack() {
        let schedule = UserSchedule.ramping(start: 2, stages: [(0, 4), (2 * second, 4), (second, 1), (second, 3)])
        // Going down, each user stops when the next one down would have started (k6's integer arithmetic).
        #expect(schedule.steps == [.init(offset: 0, users: 4), .init(offset: 3 * second - 2 * second / 3, users: 3),
                                   .init(offset: 3 * second - second / 3, users: 2), .init(offset: 3 * second, users: 1),
                                   .init(offset: 3 * second + second / 2, users: 2), .init(offset: 4 * second, users: 3)])
        #expect(schedule.intervals(of: 1) == [.init(from: 0, to: 3 * second), .init(from: 3 * second + second / 2, to: 4 * second)])
        #expect(schedule.intervals(of: 3) == [.init(from: 0, to: 3 * second - 2 * second / 3)])
    }

    @Test func theClosedModelsRampUpStartsUserIAfterIQuartersOfIt() {
        let plan = LoadModel.ClosedLoad(virtualUsers: 4, iterations: nil, duration: .seconds(10), rampUp: .seconds(4)).plan
        #expect(plan.users?.steps == (0..<4).map { .init(offset: UInt64($0) * second, users: $0 + 1) })
        #expect(plan.users?.intervals(of: 3) == [.init(from: 3 * second, to: 10 * second)])
        #expect(plan.stages.map(\.name) == ["stage1"])
        let untimed = LoadModel.ClosedLoad(virtualUsers: 2, iterations: 5).plan
        #expect(untimed.users?.intervals(of: 1) == [.init(from: 0, to: nil)])
    }

    @Test func theOpenModelKeepsItsMeaning() throws {
        // 100/s for 500 ms: 50 iterations 10 ms apart, the first at once.
        let arrivals = try #require(LoadModel.OpenLoad(arrivalRate: 100, duration: .milliseconds(500), maxVirtualUsers: 1).plan.arrivals)
        #expect(arrivals.count == 50)
        #expect((0..<50).map(arrivals.start(of:)) == (0..<50).map { UInt64($0) * 10_000_000 })
        #expect(arrivals.firstIteration(atOrAfter: 25_000_000) == 3)
        #expect(arrivals.iterations(from: 0, to: 100_000_000) == 10)
    }

    @Test func rampingArrivalRatesStartEachIterationWhenTheAreaReachesIt() throws {
        // From 0/s to 10/s over 10 s: the rate is t/s, the area t²/2, iteration n at sqrt(2n) s.
        let ramp = RampingArrivals(startRate: 0, stages: [(10 * second, 10)])
        #expect(ramp.count == 50)
        #expect(ramp.start(of: 1) == 2 * second)  // the 2nd: area 2 at t = 2 s
        #expect(ramp.start(of: 7) == 4 * second)
        #expect(ramp.start(of: 49) == 10 * second)
        #expect(ramp.start(of: 0) == 1_414_213_562)
        // A constant stage: evenly spaced, the first one interval in (area 1).
        let level = RampingArrivals(startRate: 100, stages: [(second, 100), (second, 300)])
        #expect((0..<100).map(level.start(of:)) == (1...100).map { UInt64($0) * 10_000_000 })
        #expect(level.count == 100 + 200)
        // A fraction of an iteration carries into the next stage: 2.5 at 5/s in 0.5 s, a jump, then 10/s.
        let carried = RampingArrivals(startRate: 5, stages: [(second / 2, 5), (0, 10), (second, 10)])
        #expect(carried.count == 12)
        #expect(carried.start(of: 1) == 400_000_000)
        #expect(carried.start(of: 2) == 550_000_000)
    }

    @Test func stairsAreLevelsThatHoldWithRampsBetween() {
        let stages = Stairs.stages(start: 50, step: 50, levels: 3, level: .seconds(20), ramp: .seconds(2))
        #expect(stages == [
            LoadStage(duration: .seconds(20), target: 50, name: "level1", holds: true),
            LoadStage(duration: .seconds(2), target: 100, name: "ramp2"),
            LoadStage(duration: .seconds(20), target: 100, name: "level2", holds: true),
            LoadStage(duration: .seconds(2), target: 150, name: "ramp3"),
            LoadStage(duration: .seconds(20), target: 150, name: "level3", holds: true),
        ])
        #expect(Stairs.stages(start: 1, step: 1, levels: 2, level: .seconds(1), ramp: .zero).map(\.name) == ["level1", "level2"])
    }

    /// The intended starts of `plan`'s iterations in each of its stages (the last stage's
    /// also one at its very end, as `stages.csv` counts them).
    private func startsPerStage(_ plan: LoadPlan) throws -> [[UInt64]] {
        let arrivals = try #require(plan.arrivals)
        return plan.stages.enumerated().map { index, span in
            let first = arrivals.firstIteration(atOrAfter: span.start)
            let last = index == plan.stages.count - 1 ? arrivals.count : span.end.map(arrivals.firstIteration(atOrAfter:)) ?? arrivals.count
            return (first..<last).map(arrivals.start(of:))
        }
    }

    /// `count` starts from `from`, `rate` a second apart (each rounded to the nanosecond).
    private func evenly(from: UInt64, rate: UInt64, count: Int) -> [UInt64] {
        (0..<UInt64(count)).map { from + (2 * $0 * second + rate) / (2 * rate) }
    }

    @Test func stairsOfRatesHoldEachLevelsRateFromItsFirstInstant() throws {
        // Gatling's incrementUsersPerSec(50).times(3).eachLevelLasting(3).startingFrom(50):
        // 50/s, 100/s, 150/s for 3 s each, jumping between levels: 150, 300 and 450 starts, the
        // first at each level's first instant, evenly spaced, none at a level's end.
        let plan = LoadModel.RampingArrivalRate(startRate: 50, stages: Stairs.stages(start: 50, step: 50, levels: 3, level: .seconds(3),
                                                                                   ramp: .zero), maxVirtualUsers: 4).plan
        #expect(plan.stages.map(\.name) == ["level1", "level2", "level3"])
        #expect(plan.stages.map(\.start) == [0, 3 * second, 6 * second])
        #expect(plan.stages.map(\.target) == [50, 100, 150])
        let starts = try startsPerStage(plan)
        #expect(starts.map(\.count) == [150, 300, 450])
        #expect(plan.arrivals?.count == 900)
        #expect(starts[0] == evenly(from: 0, rate: 50, count: 150))
        #expect(starts[1] == evenly(from: 3 * second, rate: 100, count: 300))
        #expect(starts[2] == evenly(from: 6 * second, rate: 150, count: 450))
        // Per second (timeseries.csv's target_rate), the level's rate from its first second.
        let arrivals = try #require(plan.arrivals)
        #expect((0..<9).map { arrivals.iterations(from: UInt64($0) * second, to: UInt64($0 + 1) * second) }
            == [50, 50, 50, 100, 100, 100, 150, 150, 150])
    }

    @Test func stairsOfRatesRampBetweenLevelsAndHoldTheLevels() throws {
        // With ramps of 2 s: level1 0-3 s, ramp2 3-5 s (50 to 100/s), level2 5-8 s, ramp3 8-10 s
        // (100 to 150/s), level3 10-13 s. A ramp starts an iteration whenever the area under
        // its rate grows by one: 50 x 2 + 25 x 2² / 2 = 150 in ramp2, 250 in ramp3.
        let plan = LoadModel.RampingArrivalRate(startRate: 50, stages: Stairs.stages(start: 50, step: 50, levels: 3, level: .seconds(3),
                                                                                   ramp: .seconds(2)), maxVirtualUsers: 4).plan
        #expect(plan.stages.map(\.name) == ["level1", "ramp2", "level2", "ramp3", "level3"])
        #expect(plan.stages.map(\.start) == [0, 3, 5, 8, 10].map { $0 * second })
        let starts = try startsPerStage(plan)
        #expect(starts.map(\.count) == [150, 150, 300, 250, 450])
        #expect(starts[0] == evenly(from: 0, rate: 50, count: 150))
        #expect(starts[2] == evenly(from: 5 * second, rate: 100, count: 300))
        #expect(starts[4] == evenly(from: 10 * second, rate: 150, count: 450))
        // Within ramp2 the rate is 50 + 25 t: iteration m of it starts when 50 t + 12.5 t² = m.
        let ramp: [UInt64] = (0..<150).map { (m: Int) -> UInt64 in
            let seconds: Double = ((2500 + 50 * Double(m)).squareRoot() - 50) / 25
            return 3 * second + UInt64((seconds * 1e9).rounded())
        }
        #expect(zip(starts[1], ramp).allSatisfy { max($0, $1) - min($0, $1) <= 1 })
        // So its starts come closer: 20 ms apart at its start (50/s), about 10 ms at its end.
        #expect(starts[1][1] - starts[1][0] > 19_000_000)
        #expect(starts[1][149] - starts[1][148] < 10_100_000)
    }

    @Test func ordinaryStagesStillRampFromThePreviousTarget() throws {
        // The same targets as stages (k6's ramping-arrival-rate): each ramps from the one before.
        let plan = LoadModel.RampingArrivalRate(startRate: 50, stages: [
            LoadStage(duration: .seconds(3), target: 50, name: "a"), LoadStage(duration: .seconds(3), target: 100, name: "b"),
            LoadStage(duration: .seconds(3), target: 150, name: "c"),
        ], maxVirtualUsers: 4).plan
        // Areas 150, 225, 375; the first iteration one interval in, each stage's last at its
        // end (the next stage's first moment), the run's last at its very end.
        #expect(try startsPerStage(plan).map(\.count) == [149, 225, 376])
        #expect(plan.arrivals?.count == 750)
    }

    @Test func stairsOfUsersJumpToEachLevelAtItsStart() throws {
        // Gatling's incrementConcurrentUsers(5).times(3).eachLevelLasting(10).startingFrom(5).
        let levels = LoadModel.RampingUsers(startVirtualUsers: 5, stages: Stairs.stages(start: 5, step: 5, levels: 3,
                                                                                       level: .seconds(10), ramp: .zero)).plan
        let users = try #require(levels.users)
        #expect(users.steps == [.init(offset: 0, users: 5), .init(offset: 10 * second, users: 10), .init(offset: 20 * second, users: 15)])
        #expect(users.end == 30 * second)
        #expect(users.intervals(of: 9) == [.init(from: 10 * second, to: 30 * second)])
        #expect(users.intervals(of: 10) == [.init(from: 20 * second, to: 30 * second)])
        #expect(levels.stages.map(\.name) == ["level1", "level2", "level3"])
        #expect(levels.stages.map(\.target) == [5, 10, 15])
        // With ramps of 2 s, one user at a time within each ramp (k6's ramping-vus), then the level holds.
        let ramped = LoadModel.RampingUsers(startVirtualUsers: 5, stages: Stairs.stages(start: 5, step: 5, levels: 2,
                                                                                       level: .seconds(10), ramp: .seconds(2))).plan
        let rampedUsers = try #require(ramped.users)
        #expect(rampedUsers.steps == [.init(offset: 0, users: 5)]
            + (6...10).map { .init(offset: 10 * second + UInt64($0 - 5) * 2 * second / 5, users: $0) })
        #expect(rampedUsers.end == 22 * second)
        // The same targets as stages ramp over the whole stage instead.
        let staged = UserSchedule.ramping(start: 5, stages: [(10 * second, 5), (10 * second, 10)])
        #expect(staged.steps.map(\.offset) == [0] + (1...5).map { 10 * second + UInt64($0) * 2 * second })
    }

    @Test func aMomentBelongsToTheStageItFallsIn() {
        let plan = LoadModel.RampingArrivalRate(startRate: 10, stages: [
            LoadStage(duration: .seconds(2), target: 10, name: "a"), LoadStage(duration: .seconds(3), target: 20, name: "b"),
        ], maxVirtualUsers: 4).plan
        #expect(plan.stages.map(\.start) == [0, 2 * second])
        #expect(plan.stages.map(\.end) == [2 * second, 5 * second])
        #expect(plan.stage(at: 0) == 0)
        #expect(plan.stage(at: 2 * second - 1) == 0)
        #expect(plan.stage(at: 2 * second) == 1)
        #expect(plan.stage(at: 9 * second) == 1)  // users finishing after the end: the last stage
    }
}
