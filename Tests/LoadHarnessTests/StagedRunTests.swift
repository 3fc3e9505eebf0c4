import Foundation
import LoadHarness
import Testing

/// Staged loads and setup steps played on an injected clock: exact counts per stage and per
/// second, setup played once per user and kept apart from the iterations, and the stage,
/// drop and lag thresholds judged on them.
@Suite struct StagedRunTests {
    private func run(_ yaml: String) throws -> RunResult {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: yaml, path: "staged.yaml"))
        runner.clock = ManualClock()
        return try runner.run()
    }

    private static let dataset = "dataset: { users: 6, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }"

    @Test func aRampingArrivalRateStartsEachStagesIterationsExactly() throws {
        let result = try run("""
            name: staged
            stack: { storage: memory }
            \(Self.dataset)
            load:
              start_rate: 10/s
              stages:
                - { duration: 2s, target: 10/s, name: steady }
                - { duration: 2s, target: 20/s, name: rise }
              max_virtual_users: 1
            setup:
              - login
            steps:
              - open_profile: { user: self }
              - close_profile
            thresholds:
              - "ops_per_s(open_profile){stage:rise} == 15.5"
              - "errors(open_profile){stage:steady} == 0"
              - "dropped_iterations == 0"
              - "dropped_iterations{stage:rise} == 0"
              - "schedule_lag_p99 < 1us"
              - "ops_per_s(open_profile){stage:steady} > 10"
            """)
        let variant = try #require(result.variants.first)
        // 10/s for 2 s then 10/s to 20/s over 2 s: an area of 20 + 30 iterations, each started
        // when the area reaches its number (k6's ramping-arrival-rate), the 20th at 2 s exactly
        // (the rise's first moment).
        #expect(variant.iterations == 50)
        #expect(variant.droppedIterations == 0)
        #expect(variant.loadModel == "ramping-arrival-rate")
        #expect(variant.steps.map(\.step) == ["setup.login", "open_profile", "close_profile"])
        #expect(variant.steps.map(\.count) == [1, 50, 50])
        #expect(variant.stages.map(\.name) == ["steady", "rise"])
        #expect(variant.stages.map { $0.steps.first { $0.step == "open_profile" }?.count } == [19, 31])
        #expect(variant.stages.map(\.load.dropped) == [0, 0])
        // The target rate is the schedule's starts in the stage per second, beside what started.
        #expect(variant.stages.map(\.load.targetRate) == [9.5, 15.5])
        #expect(variant.stages.map(\.load.achievedRate) == [9.5, 15.5])
        // Per second: iterations started in it.
        let perSecond = variant.timeSeries.filter { $0.step == "open_profile" }.map(\.count)
        #expect(perSecond.reduce(0, +) == 50)
        #expect(perSecond.prefix(2) == [9, 10])
        // Thresholds on stages, drops and lag are judged; a stage threshold can fail.
        #expect(result.thresholds.map(\.passed) == [true, true, true, true, true, false])
        #expect(result.thresholds.last?.observed == 9.5)
    }

    @Test func stairsOfRatesHoldEachLevelsRate() throws {
        // Gatling's incrementUsersPerSec(50).times(3).eachLevelLasting(3).startingFrom(50):
        // each level holds its rate from its first instant to its end.
        let result = try run("""
            name: stairs
            stack: { storage: memory }
            \(Self.dataset)
            load:
              stairs: { start: 50/s, step: 50/s, levels: 3, level: 3s }
              max_virtual_users: 1
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
            thresholds:
              - "ops_per_s(open_profile){stage:level1} == 50"
              - "ops_per_s(open_profile){stage:level2} == 100"
              - "ops_per_s(open_profile){stage:level3} == 150"
              - "dropped_iterations == 0"
            """)
        let variant = try #require(result.variants.first)
        #expect(variant.iterations == 900)
        #expect(variant.stages.map(\.name) == ["level1", "level2", "level3"])
        #expect(variant.stages.map(\.target) == [50, 100, 150])
        #expect(variant.stages.map { $0.steps.first { $0.step == "open_profile" }?.count } == [150, 300, 450])
        #expect(variant.stages.map(\.start) == [0, 3, 6])
        #expect(variant.stages.map(\.load.targetRate) == [50, 100, 150])
        #expect(variant.stages.map(\.load.achievedRate) == [50, 100, 150])
        #expect(variant.stages.map(\.load.dropped) == [0, 0, 0])
        // Per second: the level's rate from the level's first second (before: 59, 75, 91/s
        // inside level 2, as it ramped from level 1's rate).
        let seconds = variant.timeSeries.filter { $0.step == "open_profile" }
        #expect(seconds.map(\.count) == [50, 50, 50, 100, 100, 100, 150, 150, 150])
        #expect(seconds.prefix(8).map { $0.load?.targetRate } == [50, 50, 50, 100, 100, 100, 150, 150])
        #expect(seconds.prefix(8).map { $0.load?.achievedRate } == [50, 50, 50, 100, 100, 100, 150, 150])
        #expect(result.thresholds.map(\.passed) == [true, true, true, true])
    }

    @Test func stairsOfRatesWithRampsRampBetweenLevelsThatHold() throws {
        let result = try run("""
            name: stairs
            stack: { storage: memory }
            \(Self.dataset)
            load:
              stairs: { start: 50/s, step: 50/s, levels: 3, level: 3s, ramp: 2s }
              max_virtual_users: 1
            setup: [login]
            steps:
              - open_profile: { user: self }
            thresholds:
              - "ops_per_s(open_profile){stage:ramp2} == 75"
              - "ops_per_s(open_profile){stage:level2} == 100"
            """)
        let variant = try #require(result.variants.first)
        #expect(variant.stages.map(\.name) == ["level1", "ramp2", "level2", "ramp3", "level3"])
        #expect(variant.stages.map(\.target) == [50, 100, 100, 150, 150])
        // A ramp's iterations are the area under its rate (50 to 100/s over 2 s: 150), a level's its rate's.
        #expect(variant.stages.map { $0.steps.first { $0.step == "open_profile" }?.count } == [150, 150, 300, 250, 450])
        #expect(variant.stages.map(\.load.targetRate) == [50, 75, 100, 125, 150])
        #expect(variant.stages.map(\.load.achievedRate) == [50, 75, 100, 125, 150])
        #expect(result.thresholds.map(\.passed) == [true, true])
    }

    @Test func setupIsPlayedOncePerUserApartFromTheIterations() throws {
        let result = try run("""
            name: setup
            stack: { storage: memory }
            \(Self.dataset)
            load: { virtual_users: 3, iterations: 4 }
            setup:
              - login
              - open_profile: { user: nobody_here }
            steps:
              - open_profile: { user: self }
              - close_profile
            thresholds:
              - "errors(setup.open_profile) == 3"
              - "errors(open_profile) == 0"
              - "errors == 3"
            """)
        let variant = try #require(result.variants.first)
        #expect(variant.iterations == 12)
        // Once per user (3), before the 3 x 4 iterations, which never log in again.
        #expect(variant.steps.map(\.step) == ["setup.login", "setup.open_profile", "open_profile", "close_profile"])
        #expect(variant.steps.map(\.count) == [3, 3, 12, 12])
        #expect(variant.steps.map { $0.errors.values.reduce(0, +) } == [0, 3, 0, 0])
        #expect(result.thresholds.map(\.passed) == [true, true, true])
        // The time series counts iterations' steps only.
        #expect(variant.timeSeries.filter { $0.step.hasPrefix("setup.") }.isEmpty)
        #expect(variant.timeSeries.filter { $0.step == "open_profile" }.map(\.count).reduce(0, +) == 12)
    }

    @Test func rampingUsersPlayEachStageForItsDuration() throws {
        // One user for 3 s, then ramped to none over 2 s (it stops when the ramp reaches 0, at
        // 5 s); each iteration thinks 1 s: iterations start at 0, 1, 2 (hold) and 3, 4 (down).
        let result = try run("""
            name: users
            stack: { storage: memory }
            \(Self.dataset)
            load:
              start_virtual_users: 1
              stages:
                - { duration: 3s, target: 1, name: hold }
                - { duration: 2s, target: 0, name: down }
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
              - think: 1s
            thresholds:
              - "ops_per_s(open_profile){stage:down} == 1"
            """)
        let variant = try #require(result.variants.first)
        #expect(variant.loadModel == "ramping-users")
        #expect(variant.iterations == 5)
        #expect(variant.stages.map { $0.steps.first { $0.step == "open_profile" }?.count } == [3, 2])
        #expect(variant.stages.map(\.load.targetRate) == [nil, nil])
        #expect(variant.stages.map(\.load.virtualUsers) == [1, 1])
        #expect(result.thresholds.map(\.passed) == [true])
    }
}
