import Foundation
@testable import LoadHarness
import Testing

/// Several populations played at once on one stack (design section 20): each plays its own
/// load and start, per-population counts add up to the whole, a threshold on one population
/// fails while another's passes, and the files carry the population. Played on the system
/// clock: an injected clock that every population's sleeps move would let one population's
/// wait make another's users late, and drop its iterations. The counts are exact all the same:
/// an open model starts each iteration of its schedule once (counted by its intended start,
/// never dropped at 10/s with two users: a drop needs both busy at an intended start), a closed
/// one plays its iterations.
@Suite struct PopulationRunTests {
    private static let dataset = "dataset: { users: 6, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }"

    static let yaml = """
        name: populations
        stack: { storage: memory }
        \(dataset)
        populations:
          - name: readers
            load: { arrival_rate: 10/s, duration: 2s, max_virtual_users: 2 }
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
          - name: writers
            load: { virtual_users: 2, iterations: 3 }
            steps:
              - open_post: { post: random }
              - close_post
          - name: late
            load: { arrival_rate: 5/s, duration: 1s, max_virtual_users: 1 }
            start_after: 1s
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
        thresholds:
          - "errors{population:readers} == 0"
          - "errors{population:writers} == 0"
          - "dropped_iterations{population:readers} == 0"
          - "errors(open_profile){population:late} == 0"
        """

    /// The one run the tests share (about 2 s).
    private static let shared = Task<RunResult, any Error> {
        // From a file: the run folder keeps a copy of its scenario, which `RecordedRun` reads back.
        let path = try TemporaryFolder.make("populations-scenario") + "/populations.yaml"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        var runner = ScenarioRunner(scenario: try ScenarioLoader.load(path: path))
        runner.allocationProfile = .off
        return try await InProcessRun.run(runner)
    }

    static func run() async throws -> RunResult { try await shared.value }

