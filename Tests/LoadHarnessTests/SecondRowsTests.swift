import Foundation
@testable import LoadHarness
import Testing

/// A long run's `memory.csv` and `retention.csv` grow with its seconds, not its closes: a row
/// per reading for the first few, then a row per second; the retention fit, the thresholds and
/// the leak verdicts are those of every close all the same, live and rebuilt.
@Suite struct SecondRowsTests {
    static func point(_ close: Int, at milliseconds: Double, retained: Int) -> RetentionPoint {
        RetentionPoint(close: close, iteration: close, step: "close_feed", elapsedMilliseconds: milliseconds, retainedBytes: retained,
                       liveTrackedObjects: 0)
    }

    @Test func readingsGetRowsOfTheirOwnThenOneASecondAndALateOneCountsInTheOldestOpenSecond() throws {
        var rows = SecondRows<RetentionRow>(rowPerReadingLimit: 3)
        var own: [RetentionRow] = []
        func add(_ close: Int, at milliseconds: Double, retained: Int) {
            if let row = rows.add(Self.point(close, at: milliseconds, retained: retained)) { own.append(row) }
        }
        for close in 1...3 { add(close, at: Double(close) * 10, retained: close) }
        #expect(own.map(\.closes) == [1, 1, 1] && own.map(\.last.close) == [1, 2, 3])
        #expect(!rows.isPerSecond)
        add(4, at: 100, retained: 400)
        add(5, at: 900, retained: 50)
        add(6, at: 1_100, retained: 600)
        #expect(own.count == 3 && rows.isPerSecond, "from the fourth close on, rows are seconds")
        // Second 0 waits 250 ms past its end for late readings.
        let early = rows.finish(at: 1_249)
        #expect(early.isEmpty)
        let first = rows.finish(at: 1_250)
        #expect(first.map(\.closes) == [2] && first.map(\.last.close) == [5] && first.map(\.retainedBytes) == [50...400])
        // Close 7 was taken in second 0 but arrives after it finished: it counts in second 1.
        add(7, at: 990, retained: 7)
        add(8, at: 2_500, retained: 800)
        let rest = rows.finishAll()
        #expect(rest.map(\.closes) == [2, 1] && rest.map(\.last.close) == [7, 8])
        #expect(rest.map(\.retainedBytes) == [7...600, 800...800])
        let none = rows.finishAll()
        #expect(rows.readings == 8 && none.isEmpty && own.count == 3)
    }

    @Test func aSecondsMemoryRowKeepsItsLastReadingAndItsLowsAndHighs() {
        var rows = SecondRows<MemoryRow>(rowPerReadingLimit: 1)
        var own = 0
        for (time, allocated, rss) in [(0.0, 5, 50), (1_000, 7, 70), (1_700, 3, 90), (1_500, 9, 60)] {
            let reading = MemorySample(elapsedMilliseconds: time, iteration: Int(time), allocatedBytes: allocated, residentBytes: 0,
                                       rssBytes: rss, liveTrackedObjects: 0)
            if rows.add(reading) != nil { own += 1 }
        }
        let second = rows.finishAll()
        #expect(own == 1 && second.count == 1)
        #expect(second.first?.readings == 3 && second.first?.last.elapsedMilliseconds == 1_700)
        #expect(second.first?.allocatedBytes == 3...9 && second.first?.rssBytes == 60...90)
    }

    static let yaml = """
        name: seconds
        seed: 5
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 0 }
        variants:
          - { name: weak, references: weak }
        load: { virtual_users: 1, iterations: 600 }
        steps:
          - login
          - open_feed
          - close_feed
          - logout
          - think: 10ms
        thresholds:
          - "retained_per_close < 1KB"
          - "retained_growth < 1MB"
          - "leaked_objects == 0"
        """

