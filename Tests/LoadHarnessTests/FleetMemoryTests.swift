import Foundation
import Testing
@testable import LoadHarness

/// `roost merge` of a variant split over shards that kept rows of a second (long runs): the
/// fleet's memory and retention rows, and its retention fit, read back the same from the file.
@Suite struct FleetMemoryTests {
    /// A shard's variant: `perClose` closes a row each, then seconds of `perSecond` closes each
    /// with the fit its run recorded; retained bytes grow by `growth` a close from `start`.
    private static func shard(start: Int, growth: Int, perClose: Int, seconds: Int, perSecond: Int,
                              startedAt: Date) -> VariantResult {
        var rows: [RetentionRow] = [], accumulator = RetentionFit.Accumulator()
        var memoryRows: [MemoryRow] = []
        var close = 0
        func point(_ elapsed: Double) -> RetentionPoint {
            close += 1
            let point = RetentionPoint(close: close, iteration: close, step: "close_profile", elapsedMilliseconds: elapsed,
                                       retainedBytes: start + growth * (close - 1), liveTrackedObjects: 0)
            accumulator.add(point)
            return point
        }
        for index in 0..<perClose {
            rows.append(RetentionRow(point(Double(index))))
            memoryRows.append(MemoryRow(MemorySample(elapsedMilliseconds: Double(index), iteration: close, allocatedBytes: 1_000,
                                                     residentBytes: 2_000, rssBytes: 3_000, liveTrackedObjects: 0)))
        }
        for second in 1...seconds {
            var row: RetentionRow?
            var memory: MemoryRow?
            for index in 0..<perSecond {
                let elapsed = Double(second) * 1_000 + Double(index)
                let next = point(elapsed)
                if row == nil { row = RetentionRow(next) } else { row!.add(next) }
                let sample = MemorySample(elapsedMilliseconds: elapsed, iteration: close, allocatedBytes: 1_000 + index,
                                          residentBytes: 2_000, rssBytes: 3_000 + index, liveTrackedObjects: 0)
                if memory == nil { memory = MemoryRow(sample) } else { memory!.add(sample) }
            }
            row!.fit = accumulator.fit
            rows.append(row!)
            memoryRows.append(memory!)
        }
        var result = VariantResult(variant: "weak", steps: [], memory: memoryRows.map(\.last), retention: rows.map(\.last), leaks: [],
                                   iterations: close, droppedIterations: 0, elapsedNanoseconds: UInt64(seconds + 1) * 1_000_000_000,
                                   peakResidentBytes: 3_000 + perSecond, wasInterrupted: false)
        result.memoryRows = memoryRows
        result.retentionRows = rows
        result.isThinned = true
        result.fitOverAllCloses = accumulator.fit
        result.measuredStarted = startedAt
        return result
    }

    @Test func shardsRowsOfASecondMergeIntoTheFleetsRowsAndFitThatReadBackTheSame() throws {
        let origin = Date(timeIntervalSince1970: 1_000_000)
        let a = Self.shard(start: 100_000, growth: 10, perClose: 5, seconds: 4, perSecond: 3, startedAt: origin)
        let b = Self.shard(start: 200_000, growth: 30, perClose: 5, seconds: 4, perSecond: 5, startedAt: origin.addingTimeInterval(0.5))
        let merged = VariantMerge.merge([a, b])

        // Every shard row is a fleet row; every close is counted once, numbered across the fleet.
        let retention = try #require(merged.retentionRows)
        #expect(retention.count == 18 && retention.reduce(0) { $0 + $1.closes } == 17 + 25)
        #expect(retention.last?.last.close == 42 && retention.last?.last.retainedBytes == (100_000 + 10 * 16) + (200_000 + 30 * 24))
        #expect(merged.memoryRows?.count == 18 && merged.memoryRows?.reduce(0) { $0 + $1.readings } == 17 + 25)
        // A row of a second: that shard's low and high, the other shard at its latest.
        let lastOfB = try #require(merged.memoryRows?.last)
        #expect(lastOfB.rssBytes == (3_000 + 3 - 1 + 3_000)...(3_000 + 5 - 1 + 3_000 + 3 - 1) && lastOfB.readings == 5)

        // The fleet's fit: the shards' lines added, weighted by their closes.
        let fit = try #require(merged.retentionFit)
        #expect(fit.closes == 42 && fit.growthBytes == 10 * 16 + 30 * 24)
        #expect(abs(fit.bytesPerClose - (10.0 * 17 + 30.0 * 25) / 42) < 1e-9)
        #expect(fit == retention.last?.fit)

        // Written and read back (roost report, another roost merge): the same rows and fit.
        let text = RunTable.retention.text(retention.map { RetentionFile.row(scenario: "s", variant: "weak", $0) })
        let table = try RunTable.retention.read(text: text, path: "retention.csv", requiring: RunTable.retention.header)
        let readBack = ReadBackMemory(variant: "weak", memory: [], retention: try RetentionFile.rows(table))
        #expect(readBack.retentionRows == retention)
        var again = merged
        readBack.apply(to: &again)
        #expect(again.retentionFit == fit)
    }

