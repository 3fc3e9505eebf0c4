import Foundation
import Testing
@testable import LoadHarness

/// The run folder's one owner of every file (design section 17): the metric key, the tables'
/// generations, the statistics, and errors named by their type and case.
@Suite struct RunFolderTests {
    @Test(arguments: [
        ("allocs_per_op(open_profile){variant:weak}", "allocs_per_op", "open_profile", "weak"),
        ("allocs_per_op(open_profile)", "allocs_per_op", "open_profile", nil),
        ("leaked_objects{variant:strong-delegate}", "leaked_objects", nil, "strong-delegate"),
        ("p999", "p999", nil, nil),
    ] as [(String, String, String?, String?)])
    func metricKeysAreParsedAndPrintedInOnePlace(text: String, name: String, step: String?, variant: String?) throws {
        let key = try #require(MetricKey(parsing: text))
        #expect(key.name == name && key.step == step && key.variant == variant)
        #expect(key.description == text)
        #expect(MetricKey(name, step: step, variant: variant).withoutVariant.description == MetricKey(name, step: step).description)
    }

    /// A stage of the load (design section 15): between the step and the variant.
    @Test func metricKeysNameAStage() throws {
        let key = try #require(MetricKey(parsing: "p99(open_feed){stage:hold}{variant:weak}"))
        #expect(key.name == "p99" && key.step == "open_feed" && key.stage == "hold" && key.variant == "weak")
        #expect(key.description == "p99(open_feed){stage:hold}{variant:weak}")
        #expect(key.withoutVariant.description == "p99(open_feed){stage:hold}")
        #expect(MetricKey(parsing: "dropped_iterations{stage:ramp2}")?.stage == "ramp2")
    }

    @Test(arguments: ["", "(open_profile)", "allocs(", "allocs()", "allocs(a)(b)", "allocs{phase:x}", "allocs{variant:}",
                      "allocs(a) ", "allocs{variant:a}(b)", "allocs{variant:a}{stage:x}", "allocs{stage:}", "allocs{stage:x}{stage:y}"])
    func malformedMetricKeysAreRefused(text: String) {
        #expect(MetricKey(parsing: text) == nil, "\(text)")
    }

    @Test func theMedianIsTheMiddleOrTheMeanOfTheTwoMiddleOnes() {
        #expect(Statistics.median([3, 1, 2]) == 2)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.median([Double]()) == nil)
        #expect(Statistics.median([7 as UInt64, 9]) == 8)
        // A frequency table gives the median of the values it stands for.
        let values = [5, 5, 5, 8, 8, 9, 12, 12]
        #expect(Statistics.median(frequencies: Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +)) == Statistics.median(values))
        #expect(Statistics.median(frequencies: [:]) == nil)
        #expect(Statistics.mean([1, 2, 6]) == 3)
    }

    @Test func aPercentileIsTheNearestRankAsHdrHistogramReadsIt() {
        let values: [UInt64] = Array(1...200)
        var histogram = StepMetrics.histogram()
        for value in values { _ = histogram.record(value) }
        for percentile in [1.0, 50, 90, 99, 99.5, 100] {
            #expect(Statistics.percentile(percentile, of: values) == histogram.valueAtPercentile(percentile), "p\(percentile)")
        }
        #expect(Statistics.percentile(50, of: [UInt64]()) == nil)
    }

