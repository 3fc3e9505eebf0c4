import Foundation
@testable import LoadHarness
import MemoryProbes
import Testing

/// Peak memory per step (design 19) on real runs of a small open/close scenario: a change that
/// moves only how long a buffer lives fails the gate on the step's peak alone, a larger
/// profile image moves `open_profile`'s peak by the image's size class, thresholds on peaks
/// are checked like any metric's, and a baseline written before peaks compares cleanly.
@Suite(.serialized) struct PeakMemoryTests {
    static func yaml(imageBytes: Int = 65_536, thresholds: String = "") -> String {
        """
        name: peak-steps
        seed: 42
        allocation_profile: off
        stack: { feed: fanOutOnRead, password_cost: low, storage: memory }
        dataset: { users: 20, posts_per_user: 4, follows_per_user: 5, likes_per_user: 3, image_bytes: \(imageBytes) }
        variants:
          - { name: weak, references: weak }
        load: { virtual_users: 1, iterations: 4, warmup: 1 }
        steps:
          - login
          - open_profile: { user: user7 }
          - close_profile
        """ + thresholds
    }

    /// Runs the scenario (with `patch`) and writes its files into a new folder.
    static func run(imageBytes: Int = 65_536, patch: StackPatch? = nil, label: String) async throws -> (String, RunResult) {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: yaml(imageBytes: imageBytes), path: "peak-steps.yaml"))
        runner.patch = patch
        runner.allocationProfile = .off
        let result = try await InProcessRun.run(runner)
        let folder = try TemporaryFolder.make(label)
        try ReportWriter(root: folder, commandLine: ["roost"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        // What `roost run` keeps beside its files, for reading the folder back (RecordedRun).
        try Data(yaml(imageBytes: imageBytes).utf8).write(to: URL(fileURLWithPath: folder + "/scenario.yaml"))
        return (folder, result)
    }

    /// Two blocks of `bytes` made and freed at the end of `open_profile`: one after the other,
    /// or both held at once. The same allocations and bytes either way; only their lives differ.
    static func buffers(_ bytes: Int, together: Bool) -> StackPatch {
        StackPatch(inStep: { step, _ in
            guard step == "open_profile" else { return }
            let first = malloc(bytes)!
            if together {
                let second = malloc(bytes)!
                free(first)
                free(second)
            } else {
                free(first)
                free(malloc(bytes)!)
            }
        })
    }

    private static func step(_ run: RunResult, _ name: String) throws -> StepMetrics {
        try #require(run.variants.first?.steps.first { $0.step == name })
    }

    @Test func aBufferThatLivesLongerFailsTheGateOnTheStepsPeakAlone() async throws {
        // 4 MiB each (a jemalloc size class): more than anything else open_profile holds, so
        // the step's peak is where the patch runs.
        let bytes = 4 << 20
        let (base, before) = try await Self.run(patch: Self.buffers(bytes, together: false), label: "peak-apart")
        let (patched, after) = try await Self.run(patch: Self.buffers(bytes, together: true), label: "peak-together")
        let old = try Self.step(before, "open_profile"), new = try Self.step(after, "open_profile")
        #expect(new.allocationsMedian == old.allocationsMedian && new.bytesMedian == old.bytesMedian)
        #expect(new.allocations == old.allocations && new.bytesAllocated == old.bytesAllocated)
        #expect(try #require(new.peakBytesMedian) - #require(old.peakBytesMedian) == Double(bytes))
        #expect(try #require(old.temporaryAllocationsMedian) - #require(new.temporaryAllocationsMedian) == 2)

        let comparison = try RunComparison.compare(baseline: base, current: patched)
        let text = ComparisonReport.render(comparison, format: .text)
        let regressed = Set(comparison.regressions.map(\.metric))
        #expect(regressed.contains("peak_bytes_p50(open_profile)"), "\(text)")
        #expect(regressed.contains("peak_bytes_max(open_profile)"), "\(text)")
        // No median but the peak's regressed: not an allocation, not a byte. (The means are left
        // out: first-use work of tests running beside this one in the process can land in them.)
        #expect(regressed.filter { $0.contains("_p50") && !$0.hasPrefix("peak_bytes_") }.isEmpty, "\(regressed.sorted())")
        #expect(text.contains("worse   peak-steps/weak peak_bytes_p50(open_profile): "), "\(text)")
        #expect(text.contains("(+4194304 B,"), "\(text)")
        #expect(comparison.improvements.contains { $0.metric == "temporary_allocs_p50(open_profile)" }, "\(text)")
    }

    @Test func aLargerProfileImageMovesOpenProfilesPeakByItsSizeClass() async throws {
        let (_, small) = try await Self.run(imageBytes: 65_536, label: "peak-image-64k")
        let (_, large) = try await Self.run(imageBytes: 131_072, label: "peak-image-128k")
        // The screen keeps the image's bytes as a [UInt8]: 64 KiB and 128 KiB of bytes plus the
        // array's header, in jemalloc's size classes (80 KiB and 160 KiB).
        let array = { (count: Int) in AllocationCounters.measure { _ = [UInt8](repeating: 7, count: count) }.bytesAllocated }
        let grown = array(131_072) - array(65_536)
        #expect(grown == 81_920)
        let before = try Self.step(small, "open_profile"), after = try Self.step(large, "open_profile")
        #expect(try #require(after.peakBytesMedian) - #require(before.peakBytesMedian) == Double(grown))
        // The bytes allocated grow by more: the image is also read into SQLite's buffer, freed
        // before the peak.
        #expect(after.bytesMedian - before.bytesMedian > Double(grown))
        // The other steps do not see the image.
        #expect(try Self.step(large, "login").peakBytesMedian == Self.step(small, "login").peakBytesMedian)
    }

    @Test func aStepsPeakIsInItsFilesAndReadsBackTheSame() async throws {
        let (folder, run) = try await Self.run(label: "peak-files")
        let open = try Self.step(run, "open_profile")
        let steps = try TemporaryFolder.csv(folder + "/steps.csv", header: RunTable.steps.header)
        let row = try #require(steps.first { $0["step"] == "open_profile" })
        #expect(row["peak_bytes_p50"] == CSV.number(try #require(open.peakBytesMedian)))
        #expect(row["peak_bytes_max"] == String(try #require(open.peakBytesMax)))
        #expect(row["temporary_allocs_p50"] == CSV.number(try #require(open.temporaryAllocationsMedian)))
        // The peak lies between nothing and every byte the step allocated.
        #expect(open.peakBytesMedian! > 0 && open.peakBytesMedian! <= open.bytesMedian)
        let summary = try TemporaryFolder.read(folder + "/summary.csv")
        #expect(summary.contains("peak-steps,weak,peak_bytes_p50(open_profile),\(row["peak_bytes_p50"]!),B\r\n"))
        #expect(summary.contains("peak-steps,weak,temporary_allocs_p50(open_profile),"))
        #expect(summary.contains("peak-steps,weak,heap_peak_bytes,"))
        let info = try TemporaryFolder.csv(folder + "/run.csv", header: ["key", "value"])
        let heap = try #require(info.first { $0["key"] == "heap_peak_bytes" }?["value"])
        #expect(Int(heap) == run.variants.first?.peakHeapBytes && Int(heap)! > 0)
        #expect(info.contains { $0["key"] == "rss_peak_bytes" })
        // Read back from distributions.csv (roost merge, --instructions): the same figures.
        let readBack = try #require(try RecordedRun.read(RunFolder(folder)).variants.first)
        for (old, new) in zip(run.variants[0].steps, readBack.steps) {
            #expect(new.peakBytesMedian == old.peakBytesMedian && new.peakBytesMax == old.peakBytesMax, "\(old.step)")
            #expect(new.temporaryAllocationsMedian == old.temporaryAllocationsMedian, "\(old.step)")
        }
        #expect(readBack.peakHeapBytes == run.variants[0].peakHeapBytes)
        // The memory chart draws the heap peak as a level across the variant's readings.
        let page = HTMLReport.page(run)
        let level = try #require(page.firstMatch(of: /<line class="peak" data-variant="weak"[^>]*><title>([^<]*)<\/title>/))
        #expect(level.output.1 == "weak: heap peak \(RunSummary.bytes(Double(Int(heap)!))) (heap_peak_bytes, the highest reading)")
        #expect(ReportMarkup.problems(page) == [])
        // The terminal table's column.
        let table = RunSummary.render(run, folder: folder, format: .text)
        #expect(table.contains("peak p50"), "\(table)")
    }

    @Test func aBaselineWrittenBeforePeaksComparesWithoutARegression() async throws {
        let (current, _) = try await Self.run(label: "peak-now")
        let (old, _) = try await Self.run(label: "peak-old")
        try Self.removePeaks(from: old)
        // Timings are not what this is about: two runs on a busy machine differ there.
        var tolerances = Tolerances()
        try tolerances.setTimings("100000%")
        let comparison = try RunComparison.compare(baseline: old, current: current, tolerances: tolerances)
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(comparison.regressions.isEmpty, "\(text)")
        #expect(text.contains("only in the current run (not in the baseline, not judged): heap_peak_bytes, peak_bytes_max, "
            + "peak_bytes_p50, temporary_allocs_p50"), "\(text)")
        let readBack = try RecordedRun.read(RunFolder(old))
        #expect(readBack.variants[0].steps.allSatisfy { $0.peakBytesMedian == nil && $0.peakBytesMax == nil })
    }

    @Test func aThresholdOnThePeakOfAStepTheScenarioDoesNotPlayIsRefusedAtItsLine() {
        let problems = ScenarioTestSupport.report(Self.yaml(thresholds: """

            thresholds:
              - "peak_bytes_p50(open_feed) < 1MB"
              - "peak_bytes_max(open_profile) < 2kb"
            """))
        #expect(problems == [
            "14:21: step 'open_feed' is not in this scenario's steps; its measured steps are login, open_profile, close_profile",
            "15:38: unit 'kb' does not fit 'peak_bytes_max', a byte metric; expected B, KB, MB or GB; did you mean 'KB'?",
        ])
        #expect(ScenarioTestSupport.scenario(Self.yaml(thresholds: "\nthresholds:\n  - \"peak_bytes_p50(open_profile) < 8MB\"\n")) != nil)
    }

    /// Makes `folder` look like a run of a build before peaks: steps.csv without its last
    /// generation, and no peak rows in summary.csv, distributions.csv or run.csv.
    static func removePeaks(from folder: String) throws {
        let peakMetrics = ["peak_bytes_p50", "peak_bytes_max", "temporary_allocs_p50", "heap_peak_bytes"]
        func rewrite(_ file: String, _ change: ([String]) -> [String]) throws {
            let path = folder + "/" + file
            let lines = try TemporaryFolder.read(path).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            try Data(change(lines).map { $0 + "\r\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        }
        try rewrite("summary.csv") { $0.filter { line in !peakMetrics.contains { line.contains("," + $0) } } }
        try rewrite("distributions.csv") { $0.filter { !$0.contains(",peak_bytes,") && !$0.contains(",temporary_allocs,") } }
        try rewrite("run.csv") { $0.filter { !$0.hasPrefix("heap_peak_bytes,") } }
        // The last four fields of every line are the peak generation and the population's after it (none
        // is quoted here): a folder from before peaks has neither.
        try rewrite("steps.csv") { $0.map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(4).joined(separator: ",") } }
    }
}
