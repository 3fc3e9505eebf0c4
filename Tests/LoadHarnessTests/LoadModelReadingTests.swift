import LoadHarness
import Testing

/// The load section as the reader takes it: each model from its keys, stages and stairs with
/// k6's and Gatling's meaning, and every mistake reported at once with its line and column.
@Suite struct LoadModelReadingTests {
    private func report(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        ScenarioTestSupport.report(yaml, sourceLocation: sourceLocation)
    }

    private func load(_ section: String, sourceLocation: SourceLocation = #_sourceLocation) -> LoadModel? {
        ScenarioTestSupport.scenario("name: t\nload: \(section)\nsteps: [login]\n", sourceLocation: sourceLocation)?.load
    }

    @Test func eachModelIsReadFromItsKeys() {
        #expect(load("{ virtual_users: 2 }")?.name == "closed")
        #expect(load("{ arrival_rate: 5/s, duration: 1s, max_virtual_users: 2 }")?.name == "open")
        #expect(load("{ stages: [{ duration: 1s, target: 2 }] }")
            == .rampingUsers(.init(startVirtualUsers: 1, stages: [LoadStage(duration: .seconds(1), target: 2, name: "stage1")])))
        #expect(load("{ start_rate: 10/s, stages: [{ duration: 1m, target: 12/m, name: peak }], max_virtual_users: 4 }")
            == .rampingArrivalRate(.init(startRate: 10, stages: [LoadStage(duration: .seconds(60), target: 0.2, name: "peak")],
                                         maxVirtualUsers: 4)))
        let stairs = load("{ stairs: { start: 50/s, step: 50/s, levels: 2, level: 20s, ramp: 2s }, max_virtual_users: 64 }")
        #expect(stairs?.name == "ramping-arrival-rate")
        #expect(stairs?.stages.map(\.name) == ["level1", "ramp2", "level2"])
        // Levels hold (Gatling's stairs); ramps, and every stage of `stages:`, ramp (k6's stages).
        #expect(stairs?.stages.map(\.holds) == [true, false, true])
        #expect(load("{ stages: [{ duration: 1s, target: 2 }, { duration: 1s, target: 4 }] }")?.stages.map(\.holds) == [false, false])
        #expect(stairs?.virtualUsers == 64)
        let users = load("{ stairs: { start: 5, step: 5, levels: 3, level: 10s }, warmup: 1 }")
        #expect(users?.name == "ramping-users")
        #expect(users?.virtualUsers == 15)
        #expect(users?.warmup == 1)
    }

    @Test func everyMistakeInAStagedLoadIsReportedAtOnce() {
        #expect(report("""
            name: t
            load:
              start_virtual_users: -1
              stages:
                - { duration: 10s, target: -5 }
                - { target: 10 }
                - { duration: 5s }
                - { duration: 5s, target: 200/s }
                - { duration: 1s, target: 3, name: Hold }
                - { duration: 1s, target: 3, nmae: x }
            steps: [login]
            """) == [
            "3:24: 'start_virtual_users' must be at least 0, got -1",
            "5:32: 'target' must be at least 0, got -5",
            "6:7: missing required key 'duration' in 'stages'",
            "7:7: missing required key 'target' in 'stages'",
            "8:31: expected a number of users for 'target', got '200/s': a rate is a target of the open model "
                + "(give 'max_virtual_users' too, or write users)",
            "9:40: expected a name of lowercase letters, digits and '-' for 'name', got 'Hold'",
            "10:34: unknown key 'nmae' in 'stages'; did you mean 'name'?",
        ])
    }

    @Test func stagesCannotBeMixedWithAnotherModel() {
        #expect(report("name: t\nload:\n  virtual_users: 4\n  stages: [{ duration: 10s, target: 5 }]\nsteps: [login]") == [
            "4:3: cannot mix the closed model ('virtual_users') with the closed model in stages ('stages') in 'load'; "
                + "use virtual_users, iterations or duration, ramp_up, or else stages or stairs in users, start_virtual_users, warmup",
        ])
        #expect(report("""
            name: t
            load:
              stages: [{ duration: 5s, target: 100/s }]
              stairs: { start: 1/s, step: 1/s, levels: 2, level: 1s }
            steps: [login]
            """) == [
            "3:3: missing required key 'max_virtual_users' in 'load' (the open model in stages needs 'stages' or 'stairs', and max_virtual_users)",
            "4:3: 'stages' and 'stairs' cannot both shape a load; keep one",
        ])
    }

    /// Every open model reads `max_virtual_users` one way: a whole number from 1 to 10,000.
    @Test func theOpenModelsReadMaxVirtualUsersAlike() {
        #expect(report("""
            name: t
            load: { arrival_rate: 10/s, duration: 1s, max_virtual_users: 20000 }
            steps: [login]
            """) == ["2:62: 'max_virtual_users' must be at most 10000 (one thread each), got 20000"])
        #expect(report("""
            name: t
            load: { arrival_rate: 10/s, duration: 1s, max_virtual_users: 0 }
            steps: [login]
            """).count == 1)
    }

    @Test func stairsAndRatesAreChecked() {
        #expect(report("""
            name: t
            load:
              stairs: { start: 10/s, step: 5, levels: 0, level: 0s, ramp: x }
              max_virtual_users: 20000
            steps: [login]
            """) == [
            "3:32: expected a rate like '200/s' or '12/m' for 'step', got '5' (a rate has a unit: '5/s')",
            "3:43: 'levels' must be at least 1, got 0",
            "3:53: 'level' must be more than 0s, got '0s'",
            "3:63: expected a duration like '10ms' or '1.5s' (units: ns, us, ms, s, m) for 'ramp', got 'x'",
            "4:22: 'max_virtual_users' must be at most 10000 (one thread each), got 20000",
        ])
        #expect(report("""
            name: t
            load:
              start_rate: 10/s
              stages:
                - { duration: 5s, target: 100, name: up }
                - { duration: 5s, target: -100/s, name: up }
            steps: [login]
            """) == [
            "3:3: missing required key 'max_virtual_users' in 'load' (the open model in stages needs 'stages' or 'stairs', and max_virtual_users)",
            "5:31: expected a rate like '200/s' or '12/m' for 'target', got '100' (a rate has a unit: '100/s')",
            "6:31: 'target' must be at least 0, got '-100/s'",
            "6:45: duplicate stage name 'up' (also line 5); each stage needs its own name",
        ])
        #expect(report("name: t\nload: { stairs: { start: 1, step: 1, levels: 2, level: 1s }, start_virtual_users: 3 }\nsteps: [login]") == [
            "2:62: 'start_virtual_users' has no place beside 'stairs': the stairs begin at their own 'start'",
        ])
    }

    @Test func aLoadThatNeverRunsIsRefused() {
        #expect(report("name: t\nload: { stages: [{ duration: 5s, target: 0 }], start_virtual_users: 0 }\nsteps: [login]") == [
            "2:17: no virtual user would ever run: give 'start_virtual_users' or a stage's target a value above 0",
        ])
        #expect(report("name: t\nload: { stages: [{ duration: 5s, target: 0/s }], max_virtual_users: 2 }\nsteps: [login]") == [
            "2:17: the stages start no iteration: give 'start_rate' or a stage's target a rate above 0",
        ])
        #expect(report("name: t\nload: { stages: [{ duration: 0s, target: 3 }] }\nsteps: [login]") == [
            "2:17: the stages last 0s in all; give a stage a duration",
        ])
        #expect(report("name: t\nload: { stairs: { start: 0, step: 0, levels: 3, level: 1s } }\nsteps: [login]") == [
            "2:17: the stairs never leave 0: give 'start' or 'step' a value above 0",
        ])
    }

    @Test func thresholdsNameStagesAndSetupSteps() {
        let scenario = ScenarioTestSupport.scenario("""
            name: t
            load:
              stairs: { start: 50/s, step: 50/s, levels: 3, level: 20s, ramp: 2s }
              max_virtual_users: 64
            setup: [login]
            steps: [logout]
            thresholds:
              - "p99(logout){stage:level3} < 5ms"
              - "p99(setup.login) < 50ms"
              - "dropped_iterations{stage:ramp2}{variant:weak} == 0"
              - "schedule_lag_p99 < 1ms"
            """)
        #expect(scenario?.thresholds.map(\.stage) == ["level3", nil, "ramp2", nil])
        #expect(scenario?.thresholds.map(\.step) == ["logout", "setup.login", nil, nil])
        #expect(scenario?.thresholds[3].value == 1_000)
        #expect(scenario?.setup.map(\.name) == ["login"])
        #expect(report("""
            name: t
            load: { start_rate: 1/s, stages: [{ duration: 5s, target: 9/s, name: hold }], max_virtual_users: 2 }
            steps: [login]
            thresholds:
              - "p99(login){stage:hodl} < 5ms"
              - "leaked_objects{stage:hold} == 0"
              - "p99(setup.login) < 5ms"
            """) == [
            "5:23: stage 'hodl' is not a stage of this scenario's load; did you mean 'hold'?",
            "6:27: 'leaked_objects' is measured per variant, not per stage: remove '{stage:hold}'",
            "7:10: step 'setup.login' is not in this scenario's steps; its measured steps are login",
        ])
        // A constant load is one stage, `stage1`.
        #expect(report("name: t\nload: { virtual_users: 2 }\nsteps: [login]\nthresholds: [\"p99(login){stage:peak} < 5ms\"]") == [
            "4:32: stage 'peak' is not a stage of this scenario's load; its stages are stage1",
        ])
    }
}