    @Test func everyTableReadsItsOlderHeadersWithoutCountingColumns() throws {
        // steps.csv began with 14 columns, gained the medians, then SQLite's work, then the uncorrected latency,
        // then each step's on-CPU time and waiting share (design 18), then the peaks (design 19), then the
        // population (design 20).
        #expect(RunTable.steps.readableHeaders.map(\.count) == [33, 32, 29, 27, 22, 16, 14])
        #expect(RunTable.leaks.readableHeaders.map(\.count) == [8, 7])
        let folder = try TemporaryFolder.make("tables")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let older = RunTable.steps.generations[0].joined(separator: ",") + "\r\nci,weak,login,20,0,1,2,3,4,5,6,7,116.3,48760\r\n"
        try Data(older.utf8).write(to: URL(fileURLWithPath: folder + "/steps.csv"))
        let rows = try #require(try StepsFile.read(RunFolder(folder)))
        #expect(rows.map(\.count) == [20])
        #expect(try rows[0].value("allocs_per_op") == 116.3)
        #expect(try rows[0].value("allocs_p50") == nil)
        // A header that is no generation's is refused, naming the file and line.
        try Data("scenario,variant,step,count\r\nci,weak,login,20\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/steps.csv"))
        #expect(throws: RunFolderError.self) { _ = try StepsFile.read(RunFolder(folder)) }
        do { _ = try StepsFile.read(RunFolder(folder)) } catch {
            #expect(error.description.hasPrefix(folder + "/steps.csv:1: expected the header scenario,variant,step,count,errors"))
        }
    }

    @Test func everyTableHasItsOwnFileAndIsDocumented() throws {
        #expect(Set(RunTable.all.map(\.name)).count == RunTable.all.count)
        let reports = try TemporaryFolder.read(ScenarioTestSupport.packageRoot.appendingPathComponent("docs/reports.md").path)
        for table in RunTable.all { #expect(reports.contains("| `\(table.name)` |"), "\(table.name) is not in docs/reports.md's table") }
    }

    @Test func theCommittedBaselinesReadBack() throws {
        for scenario in ["ci", "profile-open-close", "ci-multi-user"] {
            let folder = RunFolder(ScenarioTestSupport.packageRoot.appendingPathComponent("Reports/baselines/\(scenario)").path)
            let steps = try #require(try StepsFile.read(folder))
            #expect(!steps.isEmpty && steps.allSatisfy { $0.scenario == scenario })
            let summary = try #require(try SummaryFile.read(folder))
            #expect(summary.values.count > 100)
            #expect(try folder.recordedInfo()?.state == .complete)
        }
    }

    @Test func errorsAreNamedByTypeAndCaseWithTheFirstMessage() throws {
        // The case of an enum without a payload whose description is a sentence: not cut from the text.
        enum Problem: Error, CustomStringConvertible {
            case notSignedIn, tooLong(limit: Int)
            var description: String { "no user is signed in" }
        }
        #expect(errorName(Problem.notSignedIn) == "Problem.notSignedIn")
        #expect(errorName(Problem.tooLong(limit: 3)) == "Problem.tooLong")
        struct Plain: Error {}
        #expect(errorName(Plain()) == "Plain")
    }

    @Test func aStepWithNoSignedInUserSaysSoInErrorsCSVAndTheSummary() throws {
        let scenario = try ScenarioLoader.parse(yaml: """
            name: signed-out
            stack: { storage: memory }
            dataset: { users: 3, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 2, iterations: 3 }
            steps:
              - open_post: { post: 1 }
            """, path: "signed-out.yaml")
        let result = try ScenarioRunner(scenario: scenario).run()
        let folder = try TemporaryFolder.make("errors")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportWriter(buildConfiguration: "debug").write(result, to: folder, linkLatest: false)
        let rows = try TemporaryFolder.csv(folder + "/errors.csv", header: RunTable.errors.header)
        #expect(rows.count == 1)
        #expect(rows.first?["error"] == "ScreenError.notSignedIn")
        #expect(rows.first?["step"] == "open_post" && rows.first?["population"] == "", "no populations: the column is empty")
        #expect(rows.first?["count"] == "6")
        #expect(rows.first?["message"]?.hasPrefix("no user is signed in") == true)
        #expect(rows.first?["first_vu"] == "0" && rows.first?["first_iteration"] == "0")
        let summary = RunSummary.render(result, folder: nil, format: .text)
        #expect(summary.contains("errors: 6 x ScreenError.notSignedIn in open_post: no user is signed in"), "\(summary)")
        #expect(summary.contains("(first: vu 0, iteration 0)"))
    }
}
