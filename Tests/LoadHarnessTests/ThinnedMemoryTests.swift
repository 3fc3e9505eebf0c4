import Foundation
@testable import LoadHarness
import Testing

/// A long streamed run keeps a bounded, evenly thinned copy of its memory readings, while
/// its files and its retention fit cover every close.
@Suite struct ThinnedMemoryTests {
    @Test func aThinnedSeriesKeepsAtMostItsLimitEvenlyWithTheFirstAndTheLast() {
        var series = ThinnedSeries<Int>(limit: 8)
        for value in 0..<1_000 { series.append(value) }
        let kept = series.elements
        #expect(series.count == 1_000 && series.isThinned)
        #expect(kept.count <= 9, "\(kept)")
        #expect(kept.first == 0 && kept.last == 999)
        let spacing = Set(zip(kept.dropLast(), kept.dropFirst().dropLast()).map { $1 - $0 })
        #expect(spacing.count == 1, "evenly spaced but for the last: \(kept)")
        var short = ThinnedSeries<Int>(limit: 8)
        for value in 0..<7 { short.append(value) }
        #expect(short.elements == Array(0..<7) && !short.isThinned)
    }

    @Test func theRunningFitIsTheFitOfEveryPoint() throws {
        var accumulator = RetentionFit.Accumulator()
        var points: [RetentionPoint] = []
        for close in 1...5_000 {
            let point = RetentionPoint(close: close, iteration: close, step: "close_profile", elapsedMilliseconds: Double(close),
                                       retainedBytes: 1_000_000 + close * 712_800 + (close * 7_919) % 4_096, liveTrackedObjects: 0)
            points.append(point)
            accumulator.add(point)
        }
        let running = try #require(accumulator.fit), twoPass = try #require(RetentionFit(points))
        #expect(running.closes == 5_000 && running.growthBytes == twoPass.growthBytes && running.toleranceBytes == twoPass.toleranceBytes)
        #expect(abs(running.bytesPerClose - twoPass.bytesPerClose) < 1e-6 * twoPass.bytesPerClose)
        #expect(abs(running.rSquared - twoPass.rSquared) < 1e-9)
        #expect(abs(running.intercept - twoPass.intercept) < 1e-6 * abs(twoPass.intercept))
    }

    /// 300 closes kept as at most 16 readings in memory; the streamed files have all 300,
    /// and the end-of-run writer leaves them whole.
    /// Snapshots after closes take at most 1% of a core: a 250 us snapshot waits 25 ms before
    /// the next (closes meanwhile share it), never longer than the timer's period.
    @Test func snapshotsAfterClosesAreSpacedByWhatTheyCost() {
        #expect(MemorySampler.spacing(afterSnapshotCosting: 250_000, period: 100_000_000) == 25_000_000)
        #expect(MemorySampler.spacing(afterSnapshotCosting: 5_000_000, period: 100_000_000) == 100_000_000)
        #expect(MemorySampler.spacing(afterSnapshotCosting: 0, period: 100_000_000) == 0)
    }

    @Test func aStreamedRunKeepsFewReadingsAndWritesEveryOne() async throws {
        let yaml = """
            name: thinned
            seed: 3
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            variants:
              - { name: weak, references: weak }
            load: { virtual_users: 1, iterations: 300 }
            steps:
              - login
              - open_feed
              - close_feed
            """
        let folder = try TemporaryFolder.make("thinned")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: "thinned.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        let stream = try StreamingRunFolder(folder: folder, scenario: scenario, scenarioText: yaml, commandLine: ["roost", "run"],
                                            buildConfiguration: "test")
        runner.stream = stream
        runner.keptReadings = 16
        let result = try await InProcessRun.run(runner)
        stream.close()
        let variant = try #require(result.variants.first)
        #expect(variant.isThinned)
        #expect(variant.retention.count <= 17 && variant.memory.count <= 17)
        #expect(variant.retention.first?.close == 1 && variant.retention.last?.close == 300)
        #expect(variant.retentionFit?.closes == 300)
        try ReportWriter(root: folder, commandLine: ["roost", "run"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        let retention = try TemporaryFolder.csv(folder + "/retention.csv", header: RunTable.retention.header)
        #expect(retention.count == 300)
        #expect(Set(retention.map { Int($0["close"]!)! }) == Set(1...300))
        let memory = try TemporaryFolder.csv(folder + "/memory.csv", header: RunTable.memory.header)
        #expect(memory.count >= 300, "a reading after every close, and the timer's")
        let summary = RunSummary.render(result, folder: folder, format: .text)
        #expect(summary.contains("weak ") && summary.contains(" 300 "), "the retention table counts every close: \(summary)")
    }
}