    /// 600 closes, 100 a second of a manual clock, rows of their own for the first 50: the
    /// files have 56 rows, and what `roost report` reads back from them is the fit over every
    /// close, as the run made it, with the same threshold verdicts.
    @Test func theRowsOfSecondsGiveTheFitAndVerdictsOfEveryClose() async throws {
        let folder = try TemporaryFolder.make("seconds")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = try ScenarioLoader.parse(yaml: Self.yaml, path: "seconds.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        runner.clock = ManualClock()
        let stream = try StreamingRunFolder(folder: folder, scenario: scenario, scenarioText: Self.yaml, commandLine: ["roost", "run"],
                                            buildConfiguration: "test")
        runner.stream = stream
        runner.rowPerReadingLimit = 50
        runner.keptReadings = 100_000  // every reading and close stays in memory too, to compare with
        let result = try await InProcessRun.run(runner)
        stream.close()
        let live = try #require(result.variants.first)
        #expect(live.retention.map(\.close) == Array(1...600) && !live.isThinned && live.memoryRowsStreamed)

        // Close k is taken at (k - 1) x 10 ms: seconds 0 to 5, the first 50 closes on rows of their own.
        let rows = try TemporaryFolder.csv(folder + "/retention.csv", header: RunTable.retention.header)
        #expect(rows.count == 56)
        #expect(rows.map { Int($0["closes"]!)! } == Array(repeating: 1, count: 50) + [50, 100, 100, 100, 100, 100])
        #expect(rows.map { Int($0["close"]!)! } == Array(1...50) + [100, 200, 300, 400, 500, 600])
        for row in rows.dropFirst(50) {
            let last = Int(row["close"]!)!, covered = live.retention.filter { $0.close > last - Int(row["closes"]!)! && $0.close <= last }
            #expect(Int(row["min_retained_bytes"]!) == covered.map(\.retainedBytes).min())
            #expect(Int(row["max_retained_bytes"]!) == covered.map(\.retainedBytes).max())
        }
        #expect(rows.last?["fit_closes"] == "600")
        let memory = try TemporaryFolder.csv(folder + "/memory.csv", header: RunTable.memory.header)
        #expect(memory.reduce(0) { $0 + Int($1["readings"]!)! } == live.memory.count, "every reading is in one row")
        #expect(memory.count <= 50 + 6 + 1)
        #expect(memory.compactMap { Int($0["max_rss_bytes"]!) ?? Int($0["rss_bytes"]!) }.max() == live.peakResidentBytes)
        #expect(memory.compactMap { Int($0["min_allocated_bytes"]!) ?? Int($0["allocated_bytes"]!) }.min()
            == live.memory.map(\.allocatedBytes).min())

        // The fit: the run's over every close, the same read back from the rows, and the two-pass
        // fit of every close to rounding.
        let fit = try #require(live.retentionFit)
        let everyClose = try #require(RetentionFit(live.retention))
        #expect(fit.closes == 600 && everyClose.closes == 600)
        #expect(fit.growthBytes == everyClose.growthBytes && fit.toleranceBytes == everyClose.toleranceBytes)
        #expect(abs(fit.bytesPerClose - everyClose.bytesPerClose) <= 1e-9 * max(1, abs(everyClose.bytesPerClose)))
        #expect(abs(fit.rSquared - everyClose.rSquared) <= 1e-9 && fit.verdict == everyClose.verdict)
        let rebuilt = try StreamedRun.read(folder: folder)
        #expect(rebuilt.notes == [])
        let variant = try #require(rebuilt.result.variants.first)
        #expect(variant.retentionFit == fit, "the fit read back is the run's")
        #expect(variant.isThinned && variant.retention.count == 56)
        #expect(variant.peakResidentBytes == live.peakResidentBytes)
        for metric in [Threshold.Metric.retainedPerClose, .retainedGrowth, .leakedObjects] {
            #expect(rebuilt.result.metrics.value(metric, step: nil, variant: "weak") == result.metrics.value(metric, step: nil, variant: "weak"),
                    "\(metric.name)")
        }
        #expect(rebuilt.result.thresholds.map(\.passed) == result.thresholds.map(\.passed))
        #expect(rebuilt.result.thresholds.map(\.observed) == result.thresholds.map(\.observed))
        #expect(result.thresholds.count == 3)

