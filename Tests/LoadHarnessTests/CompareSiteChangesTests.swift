import Foundation
import LoadHarness
import Testing

/// `roost compare` naming the allocation sites behind a change in a step's allocations,
/// from both runs' `allocations.csv` (hand-written folders).
@Suite struct CompareSiteChangesTests {
    /// One site row: step, site, executions, allocations, bytes (totals over the executions).
    private typealias SiteRow = (step: String, site: String, executions: Int, allocs: Int, bytes: Int)

    private static let baselineSites: [SiteRow] = [
        ("open_profile", "Screens.ProfileController.load()", 10, 200, 40_960),
        ("open_profile", "Screens.PixelBuffer.init(decoding:points:)", 10, 10, 3_932_160),
        ("open_profile", "sqlite3VdbeExec", 10, 50, 12_800),
        ("login", "CCryptoBoringSSL_EVP_PBE_scrypt", 10, 10, 204_800),
    ]

    /// A run folder: summary.csv with each step's per-op totals, run.csv saying the mode,
    /// allocations.csv with `sites` (none: no profile).
    private func folder(_ sites: [SiteRow]?, mode: String? = "exact") throws -> String {
        let path = try TemporaryFolder.make("compare-sites")
        let rows = sites ?? Self.baselineSites
        var summary = "scenario,variant,metric,value,unit\r\n"
        for step in ["login", "open_profile"] {
            let mine = rows.filter { $0.step == step }
            let executions = Double(mine.first?.executions ?? 1)
            let allocs = Double(mine.map(\.allocs).reduce(0, +)) / executions, bytes = Double(mine.map(\.bytes).reduce(0, +)) / executions
            summary += "s,weak,allocs_per_op(\(step)),\(CSVNumber.text(allocs)),count\r\n"
            summary += "s,weak,bytes_per_op(\(step)),\(CSVNumber.text(bytes)),B\r\n"
        }
        try Data(summary.utf8).write(to: URL(fileURLWithPath: path + "/summary.csv"))
        if let mode {
            try Data("key,value\r\nseed,1\r\nallocation_profile,\(mode)\r\n".utf8).write(to: URL(fileURLWithPath: path + "/run.csv"))
        }
        if let sites {
            var csv = "scenario,variant,step,site,executions,allocs,bytes,retained_allocs,retained_bytes\r\n"
            for row in sites {
                let site = row.site.contains(",") ? "\"\(row.site)\"" : row.site
                csv += "s,weak,\(row.step),\(site),\(row.executions),\(row.allocs),\(row.bytes),0,0\r\n"
            }
            try Data(csv.utf8).write(to: URL(fileURLWithPath: path + "/allocations.csv"))
        }
        return path
    }

    private func compare(_ current: [SiteRow]?, baseline: [SiteRow]? = baselineSites, mode: String? = "exact",
                         format: RunSummary.Format = .text) throws -> (RunComparison, String) {
        let old = try folder(baseline, mode: mode), new = try folder(current, mode: mode)
        defer {
            try? FileManager.default.removeItem(atPath: old)
            try? FileManager.default.removeItem(atPath: new)
        }
        let comparison = try RunComparison.compare(baseline: old, current: new)
        return (comparison, ComparisonReport.render(comparison, format: format))
    }

    @Test func oneAllocationAddedInAnInitIsNamedWithItsExactSize() throws {
        let added = Self.baselineSites + [("open_profile", "Screens.ProfileHeader.init(user:avatarBytes:)", 10, 10, 3_840)]
        let (comparison, text) = try compare(added)
        #expect(comparison.regressions.map(\.metric).sorted() == ["allocs_per_op(open_profile)", "bytes_per_op(open_profile)"])
        let step = try #require(comparison.siteChanges.first)
        #expect(comparison.siteChanges.count == 1)
        #expect(step.step == "open_profile" && step.variant == "weak" && step.changedSites == 1 && step.mode == "exact")
        #expect(step.sites.map(\.site) == ["Screens.ProfileHeader.init(user:avatarBytes:)"])
        #expect(step.sites[0].baseline == nil && step.sites[0].allocationsDelta == 1 && step.sites[0].bytesDelta == 384)
        #expect(text.contains("bytes_per_op(open_profile): 398592 -> 398976 (+384 B, +0.096%)"), "\(text)")
        #expect(text.contains("s/weak open_profile: 1 changed site, exact profiles"), "\(text)")
        #expect(text.contains("+1 alloc, +384 B  Screens.ProfileHeader.init(user:avatarBytes:)  (new: 1 alloc, 384 B)"), "\(text)")
    }

    @Test func theFiveSitesThatMovedMostBytesAreShownOfMore() throws {
        var current = Self.baselineSites
        for index in 1...7 { current.append(("open_profile", "Site\(index)", 10, 10 * index, 10 * 100 * index)) }
        current[1] = ("open_profile", "Screens.PixelBuffer.init(decoding:points:)", 10, 10, 3_932_160 - 10 * 650)  // -650 B per op
        let (comparison, text) = try compare(current)
        let step = try #require(comparison.siteChanges.first)
        #expect(step.changedSites == 8)
        #expect(step.sites.map(\.site) == ["Site7", "Screens.PixelBuffer.init(decoding:points:)", "Site6", "Site5", "Site4"])
        #expect(text.contains("top 5 of 8 changed sites"), "\(text)")
        #expect(text.contains("+0 allocs, -650 B  Screens.PixelBuffer.init(decoding:points:)  (1 alloc, 393216 B -> 1 alloc, 392566 B)"), "\(text)")
    }

    @Test func markdownHasATablePerStep() throws {
        let added = Self.baselineSites + [("open_profile", "Screens.ProfileHeader.init(user:avatarBytes:)", 10, 10, 3_840)]
        let (_, markdown) = try compare(added, format: .markdown)
        #expect(markdown.contains("#### Sites that changed most in s/weak `open_profile` (per execution; 1 changed site, exact profiles)"))
        #expect(markdown.contains("| `Screens.ProfileHeader.init(user:avatarBytes:)` (new) | 0 -> 1 (+1) | 0 -> 384 (+384 B) |"), "\(markdown)")
    }

    @Test func unchangedStepsAndRunsWithoutProfilesNameNoSites() throws {
        let (same, sameText) = try compare(Self.baselineSites)
        #expect(same.siteChanges.isEmpty && !sameText.contains("sites that changed"))
        // Allocations moved, but the baseline has no profile: the change alone.
        let added = Self.baselineSites + [("open_profile", "X", 10, 10, 3_840)]
        let (unprofiled, text) = try compare(added, baseline: nil)
        #expect(unprofiled.regressions.count == 2 && unprofiled.siteChanges.isEmpty && !text.contains("sites that changed"))
    }

    @Test func sampledProfilesSayTheirDeltasAreEstimates() throws {
        let added = Self.baselineSites + [("open_profile", "X", 10, 10, 3_840)]
        let (_, text) = try compare(added, mode: "sampled")
        #expect(text.contains("1 changed site, sampled profiles: estimates"), "\(text)")
    }
}
