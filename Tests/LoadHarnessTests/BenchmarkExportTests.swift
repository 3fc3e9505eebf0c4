import Foundation
import LoadHarness
import Testing

/// `roost export`: github-action-benchmark's customSmallerIsBetter JSON from a run folder.
@Suite struct BenchmarkExportTests {
    @Test func aWrittenRunExportsItsSmallerIsBetterMetrics() async throws {
        let run = try await WrittenRun.get()
        let entries = try BenchmarkExport.entries(folders: [run.folder])
        // Per variant: 3 measured steps x 8 metrics (latency p50, p90, p99, allocations, bytes,
        // statements, VM steps, full-scan steps) + leaked objects, leaked bytes, retained per close.
        #expect(entries.count == WrittenRun.variants.count * (WrittenRun.measured.count * 8 + 3))
        #expect(!entries.contains { $0.name.contains("ops_per_s") || $0.name.contains("max(") })
        let allocs = try #require(entries.first { $0.name == "report-files weak allocs_per_op(login)" })
        #expect(allocs.unit == "count")
        let weak = try #require(run.result.variants.first { $0.variant == "weak" })
        // summary.csv keeps three decimals.
        #expect(abs(allocs.value - (weak.steps.first { $0.step == "login" }?.allocationsPerOperation ?? -1)) < 0.0005)
        #expect(entries.first { $0.name == "report-files strong leaked_objects" }?.value
            == Double(run.result.variants.first { $0.variant == "strong" }?.leakedObjects ?? -1))

        let statements = try #require(entries.first { $0.name == "report-files weak statements(login)" })
        #expect(statements.unit == "count" && statements.value >= 1)
        #expect(entries.contains { $0.name == "report-files weak fullscan_steps(login)" })

        // The JSON is what the action reads: an array of {name, unit, value}.
        let json = try BenchmarkExport.json(entries)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.count == entries.count)
        #expect(decoded?.allSatisfy { Set($0.keys) == ["name", "unit", "value"] && $0["value"] is NSNumber } == true)
    }

    @Test func aFolderWithoutASummaryIsNamed() throws {
        let empty = try TemporaryFolder.make("export")
        #expect { try BenchmarkExport.entries(folders: [empty]) } throws: { error in
            String(describing: error) == "\(empty)/summary.csv: no summary.csv here: pass a folder `roost run` wrote"
        }
    }
}
