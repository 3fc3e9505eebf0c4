import Foundation
@testable import LoadHarness
import SocialStack
import Testing

/// `roost run --instructions` builds every dataset before the counted process starts (so that
/// process always starts its variants from a copy) and then says in run.csv which it built.
@Suite struct PreparedDatasetsTests {
    let scenario: Scenario

    init() throws {
        scenario = try ScenarioLoader.parse(yaml: """
            name: prepared
            seed: 4
            dataset: { users: 12, posts_per_user: 1, follows_per_user: 2, likes_per_user: 1, image_bytes: 64 }
            variants:
              - { name: read, references: weak }
              - { name: also-read, references: strong }
              - { name: write, references: weak, stack: { feed: fanOutOnWrite } }
            steps: [login]
            """, path: "prepared.yaml")
    }

    func entry(_ variant: String) throws -> String {
        let spec = try #require(scenario.variants.first { $0.name == variant })
        return DatasetCacheKey(scenario: scenario, settings: spec.stack ?? scenario.stack,
                               schemaDigest: try SocialStack.schemaDigest()).name
    }

    @Test func everyMissingDatasetIsBuiltOnceEvenASingleOne() throws {
        let folder = TemporaryFolder.path("prepared")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = DatasetCache(folder: folder)
        // One variant asked for: its one dataset is built (a plain run would leave it to the variant).
        let first = try cache.prepare(for: scenario, variants: ["read"], progress: { _ in }, warn: { _ in })
        #expect(Array(first.keys) == [try entry("read")])
        // Then the rest: `also-read` shares `read`'s entry, `write` needs its own.
        let second = try cache.prepare(for: scenario, progress: { _ in }, warn: { _ in })
        #expect(Array(second.keys) == [try entry("write")])
        #expect(try cache.prepare(for: scenario, progress: { _ in }, warn: { _ in }).isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }
        #expect(Set(files) == [try entry("read") + ".sqlite", try entry("write") + ".sqlite"])
    }

    @Test func runCSVSaysBuiltForTheVariantsWhoseDatasetsWereBuiltFirst() throws {
        let rows = [["key", "value"], ["seed", "4"], ["completed_variants", "read also-read write"],
                    ["dataset_seconds", "0.100 0.050 0.200"], ["dataset_source", "cache cache cache"]]
        let built = [try entry("read"): 1.25]
        let updated = try PreparedDatasets.recorded(built, scenario: scenario, rows: rows)
        // Both variants that copied the built entry say built, with its seconds added; `write`'s came from the cache.
        #expect(updated[3] == ["dataset_seconds", "1.350 1.300 0.200"])
        #expect(updated[4] == ["dataset_source", "built built cache"])
        #expect(Array(updated[0...2]) == Array(rows[0...2]))
        // Nothing built, or rows it cannot line up with the variants: left as they are.
        #expect(try PreparedDatasets.recorded([:], scenario: scenario, rows: rows) == rows)
        var short = rows
        short[4] = ["dataset_source", "cache cache"]
        #expect(try PreparedDatasets.recorded(built, scenario: scenario, rows: short) == short)
    }
}