    @Test func eachPopulationPlaysItsOwnLoadAndTheCountsAddUp() async throws {
        let result = try await Self.run()
        let variant = try #require(result.variants.first)
        // readers: 10/s for 2 s (20), writers: 2 users x 3 (6), late: 5/s for 1 s from 1 s (5).
        #expect(variant.populations.map(\.name) == ["readers", "writers", "late"])
        #expect(variant.populations.map(\.iterations) == [20, 6, 5])
        #expect(variant.iterations == 31)
        #expect(variant.populations.map(\.virtualUsers) == [2, 2, 1])
        #expect(variant.virtualUsers == 5)
        #expect(variant.populations.map(\.droppedIterations) == [0, 0, 0])
        let counts = Dictionary(uniqueKeysWithValues: variant.steps.map { ($0.step, $0.count) })
        #expect(counts == ["readers.setup.login": 2, "late.setup.login": 1, "readers.open_profile": 20, "readers.close_profile": 20,
                           "writers.open_post": 6, "writers.close_post": 6, "late.open_profile": 5, "late.close_profile": 5])
        // Per population, then per step over the populations: the parts add up to the whole.
        let table = result.metrics
        #expect(table.value(.errors, step: "open_profile", variant: "weak", population: "readers") == 0)
        #expect(table.value(.opsPerSecond, step: nil, variant: "weak").map { $0 > 0 } == true)
        let iterations = ["readers", "writers", "late"].map { population in
            table.entries.first { $0.metric == "iterations{population:\(population)}" }?.value
        }
        #expect(iterations == [20, 6, 5])
        #expect(table.entries.first { $0.metric == "iterations" }?.value == 31)
        // A step over every population that plays it: readers' 20 and late's 5 open_profile.
        #expect(table.entries.first { $0.metric == "ops_per_s(open_profile)" } != nil)
        let perStep = table.entries.filter { $0.metric.hasPrefix("errors(open_profile)") }.map(\.metric).sorted()
        #expect(perStep == ["errors(open_profile)", "errors(open_profile){population:late}", "errors(open_profile){population:readers}"])
        // Each population's stages are its own, on the run's time axis: late's starts at 1 s.
        #expect(variant.stages.map(\.population) == ["readers", "writers", "late"])
        #expect(variant.stages.map(\.start) == [0, 0, 1])
        #expect(variant.stages.first { $0.population == "late" }?.steps.first { $0.step == "late.open_profile" }?.count == 5)
        #expect(variant.stages.map(\.load.targetRate) == [10, nil, 5])
        // Per second, each population's rows carry its own load: late plays nothing in second 0
        // (its first intended start is at 1 s), the readers' target is 10/s.
        let lateSecond0 = variant.timeSeries.first { $0.second == 0 && $0.step == "late.open_profile" }
        #expect(lateSecond0?.count == 0)
        #expect(lateSecond0?.load?.achievedRate == 0)
        #expect(lateSecond0?.load?.targetRate == 0)
        let readersSecond0 = variant.timeSeries.first { $0.second == 0 && $0.step == "readers.open_profile" }
        #expect(readersSecond0?.load?.targetRate == 10)
        let stepsPerSecond = variant.timeSeries.filter { $0.step.hasSuffix("open_profile") }.reduce(0) { $0 + $1.count }
        #expect(stepsPerSecond == 25)
    }

    @Test func aThresholdOnOnePopulationFailsWhileAnothersPasses() async throws {
        let result = try await Self.run()
        // writers open posts without logging in: every open_post fails (ScreenError.notSignedIn).
        #expect(result.thresholds.map(\.threshold.source) == [
            "errors{population:readers} == 0", "errors{population:writers} == 0", "dropped_iterations{population:readers} == 0",
            "errors(open_profile){population:late} == 0",
        ])
        #expect(result.thresholds.map(\.passed) == [true, false, true, true])
        #expect(result.thresholds[1].observed == 12, "6 open_post and 6 close_post, none signed in")
        #expect(!result.passed)
    }

    @Test func theFilesCarryThePopulationAndReadBack() async throws {
        let result = try await Self.run()
        let folder = try TemporaryFolder.make("populations")
        try ReportWriter(root: folder, commandLine: ["roost"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        let steps = try String(contentsOfFile: folder + "/steps.csv", encoding: .utf8).components(separatedBy: "\r\n")
        #expect(steps.first?.hasSuffix(",population") == true)
        #expect(steps.contains { $0.hasPrefix("populations,weak,open_post,6,6,") && $0.hasSuffix(",writers") })
        #expect(steps.contains { $0.hasPrefix("populations,weak,setup.login,1,0,") && $0.hasSuffix(",late") })
        let stages = try String(contentsOfFile: folder + "/stages.csv", encoding: .utf8).components(separatedBy: "\r\n")
        #expect(stages.first?.hasSuffix(",population") == true)
        #expect(stages.contains { $0.hasPrefix("populations,weak,stage1,1,2,") && $0.hasSuffix(",late") })
        let series = try String(contentsOfFile: folder + "/timeseries.csv", encoding: .utf8).components(separatedBy: "\r\n")
        #expect(series.first?.hasSuffix(",population") == true)
        let summary = try String(contentsOfFile: folder + "/summary.csv", encoding: .utf8)
        #expect(summary.contains("populations,weak,errors(open_post){population:writers},6,count"))
        #expect(summary.contains("populations,weak,iterations{population:late},5,count"))
        let thresholds = try String(contentsOfFile: folder + "/thresholds.csv", encoding: .utf8)
        #expect(thresholds.contains("errors{population:writers} == 0"))
        let read = try RecordedRun.read(RunFolder(folder))
        let variant = try #require(read.variants.first)
        #expect(variant.steps.map(\.step) == result.variants[0].steps.map(\.step))
        #expect(variant.stages.map(\.population) == ["readers", "writers", "late"])
        #expect(variant.timeSeries.count == result.variants[0].timeSeries.count)
    }

    @Test func theReportDrawsEachPopulationsLoadAndLatency() async throws {
        let page = HTMLReport.page(try await Self.run())
        /// The figure of `kind` (its markup up to its end).
        func figure(_ kind: String) throws -> Substring {
            let start = try #require(page.range(of: "data-figure=\"\(kind)\""))
            let end = try #require(page.range(of: "</figure>", range: start.upperBound..<page.endIndex))
            return page[start.lowerBound..<end.upperBound]
        }
        // Each population's steps have their own latency curves.
        for step in ["readers.open_profile", "writers.open_post", "late.open_profile"] {
            #expect(page.contains("data-figure=\"latency\" data-step=\"\(step)\""), "\(step)")
        }
        // The load charts draw a line per population, each in its legend with data.
        let users = try figure("virtual-users"), rates = try figure("rates")
        for population in ["readers", "writers", "late"] {
            #expect(users.contains("<li>") && users.contains("<b>weak / \(population)</b>"), "\(population)")
            #expect(rates.contains("<b>weak / \(population)</b>"), "\(population)")
        }
        #expect(!users.contains("class=\"nodata\""))
        // The stages table names each stage's population.
        #expect(page.contains("late / stage1"))
    }
}
