import Foundation
@testable import LoadHarness
import MemoryProbes
import Testing

/// What was live at the peak (design 19) on the bundled `profile-open-close` as the gate plays
/// it (exact profile; fewer iterations, the weak variant): a buffer that lives longer, every
/// allocation and byte the same, fails the gate on `open_profile`'s peak and `roost compare`
/// names the site; the files, the report and an older baseline say what they should.
@Suite(.serialized) struct PeakSitesScenarioTests {
    /// Runs `profile-open-close` (weak, 3 iterations after a warm-up, exact) with `patch`.
    static func run(patch: StackPatch, label: String) async throws -> (String, RunResult) {
        let path = ScenarioTestSupport.scenariosFolder.appendingPathComponent("profile-open-close.yaml").path
        var scenario = try ScenarioLoader.load(path: path)
        scenario.load = .closed(.init(virtualUsers: 1, iterations: 3, warmup: 1))
        var runner = ScenarioRunner(scenario: scenario)
        runner.patch = patch
        runner.variants = ["weak"]
        runner.allocationProfile = .exact
        let result = try await InProcessRun.run(runner)
        let folder = try TemporaryFolder.make(label)
        try ReportWriter(root: folder, commandLine: ["roost"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        return (folder, result)
    }

    /// allocations.csv's rows of `step`: site -> peak_bytes.
    static func peakBytes(_ folder: String, step: String) throws -> [String: Int] {
        let rows = try TemporaryFolder.csv(folder + "/allocations.csv", header: RunTable.allocations.header)
        var sites: [String: Int] = [:]
        for row in rows where row["step"] == step { sites[row["site"]!] = Int(row["peak_bytes"]!) }
        return sites
    }

    /// The folded file's total per step.
    static func foldedTotals(_ path: String) throws -> [String: Int] {
        var totals: [String: Int] = [:]
        for line in try FlameGraphStacks.parse(TemporaryFolder.read(path), file: path) { totals[line.step, default: 0] += line.value }
        return totals
    }

    @Test func aBufferThatLivesLongerFailsTheGateNamingTheStepAndTheSite() async throws {
        let bytes = 4 << 20
        let (apart, before) = try await Self.run(patch: PeakMemoryTests.buffers(bytes, together: false), label: "sites-apart")
        let (together, after) = try await Self.run(patch: PeakMemoryTests.buffers(bytes, together: true), label: "sites-together")
        let old = try #require(before.variants.first?.steps.first { $0.step == "open_profile" })
        let new = try #require(after.variants.first?.steps.first { $0.step == "open_profile" })
        #expect(new.allocationsMedian == old.allocationsMedian && new.bytesMedian == old.bytesMedian)
        #expect(try #require(new.peakBytesMedian) - #require(old.peakBytesMedian) == Double(bytes))

        let comparison = try RunComparison.compare(baseline: apart, current: together, tolerances: Self.untimed())
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(comparison.regressions.contains { $0.metric == "peak_bytes_p50(open_profile)" }, "\(text)")
        // The step and the site: the test's buffers, one more of them live at the peak.
        let step = try #require(comparison.peakSiteChanges.first, "\(text)")
        #expect(step.step == "open_profile" && step.variant == "weak" && step.mode == "exact")
        let site = try #require(step.sites.first)
        #expect(site.site.contains("PeakMemoryTests.buffers("), "\(text)")
        #expect(site.bytesDelta == Double(bytes) && site.allocationsDelta == 1, "\(text)")
        #expect(step.changedSites == 1, "nothing else live at the peak changed: \(text)")
        #expect(text.contains("sites whose bytes at the peak changed most"), "\(text)")
        #expect(text.contains("+1 alloc, +4194304 B  " + site.site + "  (1 alloc, 4194304 B -> 2 allocs, 8388608 B)"), "\(text)")
        let markdown = ComparisonReport.render(comparison, format: .markdown)
        #expect(markdown.contains("#### Sites whose bytes at the peak changed most in profile-open-close/weak `open_profile`"), "\(markdown)")

        // allocations.csv and the folded file: the buffers' site at the peak, and every step's
        // blocks at the peak at least its peak (exact: the peak plus older blocks freed by then).
        let sites = try Self.peakBytes(together, step: "open_profile")
        #expect(sites[site.site] == 2 * bytes)
        #expect(try Self.peakBytes(apart, step: "open_profile")[site.site] == bytes)
        let folded = try Self.foldedTotals(together + "/profiles/weak.peak.folded")
        #expect(folded["open_profile"] == sites.values.reduce(0, +))
        for metrics in after.variants[0].steps {
            let median = try #require(metrics.peakBytesMedian)
            #expect(Double(folded[metrics.step] ?? 0) >= median, "\(metrics.step): \(folded) against a median peak of \(median)")
        }
        // The report draws it beside the bytes and retained graphs.
        let page = HTMLReport.page(after)
        #expect(page.contains("<figure class=\"flame\" data-measure=\"peak\"><figcaption>weak / open_profile — bytes live at the "
            + "median execution&#39;s peak") || page.contains("<figure class=\"flame\" data-measure=\"peak\"><figcaption>weak / "
            + "open_profile — bytes live at the median execution's peak"), "the at-the-peak figure")
        #expect(ReportMarkup.problems(page) == [])

        // A baseline written before sites at the peak: the gate still fails, and says why no site is named.
        try Self.removePeakSites(from: apart)
        let older = try RunComparison.compare(baseline: apart, current: together, tolerances: Self.untimed())
        let olderText = ComparisonReport.render(older, format: .text)
        #expect(older.regressions.contains { $0.metric == "peak_bytes_p50(open_profile)" }, "\(olderText)")
        #expect(older.peakSiteChanges.isEmpty)
        #expect(olderText.contains("sites at the peak of profile-open-close/weak open_profile not named: the baseline's "
            + "allocations.csv has no bytes at the peak"), "\(olderText)")
        let readBack = try RecordedRun.read(RunFolder(apart))
        #expect(readBack.variants[0].allocationProfile?.hasPeaks == false)
        #expect(FlameGraphStacks.of(readBack.variants[0]).map { $0.peak == nil } == true, "the report says it has no sites at the peak")
    }

    static func untimed() throws -> Tolerances {
        var tolerances = Tolerances()
        try tolerances.setTimings("100000%")
        return tolerances
    }

    /// Makes `folder` look like a run of a build before sites at the peak: allocations.csv
    /// with its first generation's columns only, no peak.folded.
    static func removePeakSites(from folder: String) throws {
        let path = folder + "/allocations.csv"
        let rows = try RFC4180.parse(TemporaryFolder.read(path))
        let columns = RunTable.allocations.generations[0].count
        try Data(rows.map { RFC4180.line(Array($0.prefix(columns))) }.joined().utf8).write(to: URL(fileURLWithPath: path))
        for file in try FileManager.default.contentsOfDirectory(atPath: folder + "/profiles") where file.hasSuffix(".peak.folded") {
            try FileManager.default.removeItem(atPath: folder + "/profiles/" + file)
        }
    }
}
