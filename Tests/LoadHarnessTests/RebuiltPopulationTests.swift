import Foundation
import Histogram
@testable import LoadHarness
import Testing

/// `roost report` on a run with populations (design section 20): the rebuilt summary has each
/// population's rows (`iterations{population:readers}`, `p99{population:writers}`, ...) with
/// the run's own values, from a finished run's folder and from one killed after its variant.
@Suite(.serialized) struct RebuiltPopulationTests {
    /// No `setup:`: setup steps are measured before the phase and not streamed, so no rebuild
    /// has them (with or without populations); every step here is in the time series.
    static let yaml = """
        name: rebuilt-populations
        seed: 11
        stack: { storage: memory }
        dataset: { users: 6, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: readers
            load: { arrival_rate: 10/s, duration: 1500ms, max_virtual_users: 2 }
            steps:
              - login
              - open_profile: { user: self }
              - close_profile
          - name: writers
            load: { virtual_users: 1, iterations: 3 }
            steps:
              - open_post: { post: random }
              - close_post
        """

    /// The run streamed into a folder, a copy of that folder as the run left it before its
    /// end-of-run files (as if killed after its one variant), the folder finished, the result.
    private static let shared = Task<(finished: String, killed: String, result: RunResult), any Error> {
        let root = try TemporaryFolder.make("rebuilt-populations")
        let finished = root + "/finished", killed = root + "/killed"
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: finished + "/scenario.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        runner.allocationProfile = .off
        let stream = try StreamingRunFolder(folder: finished, scenario: scenario, scenarioText: yaml, commandLine: ["roost", "run"],
                                            buildConfiguration: "test")
        runner.stream = stream
        let result = try await InProcessRun.run(runner)
        stream.close()
        try FileManager.default.copyItem(atPath: finished, toPath: killed)
        try ReportWriter(buildConfiguration: "test").write(result, to: finished, linkLatest: false, streamed: stream.streamedTables,
                                                           intervalLogsStreamed: true)
        return (finished, killed, result)
    }

    /// Rows no rebuild has, with populations or without (docs/long-runs.md): retained bytes (an
    /// end-of-variant figure), SQLite's counts (gathered per user, explained at the end) and
    /// the steps' CPU times (not streamed).
    private static func isKnownToARebuild(_ metric: String) -> Bool {
        let name = MetricKey(parsing: metric)?.name ?? metric
        return !DatabaseMetric.metricNames.contains(name)
            && ![Threshold.Metric.retainedBytes.name, Threshold.Metric.cpuMedian.name, Threshold.Metric.waitShare.name].contains(name)
    }

    /// The histogram a metric is read from, when it is: latencies and schedule lags. A rebuild
    /// reads them from HdrHistogram logs, which keep each value's bucket (the run's own
    /// histograms also know their exact highest value), so they are the same to its resolution.
    private static func histogram(of metric: String) -> Histogram<UInt64>? {
        let name = MetricKey(parsing: metric)?.name ?? metric
        if name.hasPrefix("schedule_lag_") { return ScheduleLag.makeHistogram() }
        return Threshold.Metric(name: name)?.percentile != nil || name == "max" ? StepMetrics.histogram() : nil
    }

    /// Every row of `live` but those no rebuild has (and, for a killed run, `leaving` out), as
    /// `metric -> value`, next to `rebuilt`'s; each value the same (a histogram's within its bucket).
    private func expectSameRows(_ rebuilt: MetricTable, as live: MetricTable, leaving left: (String) -> Bool = { _ in false },
                                sourceLocation: SourceLocation = #_sourceLocation) {
        // One variant: its rows by metric.
        func rows(_ table: MetricTable) -> [String: Double] {
            Dictionary(table.entries.map { ($0.metric, $0.value) }) { first, _ in first }
        }
        let expected = rows(live).filter { Self.isKnownToARebuild($0.key) && !left($0.key) }, found = rows(rebuilt)
        let missing = Set(expected.keys).subtracting(found.keys).sorted(), extra = Set(found.keys).subtracting(expected.keys).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing), not in the run's \(extra)", sourceLocation: sourceLocation)
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            guard let again = found[key] else { continue }
            let same = Self.histogram(of: key)
                .map { $0.valuesAreEquivalent(UInt64((value * 1_000).rounded()), UInt64((again * 1_000).rounded())) }
                ?? (again == value)
            #expect(same, "\(key): \(value) live, \(again) rebuilt", sourceLocation: sourceLocation)
        }
    }

    @Test func aFinishedRunRebuiltHasEveryPopulationsRows() async throws {
        let (finished, _, result) = try await Self.shared.value
        let rebuilt = try StreamedRun.read(folder: finished, allowComplete: true)
        #expect(rebuilt.notes == [])
        let variant = try #require(rebuilt.result.variants.first), live = try #require(result.variants.first)
        #expect(variant.populations.map(\.name) == ["readers", "writers"])
        #expect(variant.populations.map(\.iterations) == live.populations.map(\.iterations))
        #expect(live.populations.map(\.iterations) == [15, 3], "10/s for 1.5 s; 3 iterations")
        #expect(variant.populations.map(\.droppedIterations) == live.populations.map(\.droppedIterations))
        #expect(variant.populations.map(\.virtualUsers) == [2, 1])
        #expect(variant.populations.first?.scheduleLag?.count == 15 && variant.scheduleLag?.count == 15)
        let populationRows = rebuilt.result.metrics.entries.filter { $0.metric.contains("{population:") }
        #expect(populationRows.contains { $0.metric == "iterations{population:readers}" && $0.value == 15 })
        #expect(populationRows.contains { $0.metric == "schedule_lag_p99{population:readers}" })
        expectSameRows(rebuilt.result.metrics, as: result.metrics)

        // Written: summary.csv has the rows, as the run's own does.
        let out = try TemporaryFolder.make("rebuilt-populations-out")
        try ReportWriter(buildConfiguration: "rebuilt").write(rebuilt.result, to: out, linkLatest: false)
        let summary = try TemporaryFolder.csv(out + "/summary.csv", header: RunTable.summary.header)
        let original = try TemporaryFolder.csv(finished + "/summary.csv", header: RunTable.summary.header)
        let populationMetrics = { (rows: [[String: String]]) in Set(rows.map { $0["metric"]! }.filter { $0.contains("{population:") }) }
        #expect(populationMetrics(summary) == populationMetrics(original).filter(Self.isKnownToARebuild))
    }

    /// Killed after its variant ended: `run.csv` has the variant's measured phase (streamed when it
    /// ended), so its last, partial second counts what it started; the schedule lags, written at
    /// the end of the run, are not there, and are left out.
    @Test func aRunKilledAfterItsVariantRebuildsEachPopulationsCounts() async throws {
        let (_, killed, result) = try await Self.shared.value
        let info = try TemporaryFolder.csv(killed + "/run.csv", header: RunTable.run.header)
        #expect(info.contains { $0["key"] == "state" && $0["value"] == "running" })
        #expect(info.contains { $0["key"] == RunInfo.Key.measuredSeconds && $0["value"]?.isEmpty == false })
        let rebuilt = try StreamedRun.read(folder: killed)
        let variant = try #require(rebuilt.result.variants.first), live = try #require(result.variants.first)
        #expect(variant.populations.map(\.iterations) == live.populations.map(\.iterations))
        #expect(variant.populations.map(\.droppedIterations) == live.populations.map(\.droppedIterations))
        #expect(variant.populations.allSatisfy { $0.scheduleLag == nil } && variant.scheduleLag == nil)
        expectSameRows(rebuilt.result.metrics, as: result.metrics) { $0.contains("schedule_lag_") }
    }
}