    /// A long run of two users, 600 iterations each, split over two shards (rows of their own
    /// for 50 closes, then a row a second of a manual clock): the merged folder's rows stand for every close and reading of both,
    /// and its fit, read back, is the fleet's from the shards' fits over every close.
    @Test func aSplitLongRunMergesItsRowsOfASecondAndItsFit() async throws {
        let directory = try TemporaryFolder.make("fleet-seconds")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = SecondRowsTests.yaml.replacingOccurrences(of: "virtual_users: 1, iterations: 600",
                                                             with: "virtual_users: 2, iterations: 600")
        try #require(yaml != SecondRowsTests.yaml)
        let path = directory + "/seconds.yaml"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        var folders: [String] = []
        for index in 1...2 {
            var runner = ScenarioRunner(scenario: try ScenarioLoader.load(path: path))
            runner.clock = ManualClock()
            runner.rowPerReadingLimit = 50
            runner.shard = Shard(index: index, count: 2)
            let folder = directory + "/shard\(index)"
            try ReportWriter(buildConfiguration: "debug").write(try await InProcessRun.run(runner), to: folder, linkLatest: false)
            folders.append(folder)
        }
        let parts = try folders.map { try #require(try RecordedRun.read(RunFolder($0)).variants.first) }
        #expect(parts.allSatisfy { $0.isThinned && $0.retentionTable.contains { $0.closes > 1 } })
        let closes = parts.map { $0.retentionTable.reduce(0) { $0 + $1.closes } }
        #expect(closes.reduce(0, +) == 1_200 && zip(closes, parts).allSatisfy { $0 == $1.retentionFit?.closes })

        let merge = try RunMerge.merge(folders: folders)
        try ReportWriter(buildConfiguration: "debug").write(merge.result, to: directory + "/merged", linkLatest: false)
        let rows = try TemporaryFolder.csv(directory + "/merged/retention.csv", header: RunTable.retention.header)
        #expect(rows.reduce(0) { $0 + Int($1["closes"]!)! } == 1_200)
        #expect(rows.compactMap { Int($0["fit_closes"]!) }.max() == 1_200)
        let memory = try TemporaryFolder.csv(directory + "/merged/memory.csv", header: RunTable.memory.header)
        #expect(memory.reduce(0) { $0 + Int($1["readings"]!)! } == parts.reduce(0) { $0 + $1.memoryTable.reduce(0) { $0 + $1.readings } })

        let fleet = try #require(merge.result.variants.first?.retentionFit)
        #expect(fleet.closes == 1_200 && fleet.growthBytes == parts.reduce(0) { $0 + $1.retentionFit!.growthBytes })
        let readBack = try #require(try RecordedRun.read(RunFolder(directory + "/merged"), states: [.complete]).variants.first)
        #expect(readBack.retentionFit == fleet, "the merged folder's fit reads back as the merge made it")
    }
}
