import Foundation
@testable import LoadHarness
import Testing

/// `roost capacity` on a scenario with populations (design section 20), exactly, at the level
/// of the probe's scenario (`ProbeScenario.make`, a pure function): every open population
/// scaled in the scenario's proportions, or one with `--scale` and the others held; closed
/// populations held at their users; `start_after` dropped; thresholds moved to the judged
/// stage with their populations; the refusals; the answer and the files per population.
@Suite struct CapacityPopulationsTests {
    static let yaml = """
        name: busy
        stack: { storage: memory }
        dataset: { users: 6, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: readers
            load:
              start_rate: 20/s
              stages:
                - { duration: 8s, target: 200/s, name: ramp-up }
                - { duration: 16s, target: 200/s, name: peak }
              max_virtual_users: 16
            setup: [login]
            steps: [open_feed, close_feed]
          - name: writers
            load: { arrival_rate: 10/s, duration: 24s, max_virtual_users: 4 }
            setup: [login]
            steps: [{ post: { text: "vu {vu}" } }]
          - name: watchers
            load: { virtual_users: 3, duration: 20s, warmup: 2 }
            start_after: 2s
            setup: [login]
            steps: [open_notifications, close_notifications]
        thresholds:
          - "leaked_objects == 0"
          - "errors == 0"
          - "p99(open_feed){stage:peak}{population:readers} < 20ms"
          - "dropped_iterations{population:writers} == 0"
          - "p99(open_notifications){population:watchers} < 20ms"
        """

    private static func scenario() throws -> Scenario { try ScenarioLoader.parse(yaml: yaml, path: "busy.yaml") }

    private static let settings = CapacitySettings(level: .seconds(5), settle: .seconds(1))

    /// `settle` then `probe`, both at `target`.
    private static func stages(_ target: Double, settle: Duration = .seconds(1), judged: Duration = .seconds(5)) -> [LoadStage] {
        [LoadStage(duration: settle, target: target, name: "settle"), LoadStage(duration: judged, target: target, name: "probe")]
    }

    private static func probe(_ scale: String?, rate: Double, users: Int = 32, levels: Int = 1) throws -> Scenario {
        let scenario = try scenario()
        let populations = try CapacityPopulations.searched(scenario, scale: scale)
        return ProbeScenario.make(scenario, request: CapacitySearch.Request(rate: rate, users: users, levels: levels), settings: settings,
                                  thresholds: scenario.thresholds, populations: populations)
    }

    @Test func everyOpenPopulationIsScaledInTheScenariosProportions() throws {
        // readers' highest rate is 200/s, writers' 10/s: at 420/s in all they play 400/s and 20/s.
        let probed = try Self.probe(nil, rate: 420)
        #expect(probed.populations.map(\.name) == ["readers", "writers", "watchers"])
        #expect(probed.populations[0].load == .rampingArrivalRate(.init(startRate: 400, stages: Self.stages(400), maxVirtualUsers: 32)))
        #expect(probed.populations[1].load == .rampingArrivalRate(.init(startRate: 20, stages: Self.stages(20), maxVirtualUsers: 32)))
        let populations = try #require(try CapacityPopulations.searched(Self.scenario(), scale: nil))
        #expect(populations.members.map(\.isScaled) == [true, true, false])
        #expect(populations.members.map { populations.rate(of: $0, at: 420) } == [400, 20, nil])
        #expect(populations.described(at: 420) == "readers 400/s, writers 20/s, watchers 3 users held")
        // Each population keeps its own setup and steps.
        #expect(probed.populations.map(\.steps) == (try Self.scenario()).populations.map(\.steps))
    }

    @Test func aClosedPopulationIsHeldAtItsUsersForTheWholeProbeFromItsStart() throws {
        let probed = try Self.probe(nil, rate: 420, levels: 3)
        let watchers = probed.populations[2]
        // 3 users, warm-up kept, over the settle stage and the three levels; start_after dropped.
        #expect(watchers.load == .rampingUsers(.init(startVirtualUsers: 3, stages: Self.stages(3, judged: .seconds(15)), warmup: 2)))
        #expect(watchers.startAfter == .zero)
        #expect(watchers.load.virtualUsers == 3)
        #expect(probed.load == probed.populations[0].load)
        // Without a settle stage, only the judged one.
        let scenario = try Self.scenario()
        let unsettled = ProbeScenario.make(scenario, request: CapacitySearch.Request(rate: 420, users: 32, levels: 1),
                                           settings: CapacitySettings(level: .seconds(1), settle: .zero), thresholds: scenario.thresholds,
                                           populations: try CapacityPopulations.searched(scenario, scale: nil))
        #expect(unsettled.populations.map { $0.load.stages.map(\.name) } == [["probe"], ["probe"], ["probe"]])
    }

