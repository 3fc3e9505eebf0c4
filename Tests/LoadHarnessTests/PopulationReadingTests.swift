import LoadHarness
import Testing

/// `populations:` as the reader takes it (design section 20): each population with its own
/// load, setup, steps and start; a plain scenario is one unnamed population; every mistake
/// reported at once with its line and column.
@Suite struct PopulationReadingTests {
    private func report(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        ScenarioTestSupport.report(yaml, sourceLocation: sourceLocation)
    }

    @Test func eachPopulationHasItsOwnLoadSetupStepsAndStart() throws {
        let scenario = try #require(ScenarioTestSupport.scenario("""
            name: busy
            populations:
              - name: readers
                load: { arrival_rate: 20/s, duration: 2s, max_virtual_users: 4 }
                setup: [login]
                steps:
                  - open_feed
              - name: writers
                load: { virtual_users: 2, iterations: 3 }
                start_after: 500ms
                steps: [login, post: { text: "hi {vu}" }]
            thresholds:
              - "p99(open_feed){population:readers} < 50ms"
              - "errors{population:writers} == 0"
              - "dropped_iterations{population:readers} == 0"
              - "p99(open_feed) < 50ms"
            """))
        #expect(scenario.hasPopulations)
        #expect(scenario.populations.map(\.name) == ["readers", "writers"])
        #expect(scenario.populations.map(\.load.name) == ["open", "closed"])
        #expect(scenario.populations.map(\.startAfter) == [.zero, .milliseconds(500)])
        #expect(scenario.populations.map(\.setup.count) == [1, 0])
        #expect(scenario.populations.map(\.steps.count) == [1, 2])
        #expect(scenario.virtualUsers == 6)
        #expect(scenario.loadModelName == "readers:open,writers:closed")
        #expect(scenario.thresholds.map(\.population) == ["readers", "writers", "readers", nil])
        #expect(scenario.thresholds.first?.step == "open_feed")
    }

    @Test func aPlainScenarioIsOneUnnamedPopulation() throws {
        let scenario = try #require(ScenarioTestSupport.scenario("""
            name: plain
            load: { virtual_users: 2, iterations: 3 }
            setup: [login]
            steps: [open_feed]
            """))
        #expect(!scenario.hasPopulations)
        #expect(scenario.populations.isEmpty)
        let only = try #require(scenario.playedPopulations.first)
        #expect(scenario.playedPopulations.count == 1)
        #expect(only.name == "")
        #expect(only.load == scenario.load)
        #expect(only.setup == scenario.setup)
        #expect(only.steps == scenario.steps)
        #expect(scenario.loadModelName == "closed")
    }

    @Test func everyMistakeInPopulationsIsReportedAtOnce() {
        #expect(report("""
            name: t
            load: { virtual_users: 1 }
            populations:
              - name: readers
                load: { arrival_rate: 10/s, duration: 10s, max_virtual_users: 2 }
                steps: [open_feed]
              - name: writers
                load: { virtual_users: 1, iterations: 2 }
              - name: readers
                steps: [open_feed]
              - name: setup
                steps: [login]
              - name: late
                load: { arrival_rate: 1/s, duration: 5s, max_virtual_users: 1 }
                start_after: 10s
                steps: [login]
              - name: x
                stpes: [login]
            thresholds:
              - "p99(open_feed){population:reader} < 10ms"
              - "p99(logout){population:readers} < 10ms"
              - "leaked_objects{population:readers} == 0"
              - "p99(open_feed){stage:stage1} < 10ms"
              - "p99(open_feed){stage:hold}{population:readers} < 10ms"
            """) == [
            "2:1: 'load' belongs to each population when 'populations' is given: move it into the populations "
                + "(or write one population as a plain 'load:' and 'steps:' without 'populations')",
            "7:5: missing required key 'steps' in 'populations' (population 'writers' has nothing to play)",
            "9:11: duplicate population name 'readers' (first at line 4); each population needs its own name",
            "11:11: 'setup' cannot name a population: it reads as the setup steps' prefix (setup.login); choose another name",
            "17:5: missing required key 'steps' in 'populations' (population 'x' has nothing to play)",
            "18:5: unknown key 'stpes' in 'populations'; did you mean 'steps'?",
            "20:32: population 'reader' is not declared in 'populations'; did you mean 'readers'?",
            "21:10: step 'logout' is not in population 'readers''s steps; its measured steps are open_feed",
            "22:32: 'leaked_objects' is measured per variant, not per population: remove '{population:readers}'",
            "23:27: a stage belongs to one population's load: add '{population:NAME}' "
                + "(populations with a stage 'stage1': readers, writers, setup, late, x)",
            "24:27: stage 'hold' is not a stage of population 'readers''s load; its stages are stage1",
        ])
    }

    @Test func aStartPastTheRunsEndNamesBothTimes() {
        #expect(report("""
            name: t
            populations:
              - name: readers
                load: { arrival_rate: 10/s, duration: 90s, max_virtual_users: 2 }
                steps: [open_feed]
              - name: late
                load: { arrival_rate: 1/s, duration: 5s, max_virtual_users: 1 }
                start_after: 2m
                steps: [login]
            """) == [
            "8:18: population 'late' starts at 120s ('start_after'), past the run's end at 90s (when population 'readers' ends); "
                + "start it before 90s or lengthen the others' loads",
        ])
    }

    @Test func aPopulationThresholdOnAPlainScenarioIsRefused() {
        #expect(report("""
            name: t
            steps: [login]
            thresholds:
              - "errors{population:readers} == 0"
            """) == [
            "4:24: population 'readers' is not declared: this scenario has no 'populations'; remove '{population:readers}'",
        ])
    }

    @Test func metricKeysCarryThePopulation() throws {
        let key = try #require(MetricKey(parsing: "p99(open_feed){stage:hold}{population:readers}{variant:weak}"))
        #expect(key.step == "open_feed")
        #expect(key.stage == "hold")
        #expect(key.population == "readers")
        #expect(key.variant == "weak")
        #expect(key.description == "p99(open_feed){stage:hold}{population:readers}{variant:weak}")
        #expect(key.withoutVariant.description == "p99(open_feed){stage:hold}{population:readers}")
        #expect(MetricKey(parsing: "errors{population:}") == nil)
        let threshold = try Threshold(parsing: "p99(open_feed){population:readers}{variant:weak} < 50ms")
        #expect(threshold.population == "readers")
        #expect(threshold.variant == "weak")
    }
}
