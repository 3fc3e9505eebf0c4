import Foundation
import LoadHarness
import Testing

/// `roost compare` naming the sites whose bytes at the peak moved when a step's peak changed
/// (design 19), from both runs' `allocations.csv` (hand-written folders), and saying why it
/// cannot when a run has no such figures.
@Suite struct ComparePeakSitesTests {
    /// One site of `open_profile`: its name and its blocks live at the median execution's peak.
    private typealias PeakRow = (site: String, allocs: Int, bytes: Int)

    private static let baseline: [PeakRow] = [("Screens.PixelBuffer.init(decoding:points:)", 1, 393_216),
                                              ("closure #1 in SocialStack.MediaService.bytes(_:)", 1, 327_680)]

    /// A run folder: summary.csv with open_profile's median peak (the rows' sum), run.csv saying
    /// the mode, and allocations.csv with the peak columns (`withPeakColumns`), without them, or
    /// none (`rows` nil).
    private func folder(_ rows: [PeakRow]?, withPeakColumns: Bool = true, peak: Int? = nil) throws -> String {
        let path = try TemporaryFolder.make("compare-peaks")
        let sum = peak ?? (rows ?? Self.baseline).reduce(0) { $0 + $1.bytes }
        try Data("scenario,variant,metric,value,unit\r\ns,weak,peak_bytes_p50(open_profile),\(sum),B\r\n".utf8)
            .write(to: URL(fileURLWithPath: path + "/summary.csv"))
        try Data("key,value\r\nallocation_profile,exact\r\n".utf8).write(to: URL(fileURLWithPath: path + "/run.csv"))
        if let rows {
            var csv = "scenario,variant,step,site,executions,allocs,bytes,retained_allocs,retained_bytes"
                + (withPeakColumns ? ",peak_allocs,peak_bytes\r\n" : "\r\n")
            for row in rows {
                csv += "s,weak,open_profile,\"\(row.site)\",10,10,\(10 * row.bytes),0,0" + (withPeakColumns ? ",\(row.allocs),\(row.bytes)\r\n" : "\r\n")
            }
            try Data(csv.utf8).write(to: URL(fileURLWithPath: path + "/allocations.csv"))
        }
        return path
    }

    private func compare(_ baseline: String, _ current: String) throws -> (RunComparison, String) {
        defer {
            try? FileManager.default.removeItem(atPath: baseline)
            try? FileManager.default.removeItem(atPath: current)
        }
        let comparison = try RunComparison.compare(baseline: baseline, current: current)
        return (comparison, ComparisonReport.render(comparison, format: .text))
    }

    @Test func aPeakThatGrewNamesTheSitesThatGrewFirst() throws {
        // The pixels shrank by 131,072 B; a new 1 MiB buffer is live at the peak.
        let current: [PeakRow] = [("Screens.PixelBuffer.init(decoding:points:)", 1, 262_144),
                                  ("closure #1 in SocialStack.MediaService.bytes(_:)", 1, 327_680), ("Screens.Cache.grow()", 1, 1 << 20)]
        let (comparison, text) = try compare(folder(Self.baseline), folder(current))
        #expect(comparison.regressions.map(\.metric) == ["peak_bytes_p50(open_profile)"], "\(text)")
        let step = try #require(comparison.peakSiteChanges.first)
        #expect(comparison.peakSiteChanges.count == 1 && comparison.peakSiteNotes.isEmpty)
        #expect(step.step == "open_profile" && step.changedSites == 2 && step.mode == "exact")
        #expect(step.sites.map(\.site) == ["Screens.Cache.grow()", "Screens.PixelBuffer.init(decoding:points:)"])
        #expect(text.contains("sites whose bytes at the peak changed most"), "\(text)")
        #expect(text.contains("+1 alloc, +1048576 B  Screens.Cache.grow()  (new: 1 alloc, 1048576 B)"), "\(text)")
        #expect(text.contains("+0 allocs, -131072 B  Screens.PixelBuffer.init(decoding:points:)  (1 alloc, 393216 B -> 1 alloc, 262144 B)"),
                "\(text)")
        #expect(comparison.siteChanges.isEmpty, "no allocation metric changed: \(text)")
    }

    @Test func aPeakThatFellNamesTheSitesThatShrankFirst() throws {
        let current: [PeakRow] = [("Screens.PixelBuffer.init(decoding:points:)", 1, 65_536),
                                  ("closure #1 in SocialStack.MediaService.bytes(_:)", 1, 327_680), ("Screens.Cache.grow()", 1, 4_096)]
        let (comparison, text) = try compare(folder(Self.baseline), folder(current))
        #expect(comparison.improvements.map(\.metric) == ["peak_bytes_p50(open_profile)"], "\(text)")
        #expect(comparison.peakSiteChanges.first?.sites.map(\.site) == ["Screens.PixelBuffer.init(decoding:points:)", "Screens.Cache.grow()"])
    }

    @Test func aBaselineWithoutSitesAtThePeakComparesWithALineSayingSo() throws {
        let grown: [PeakRow] = Self.baseline + [("Screens.Cache.grow()", 1, 4_096)]
        let (older, olderText) = try compare(folder(Self.baseline, withPeakColumns: false), folder(grown))
        #expect(older.regressions.map(\.metric) == ["peak_bytes_p50(open_profile)"], "\(olderText)")
        #expect(older.peakSiteChanges.isEmpty)
        #expect(olderText.contains("sites at the peak of s/weak open_profile not named: the baseline's allocations.csv has no bytes at "
            + "the peak (peak_bytes: written before sites at the peak were recorded)"), "\(olderText)")

        let (unprofiled, unprofiledText) = try compare(folder(nil, peak: 720_896), folder(grown))
        #expect(unprofiled.regressions.count == 1 && unprofiled.peakSiteChanges.isEmpty)
        #expect(unprofiledText.contains("sites at the peak of s/weak open_profile not named: the baseline has no allocation profile "
            + "(no allocations.csv; run with allocation_profile: exact)"), "\(unprofiledText)")
    }

    @Test func thePeakMovedButNotItsSitesOrNotAtAll() throws {
        // The same blocks live at both peaks: the step freed more of what was there before it.
        let (moved, movedText) = try compare(folder(Self.baseline, peak: 700_000), folder(Self.baseline))
        #expect(moved.regressions.count == 1 && moved.peakSiteChanges.isEmpty)
        #expect(movedText.contains("sites at the peak of s/weak open_profile: the same blocks at both peaks"), "\(movedText)")
        // Nothing moved: nothing said.
        let (same, sameText) = try compare(folder(Self.baseline), folder(Self.baseline))
        #expect(same.peakSiteChanges.isEmpty && same.peakSiteNotes.isEmpty && !sameText.contains("at the peak"), "\(sameText)")
    }
}
