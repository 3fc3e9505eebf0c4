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

    @Test func stairsAreLevelsWithRampsBetween() {
        let stages = Stairs.stages(start: 50, step: 50, levels: 3, level: .seconds(20), ramp: .seconds(2))
        #expect(stages == [
            LoadStage(duration: .seconds(20), target: 50, name: "level1"), LoadStage(duration: .seconds(2), target: 100, name: "ramp2"),
            LoadStage(duration: .seconds(20), target: 100, name: "level2"), LoadStage(duration: .seconds(2), target: 150, name: "ramp3"),
            LoadStage(duration: .seconds(20), target: 150, name: "level3"),
        ])
        #expect(Stairs.stages(start: 1, step: 1, levels: 2, level: .seconds(1), ramp: .zero).map(\.name) == ["level1", "level2"])
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
