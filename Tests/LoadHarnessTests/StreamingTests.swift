import Foundation
@testable import LoadHarness
import Testing

/// A run folder filled as the run goes, and `roost report`'s reading of it.
@Suite(.serialized) struct StreamingTests {
    static let yaml = """
        name: streamed
        seed: 9
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 256 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: { virtual_users: 2, iterations: 4 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
          - open_post: { post: 999999 }
        thresholds:
          - "p95(login) < 60s"
          - "leaked_objects{variant:weak} == 0"
        """

    /// Runs `yaml` streaming into a new folder; the folder as the run left it (before the
    /// end-of-run files), and the result.
    static func streamedRun() async throws -> (folder: String, result: RunResult) {
        let folder = try TemporaryFolder.make("streamed")
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: "streamed.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        let stream = try StreamingRunFolder(folder: folder, scenario: scenario, scenarioText: yaml, commandLine: ["roost", "run"],
                                            buildConfiguration: "test")
        runner.stream = stream
        let result = try await InProcessRun.run(runner)
        stream.close()
        return (folder, result)
    }

    @Test func whatARunStreamsIsWhatItMeasured() async throws {
        let (folder, result) = try await Self.streamedRun()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Before the end-of-run writer: run.csv still says running, with the variants that finished.
        let info = try TemporaryFolder.csv(folder + "/run.csv", header: ["key", "value"])
        let values = Dictionary(info.map { ($0["key"]!, $0["value"]!) }) { a, _ in a }
        #expect(values["state"] == "running" && values["completed_variants"] == "weak strong" && values["end"] == "")
        #expect(try TemporaryFolder.read(folder + "/scenario.yaml") == Self.yaml)
        // The streamed tables hold what the result holds, row for row.
        #expect(try TemporaryFolder.read(folder + "/timeseries.csv") == TimeSeriesFile.text(result))
        #expect(try TemporaryFolder.read(folder + "/leaks.csv") == LeaksFile.text(result))
        for (file, text) in [("memory.csv", MemoryFile.text(result)), ("retention.csv", RetentionFile.text(result))] {
            let streamed = try TemporaryFolder.read("\(folder)/\(file)").components(separatedBy: "\r\n").sorted()
            #expect(streamed == text.components(separatedBy: "\r\n").sorted(), "\(file)")
        }
        // Each step's latency log holds every execution; executions.csv every execution's counts.
        let executions = try TemporaryFolder.csv(folder + "/executions.csv", header: RunTable.executions.header)
        for variant in result.variants {
            for step in variant.steps {
                let log = HistogramLog.read(try TemporaryFolder.read("\(folder)/hgrm/\(variant.variant).\(step.step).hlog"))
                #expect(log.stoppedAt == nil)
                #expect(log.intervals.reduce(0) { $0 + $1.histogram.totalCount } == UInt64(step.count), "\(step.step)")
                let mine = executions.filter { $0["variant"] == variant.variant && $0["step"] == step.step }
                #expect(mine.reduce(0) { $0 + Int($1["executions"]!)! } == step.count)
                #expect(mine.reduce(0) { $0 + Int($1["allocs"]!)! * Int($1["executions"]!)! } == step.allocations)
                #expect(Set(mine.map { $0["vu"]! }) == ["0", "1"], "both users' executions, each under its own index")
                #expect(mine.allSatisfy { $0["population"] == "" }, "no populations: the column is empty")
            }
        }
    }

    /// `roost report` on a folder whose run never finished: every count, error, allocation,
    /// median and latency percentile as measured; leaks of the variants that finished.
    @Test func aRebuiltRunHasTheCountsItStreamed() async throws {
        let (folder, result) = try await Self.streamedRun()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rebuilt = try StreamedRun.read(folder: folder)
        #expect(rebuilt.notes == [])
        #expect(rebuilt.recordedState == .running && rebuilt.result.state == .incomplete)
        #expect(rebuilt.result.variants.map(\.variant) == result.variants.map(\.variant))
        for (old, new) in zip(result.variants, rebuilt.result.variants) {
            #expect(new.leaksChecked && new.leaks == old.leaks, "both variants finished: their lifetime checks were streamed")
            #expect(new.steps.map(\.step) == old.steps.map(\.step))
            for (before, after) in zip(old.steps, new.steps) {
                #expect(after.count == before.count && after.errorCount == before.errorCount, "\(before.step)")
                #expect(after.allocations == before.allocations && after.bytesAllocated == before.bytesAllocated)
                #expect(after.allocationsMedian == before.allocationsMedian && after.bytesMedian == before.bytesMedian)
                // The peaks (design 19) too, from executions.csv's peak columns.
                #expect(before.peakBytesMedian != nil && after.peakBytesMedian == before.peakBytesMedian, "\(before.step)")
                #expect(after.peakBytesMax == before.peakBytesMax && after.temporaryAllocationsMedian == before.temporaryAllocationsMedian)
                // Latency to within a histogram bucket (the logs keep buckets, not exact values).
                for percentile in [50.0, 90, 99, 100] {
                    let a = UInt64(after.percentileMicroseconds(percentile) * 1_000), b = UInt64(before.percentileMicroseconds(percentile) * 1_000)
                    #expect(before.latency.valuesAreEquivalent(a, b), "\(before.step) p\(percentile): \(a) vs \(b)")
                }
            }
        }
        // Its files: marked incomplete, and what is unknown is not written as zero.
        try ReportWriter(buildConfiguration: "rebuilt").write(rebuilt.result, to: folder, linkLatest: false)
        let info = try TemporaryFolder.csv(folder + "/run.csv", header: ["key", "value"])
        let values = Dictionary(info.map { ($0["key"]!, $0["value"]!) }) { a, _ in a }
        #expect(values["state"] == "incomplete" && values["build_configuration"] == "test" && values["command_line"] == "roost run")
        #expect(values["rebuilt_by"]?.hasPrefix("roost report") == true)
        let summary = try TemporaryFolder.read(folder + "/summary.csv")
        #expect(summary.contains(",weak,p95(login),") && !summary.contains("retained_bytes"))
        #expect(try TemporaryFolder.read(folder + "/report.html").contains("Incomplete: the run was killed"))
        // Rebuilding again reads the same rows.
        #expect(try StreamedRun.read(folder: folder).result.variants.map { $0.steps.map(\.count) }
            == result.variants.map { $0.steps.map(\.count) })
    }

    @Test func aKilledVariantsLeaksAreUnknownNotZero() async throws {
        let (folder, _) = try await Self.streamedRun()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // As if killed during the second variant: run.csv lists only the first as finished.
        var run = try TemporaryFolder.read(folder + "/run.csv")
        run = run.replacingOccurrences(of: "completed_variants,weak strong", with: "completed_variants,weak")
        try Data(run.utf8).write(to: URL(fileURLWithPath: folder + "/run.csv"))
        let rebuilt = try StreamedRun.read(folder: folder).result
        #expect(rebuilt.variants.map(\.leaksChecked) == [true, false])
        #expect(rebuilt.metrics.value(.leakedObjects, step: nil, variant: "strong") == nil)
        #expect(rebuilt.metrics.value(.leakedObjects, step: nil, variant: "weak") == 0)
        #expect(LeaksFile.text(rebuilt).components(separatedBy: "\r\n").allSatisfy { !$0.contains(",strong,") })
    }

    @Test func aHalfWrittenLastLineIsLeftOutAndSaid() async throws {
        let (folder, result) = try await Self.streamedRun()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/timeseries.csv"
        var text = try TemporaryFolder.read(path)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        text = String(text.dropLast(2 + lines.last!.count / 2))  // the last row cut in half, no CRLF
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let rebuilt = try StreamedRun.read(folder: folder)
        #expect(rebuilt.notes.contains { $0.hasPrefix("timeseries.csv:\(lines.count): an incomplete last line") }, "\(rebuilt.notes)")
        let total = rebuilt.result.variants.flatMap(\.timeSeries).count
        #expect(total == result.variants.flatMap(\.timeSeries).count - 1)
    }

    @Test func aFolderThatIsNoRunOrAFinishedOneIsLeftAlone() async throws {
        let empty = try TemporaryFolder.make("not-a-run")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: RunFolderError.self) { try StreamedRun.read(folder: empty) }
        do {
            _ = try StreamedRun.read(folder: empty)
        } catch {
            #expect(error.description.contains("no run.csv"), "\(error)")
        }
        do {
            _ = try StreamedRun.read(folder: empty + "/absent")
        } catch {
            #expect(error.description.contains("no such folder"), "\(error)")
        }
        // A finished run (the shared one written at its end) is not rebuilt.
        let written = try await WrittenRun.get()
        do {
            _ = try StreamedRun.read(folder: written.folder)
            Issue.record("a complete run was read for a rebuild")
        } catch {
            #expect(error.description.contains("the run is complete"), "\(error)")
        }
        // A time series with a broken row says where.
        let (folder, _) = try await Self.streamedRun()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = try TemporaryFolder.read(folder + "/timeseries.csv")
        text = text.replacingOccurrences(of: ",weak,0,login,", with: ",weak,zero,login,")
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/timeseries.csv"))
        do {
            _ = try StreamedRun.read(folder: folder)
            Issue.record("a broken row was accepted")
        } catch {
            #expect(error.description.contains("timeseries.csv: not a run folder: line 2: expected a number in 'second', got 'zero'"),
                    "\(error)")
        }
    }
}