    @Test func scaleSearchesOnePopulationAndHoldsTheOthersAtTheirOwnLoads() throws {
        let probed = try Self.probe("writers", rate: 30)
        // writers at the search's rate with the request's users; readers at their highest rate with their own 16.
        #expect(probed.populations[1].load == .rampingArrivalRate(.init(startRate: 30, stages: Self.stages(30), maxVirtualUsers: 32)))
        #expect(probed.populations[0].load == .rampingArrivalRate(.init(startRate: 200, stages: Self.stages(200), maxVirtualUsers: 16)))
        #expect(probed.populations[2].load == .rampingUsers(.init(startVirtualUsers: 3, stages: Self.stages(3), warmup: 2)))
        let populations = try #require(try CapacityPopulations.searched(Self.scenario(), scale: "writers"))
        #expect(populations.scaled == "writers")
        #expect(populations.members.map(\.isScaled) == [false, true, false])
        #expect(populations.heldNames == ["readers", "watchers"])
        #expect(populations.described(at: 30) == "readers 200/s held, writers 30/s, watchers 3 users held")
        #expect(populations.scaledUsers == 4)
    }

    @Test func thresholdsJudgeTheJudgedStageOfTheirPopulation() throws {
        let probed = try Self.probe(nil, rate: 420)
        let keys = probed.thresholds.map { MetricKey($0.metric.name, step: $0.step, stage: $0.stage, population: $0.population).description }
        #expect(keys == ["leaked_objects", "errors{stage:probe}", "p99(open_feed){stage:probe}{population:readers}",
                         "dropped_iterations{stage:probe}{population:writers}", "p99(open_notifications){stage:probe}{population:watchers}"])
    }

    @Test func aScenarioWithoutPopulationsHasItsOneLoadReplacedAsBefore() throws {
        let scenario = try ScenarioLoader.parse(yaml: """
            name: plain
            load: { virtual_users: 2, iterations: 3 }
            steps: [login]
            thresholds: ["p99(login) < 5ms"]
            """, path: "plain.yaml")
        #expect(try CapacityPopulations.searched(scenario, scale: nil) == nil)
        let probed = ProbeScenario.make(scenario, request: CapacitySearch.Request(rate: 50, users: 16, levels: 1), settings: Self.settings,
                                        thresholds: scenario.thresholds, populations: nil)
        #expect(probed.load == .rampingArrivalRate(.init(startRate: 50, stages: Self.stages(50), maxVirtualUsers: 16)))
        #expect(probed.populations.isEmpty)
        #expect(throws: CapacityError.scaleWithoutPopulations(name: "readers")) { try CapacityPopulations.searched(scenario, scale: "readers") }
        #expect(CapacityError.scaleWithoutPopulations(name: "readers").description
            == "--scale 'readers': the scenario has no 'populations'; its one load is the one searched (leave --scale out)")
    }

    @Test func aScaleNamingNoOpenPopulationIsRefusedNamingTheOpenOnes() throws {
        let scenario = try Self.scenario()
        #expect(throws: CapacityError.unknownPopulation(name: "reader", open: ["readers", "writers"], suggestion: "readers")) {
            try CapacityPopulations.searched(scenario, scale: "reader")
        }
        #expect(CapacityError.unknownPopulation(name: "reader", open: ["readers", "writers"], suggestion: "readers").description
            == "--scale 'reader': no population 'reader' in the scenario; did you mean 'readers'? (its open populations, whose rates "
            + "can be searched: readers, writers)")
        #expect(throws: CapacityError.unknownPopulation(name: "posters", open: ["readers", "writers"], suggestion: nil)) {
            try CapacityPopulations.searched(scenario, scale: "posters")
        }
        #expect(throws: CapacityError.closedPopulation(name: "watchers", open: ["readers", "writers"])) {
            try CapacityPopulations.searched(scenario, scale: "watchers")
        }
        #expect(CapacityError.closedPopulation(name: "watchers", open: ["readers", "writers"]).description
            == "--scale 'watchers': population 'watchers' has a closed load (virtual users, not a rate): a search holds it at its own "
            + "users; the open populations, whose rates can be searched: readers, writers")
    }

    @Test func aScenarioOfClosedPopulationsOnlyIsRefused() throws {
        let scenario = try ScenarioLoader.parse(yaml: """
            name: closed
            populations:
              - { name: a, load: { virtual_users: 2, duration: 5s }, steps: [login] }
              - { name: b, load: { virtual_users: 1, duration: 5s }, steps: [login] }
            thresholds: ["errors == 0"]
            """, path: "closed.yaml")
        #expect(throws: CapacityError.noOpenPopulation(scenario: "closed.yaml")) { try CapacityPopulations.searched(scenario, scale: nil) }
    }

    @Test func anObjectiveNamesAPopulationAndItsSteps() throws {
        let scenario = try Self.scenario()
        let judged = try CapacityOptions.thresholds(["p99(post){population:writers} < 5ms", "p99(open_notifications) < 5ms"], for: scenario)
        #expect(judged.map(\.population) == ["writers", nil])
        #expect(throws: CapacityError.unknownObjectivePopulation(objective: "p99(post){population:writer} < 5ms", population: "writer",
                                                                 suggestion: "writers")) {
            try CapacityOptions.thresholds(["p99(post){population:writer} < 5ms"], for: scenario)
        }
        #expect(throws: CapacityError.unknownStep(objective: "p99(post){population:readers} < 5ms", step: "post", suggestion: nil)) {
            try CapacityOptions.thresholds(["p99(post){population:readers} < 5ms"], for: scenario)
        }
    }

    /// A search's result with populations: one passing probe at 420/s, one failing at 441/s.
    private static func result(ending: CapacitySearch.Ending = .found) throws -> CapacityResult {
        let scenario = try scenario()
        let populations = try CapacityPopulations.searched(scenario, scale: nil)
        let step = StageResult.Step(step: "readers.open_feed", count: 100, errors: 0, p50: 1_000, p90: 2_000, p99: 3_000, max: 4_000,
                                    allocationsPerOperation: 10, statementsPerOperation: 2)
        func probe(_ number: Int, _ rate: Double, _ verdict: CapacityProbe.Verdict) -> CapacityProbe {
            var probe = CapacityProbe(number: number, targetRate: rate, users: 32, levels: 1, achievedRate: rate, dropped: 0, lagP99: 10,
                                      verdict: verdict, failed: verdict == .fail ? ["p99(open_feed){population:readers} < 20ms"] : [],
                                      steps: [step])
            probe.populations = [
                .init(name: "readers", isScaled: true, targetRate: rate * 200 / 210, achievedRate: rate * 200 / 210, dropped: 0, users: 32),
                .init(name: "writers", isScaled: true, targetRate: rate * 10 / 210, achievedRate: rate * 10 / 210, dropped: 0, users: 32),
                .init(name: "watchers", isScaled: false, targetRate: nil, achievedRate: 6, dropped: 0, users: 3),
            ]
            return probe
        }
        return CapacityResult(scenario: scenario, variant: "weak", settings: settings, probes: [probe(1, 420, .pass), probe(2, 441, .fail)],
                              ending: ending, highestPass: 420, lowestFail: .init(rate: 441, threshold: "p99(open_feed){population:readers} < 20ms"),
                              started: Date(), ended: Date(), populations: populations)
    }

    @Test func theAnswerGivesEachPopulationsRateAtTheLimit() throws {
        #expect(try Self.result().searchAnswer
            == "capacity: 420/s (readers 400/s, writers 20/s, watchers 3 users held; fails at 441/s: p99(open_feed){population:readers} < 20ms)")
        #expect(try Self.result(ending: .outOfTime).searchAnswer
            == "capacity: at least 420/s (readers 400/s, writers 20/s, watchers 3 users held; stopped at --max-time; fails at 441/s: "
            + "p99(open_feed){population:readers} < 20ms)")
        #expect(try Self.result(ending: .generatorLimited(rate: 441, reason: "users free")).searchAnswer
            == "capacity: at least 420/s (readers 400/s, writers 20/s, watchers 3 users held; the harness could not drive 441/s: "
            + "users free; it is not the stack's limit)")
        let rows = Dictionary(CapacityFiles.populationRows(try Self.result()), uniquingKeysWith: { first, _ in first })
        #expect(rows["populations_scaled"] == "readers,writers")
        #expect(rows["populations_held"] == "watchers")
        #expect(rows["capacity{population:readers}"] == "400")
        #expect(rows["fails_at{population:writers}"] == "21")
        #expect(rows["capacity{population:watchers}"] == nil)
    }

    @Test func capacityCsvHasEachPopulationsLoadOnlyWithPopulations() throws {
        let text = CapacityFiles.capacity(try Self.result())
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines[0] == RunTable.capacity.header.joined(separator: ","))
        #expect(lines[0].hasSuffix(",wait_share,population,population_load,population_target_rate,population_achieved_rate,"
            + "population_dropped,population_virtual_users"))
        // Probe 1: open_feed of readers, then a row for each population none of whose steps ran.
        #expect(lines[1].hasPrefix("1,420,420,0,pass,,open_feed,100,0,1000,3000,10,2,"))
        #expect(lines[1].hasSuffix(",readers,scaled,400,400,0,32"))
        #expect(lines[2].hasSuffix(",writers,scaled,20,20,0,32"))
        #expect(lines[3].hasSuffix(",watchers,held,,6,0,3"))
        #expect(lines.count == 7)
        // Without populations: the columns from before them.
        var plain = try Self.result()
        plain.populations = nil
        let plainHeader = CapacityFiles.capacity(plain).components(separatedBy: "\r\n")[0]
        #expect(plainHeader == RunTable.capacity.generations.dropLast().joined().joined(separator: ","))
        #expect(plainHeader.hasSuffix(",reason,cpu_p50_us,wait_share"))
        #expect(plain.searchAnswer == "capacity: 420/s (passes at 420/s, fails at 441/s: p99(open_feed){population:readers} < 20ms)")
        #expect(CapacityFiles.populationRows(plain).isEmpty)
    }

    @Test func aHeldPopulationsDropsAreTheStacksAndAThresholdNamesItsPopulationsStep() throws {
        let drops = try Threshold(parsing: "dropped_iterations{population:readers} == 0")
        let lag = try Threshold(parsing: "schedule_lag_p99 < 1ms")
        let stage = StageResult(name: "probe", start: 0, end: 1, target: 10, unit: .rate,
                                load: SecondLoad(virtualUsers: 1, targetRate: 10, achievedRate: 10, dropped: 3, lagP50: nil, lagP99: nil),
                                steps: [])
        #expect(CapacityRun.stackFailures([drops, lag], stage, held: ["readers"]) == [drops])
        #expect(CapacityRun.stackFailures([drops, lag], stage).isEmpty)
        #expect(PopulationStepName.names("readers.open_feed", step: "open_feed", population: nil))
        #expect(PopulationStepName.names("readers.open_feed", step: "open_feed", population: "readers"))
        #expect(!PopulationStepName.names("readers.open_feed", step: "open_feed", population: "writers"))
        #expect(PopulationStepName.names("open_feed", step: "open_feed", population: nil))
    }
}