        // `roost report --out` writes the rows back as they were streamed.
        let out = folder + "/rebuilt"
        try ReportWriter(buildConfiguration: "rebuilt").write(rebuilt.result, to: out, linkLatest: false)
        for file in ["memory.csv", "retention.csv"] {
            #expect(try TemporaryFolder.read("\(out)/\(file)") == TemporaryFolder.read("\(folder)/\(file)"), "\(file)")
        }
        // The charts keep the lows and highs of the seconds and mark the closes of every second.
        let html = try TemporaryFolder.read(out + "/report.html")
        #expect(ReportMarkup.problems(html) == [])
        #expect(html.contains("600 closes marked"))
        let drawn = MemoryChart.points(variant, .rss)
        #expect(drawn.map(\.y).max() == Double(live.peakResidentBytes))
        #expect(MemoryChart.markedCloses(variant, every: 1).count == 600)
    }

    /// A run that did not stream keeps its rows in memory and writes them at the end: the
    /// same rows of seconds.
    @Test func aRunThatDidNotStreamWritesTheSameRowsAtTheEnd() async throws {
        let folder = try TemporaryFolder.make("seconds-plain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: Self.yaml, path: "seconds.yaml"))
        runner.clock = ManualClock()
        runner.rowPerReadingLimit = 50
        let result = try await InProcessRun.run(runner)
        let live = try #require(result.variants.first)
        #expect(!live.memoryRowsStreamed && live.retentionRows?.count == 56)
        try ReportWriter(root: folder, commandLine: ["roost", "run"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        let rows = try TemporaryFolder.csv(folder + "/retention.csv", header: RunTable.retention.header)
        #expect(rows.map { Int($0["closes"]!)! } == Array(repeating: 1, count: 50) + [50, 100, 100, 100, 100, 100])
        #expect(rows.last?["fit_closes"] == "600" && rows.last?["fit_bytes_per_close"] == String(live.retentionFit!.bytesPerClose))
    }

    /// Folders written before rows could be seconds are read as they are: a row per reading
    /// and per close. The older folder is the CI baseline of `ci` with memory.csv and
    /// retention.csv cut back to their first generation's columns, as such folders have them.
    @Test func anOlderFolderIsReadRowByRow() throws {
        let baseline = try TemporaryFolder.make("older-folder") + "/ci"
        defer { try? FileManager.default.removeItem(atPath: (baseline as NSString).deletingLastPathComponent) }
        try FileManager.default.copyItem(atPath: ScenarioTestSupport.packageRoot.appendingPathComponent("Reports/baselines/ci").path,
                                         toPath: baseline)
        for (file, columns) in [("memory.csv", RunTable.memory.generations[0]), ("retention.csv", RunTable.retention.generations[0])] {
            let rows = try RFC4180.parse(TemporaryFolder.read(baseline + "/" + file))
            try #require(rows.count > 1 && Array(rows[0].prefix(columns.count)) == columns)
            let older = rows.map { $0.prefix(columns.count).joined(separator: ",") + "\r\n" }.joined()
            try Data(older.utf8).write(to: URL(fileURLWithPath: baseline + "/" + file))
        }
        let run = try StreamedRun.read(folder: baseline, allowComplete: true)
        let memory = try TemporaryFolder.csv(baseline + "/memory.csv", header: RunTable.memory.generations[0])
        let retention = try TemporaryFolder.csv(baseline + "/retention.csv", header: RunTable.retention.generations[0])
        #expect(run.result.variants.reduce(0) { $0 + $1.memory.count } == memory.count)
        #expect(run.result.variants.reduce(0) { $0 + $1.retention.count } == retention.count)
        for variant in run.result.variants {
            #expect(!variant.isThinned && variant.retentionFit == RetentionFit(variant.retention))
            let mine = retention.filter { $0["variant"] == variant.variant }
            #expect(variant.retention.map(\.retainedBytes) == mine.map { Int($0["retained_bytes"]!)! })
        }
    }
}