/// A short search of a tiny scenario of three populations, played in process on the system
/// clock (populations need it: `PopulationRunTests`): one probe at 20/s, which its time allows
/// alone (1 s judged, 1.5 s in all), passes, and reports each population's rate.
@Suite struct CapacityPopulationsSearchTests {
    static let yaml = """
        name: tiny-populations
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: readers
            load: { arrival_rate: 8/s, duration: 10s, max_virtual_users: 2 }
            setup: [login]
            steps: [{ open_profile: { user: self } }, close_profile]
          - name: writers
            load: { arrival_rate: 2/s, duration: 10s, max_virtual_users: 2 }
            setup: [login]
            steps: [{ open_profile: { user: self } }, close_profile]
          - name: watchers
            load: { virtual_users: 1, duration: 10s }
            start_after: 5s
            setup: [login]
            steps: [{ open_profile: { user: self } }, { think: 100ms }, close_profile]
        thresholds:
          - "errors == 0"
          - "errors{population:watchers} == 0"
          - "dropped_iterations{population:readers} == 0"
        """

    @Test func aShortSearchReportsEachPopulationsRate() async throws {
        let scenario = try ScenarioLoader.parse(yaml: Self.yaml, path: "tiny-populations.yaml")
        let settings = CapacitySettings(start: 20, level: .seconds(1), settle: .zero, maxTime: .milliseconds(1_500), users: 16)
        var search = CapacityRun(scenario: scenario, variant: "weak", thresholds: scenario.thresholds, settings: settings,
                                 populations: try CapacityPopulations.searched(scenario, scale: nil))
        search.samplesWallClock = false
        let result = try await InProcessRun.capacity(search)
        let probe = try #require(result.probes.first)
        #expect(result.probes.count == 1)
        #expect(probe.verdict == .pass, "\(probe.failed) \(probe.reason ?? "")")
        #expect(probe.populations.map(\.name) == ["readers", "writers", "watchers"])
        #expect(probe.populations.map(\.targetRate) == [16, 4, nil])
        #expect(probe.populations.map(\.users) == [16, 16, 1])
        #expect(probe.populations[2].achievedRate > 0)
        #expect(Set(probe.steps.map(\.step)) == ["readers.open_profile", "readers.close_profile", "writers.open_profile",
                                                  "writers.close_profile", "watchers.open_profile", "watchers.close_profile"])
        #expect(result.answer == "capacity: at least 20/s (readers 16/s, writers 4/s, watchers 1 user held; stopped at --max-time)")
        let folder = try TemporaryFolder.make("capacity-populations")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CapacityFiles.write(result, to: folder, commandLine: ["roost", "capacity"], buildConfiguration: "debug")
        let capacity = try TemporaryFolder.read(folder + "/capacity.csv")
        #expect(capacity.contains(",readers,scaled,16,"), "\(capacity)")
        #expect(capacity.contains(",watchers,held,,"), "\(capacity)")
        let run = try TemporaryFolder.read(folder + "/run.csv")
        #expect(run.contains("capacity{population:readers},16\r\n"), "\(run)")
        #expect(run.contains("capacity{population:writers},4\r\n"), "\(run)")
    }
}

/// `roost capacity` on populations as a subprocess: `--scale` refused before any probe when it
/// names no open population, and a short search with it whose first probe fails on a held
/// population's threshold (exit 2), its answer giving each population's rate.
@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct CapacityPopulationsCommandTests {
    @Test func scaleIsRefusedOrSearchesOnePopulationWithTheOthersHeld() async throws {
        let directory = try TemporaryFolder.make("capacity-cli")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(CapacityPopulationsSearchTests.yaml.utf8).write(to: URL(fileURLWithPath: directory + "/tiny.yaml"))
        let unknown = try await RoostBinary.run(["capacity", "tiny.yaml", "--scale", "reader", "--out", directory + "/none"], in: directory)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("roost capacity: --scale 'reader': no population 'reader' in the scenario; did you mean "
            + "'readers'? (its open populations, whose rates can be searched: readers, writers)"), "\(unknown.stderr)")
        let closed = try await RoostBinary.run(["capacity", "tiny.yaml", "--scale", "watchers", "--out", directory + "/none"], in: directory)
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("population 'watchers' has a closed load"), "\(closed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/none"))

        let search = try await RoostBinary.run(["capacity", "tiny.yaml", "--scale", "readers", "--start", "20/s", "--level", "1s",
                                                "--settle", "0s", "--max-time", "10s", "--no-dataset-cache", "--no-wall-profile",
                                                "--slo", "p99(open_profile){population:watchers} < 1us", "--out", directory + "/out"],
                                               in: directory)
        #expect(search.status == 2, "\(search.stderr)")
        #expect(search.stdout.contains("capacity: below 20/s (readers 20/s, writers 2/s held, watchers 1 user held; the first probe "
            + "fails at 20/s: p99(open_profile){population:watchers} < 1us)"), "\(search.stdout)")
        let capacity = try TemporaryFolder.read(directory + "/out/capacity.csv")
        #expect(capacity.contains(",readers,scaled,20,"), "\(capacity)")
        #expect(capacity.contains(",writers,held,2,"), "\(capacity)")
    }
}
