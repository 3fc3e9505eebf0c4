import Foundation
import Testing
@testable import LoadHarness

/// Populations under `roost run --shard` and `roost merge` (design sections 17 and 20): each
/// population's load is split by execution segments, and the shards merged give the unsharded
/// run's counts per population, per stage of each population and per step.
@Suite(.serialized) struct ShardedPopulationTests {
    private static let yaml = """
        name: sharded-populations
        seed: 7
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: readers
            load:
              start_rate: 20/s
              stages:
                - { duration: 1s, target: 20/s, name: low }
                - { duration: 1s, target: 60/s, name: rise }
              max_virtual_users: 4
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
          - name: writers
            load: { virtual_users: 2, iterations: 3 }
            setup: [login]
            steps:
              - open_post: { post: random }
              - close_post
        thresholds:
          - "errors{population:writers} == 0"
          - "dropped_iterations{population:readers} == 0"
        """

    private func run(shard: Shard?, in directory: String, name: String) throws -> (folder: String, result: RunResult) {
        let path = directory + "/\(name).yaml"
        try Data(Self.yaml.utf8).write(to: URL(fileURLWithPath: path))
        var runner = ScenarioRunner(scenario: try ScenarioLoader.load(path: path))
        runner.shard = shard
        runner.clock = ManualClock()
        runner.allocationProfile = .off
        let folder = directory + "/" + name
        let result = try runner.run()
        try ReportWriter(buildConfiguration: "debug").write(result, to: folder, linkLatest: false)
        return (folder, result)
    }

    /// Each population's stage's first step's count, by `population/stage`.
    private func counts(_ stages: [StageResult]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: stages.map { ("\($0.population)/\($0.name)", $0.steps.first?.count ?? 0) })
    }

    private func stepCounts(_ variant: VariantResult) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: variant.steps.map { ($0.step, $0.count) })
    }

    @Test func shardedAndMergedEqualsUnshardedPerPopulation() throws {
        let directory = try TemporaryFolder.make("sharded-populations")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try run(shard: nil, in: directory, name: "whole")
        let one = try run(shard: Shard(index: 1, count: 2), in: directory, name: "one")
        let two = try run(shard: Shard(index: 2, count: 2), in: directory, name: "two")
        let wholeVariant = try #require(whole.result.variants.first)
        // readers: 19 + 41 iterations of one schedule; writers: 2 users x 3.
        #expect(wholeVariant.populations.map(\.iterations) == [60, 6])
        #expect(counts(wholeVariant.stages) == ["readers/low": 19, "readers/rise": 41, "writers/stage1": 6])
        // Each shard plays every other reader iteration and one of the two writers.
        let parts = try [one, two].map { try #require($0.result.variants.first) }
        #expect(parts.map { $0.populations.map(\.iterations) } == [[30, 3], [30, 3]])
        #expect(parts.map { $0.populations.map(\.virtualUsers) } == [[2, 1], [2, 1]])

        let merge = try RunMerge.merge(folders: [one.folder, two.folder])
        try ReportWriter(buildConfiguration: "debug").write(merge.result, to: directory + "/merged", linkLatest: false)
        let merged = try #require(merge.result.variants.first)
        #expect(merged.populations.map(\.name) == ["readers", "writers"])
        #expect(merged.populations.map(\.iterations) == wholeVariant.populations.map(\.iterations))
        #expect(merged.populations.map(\.virtualUsers) == [4, 2])
        #expect(merged.populations.first?.scheduleLag?.count == 60)
        #expect(merged.iterations == wholeVariant.iterations)
        #expect(stepCounts(merged) == stepCounts(wholeVariant))
        #expect(counts(merged.stages) == counts(wholeVariant.stages))

        // Each population's statements (queries.csv, matched by population and step) add up to the whole run's.
        let statements = { (folder: String) throws -> Set<String> in
            Set(try TemporaryFolder.csv(folder + "/queries.csv", header: RunTable.queries.header).map { row in
                ["population", "step", "statement", "executions", "runs"].map { row[$0]! }.joined(separator: " | ")
            })
        }
        #expect(try statements(directory + "/merged") == statements(whole.folder))
        #expect(try statements(whole.folder).contains { $0.hasPrefix("readers | open_profile | ") })

        // The thresholds are judged per population on the merged figures, as on the whole run.
        #expect(merge.result.thresholds.map(\.passed) == [true, true])
        #expect(whole.result.thresholds.map(\.passed) == [true, true])
        // The merged folder reads back with its populations, and compares with the whole run key by key.
        let reread = try #require(try RecordedRun.read(RunFolder(directory + "/merged")).variants.first)
        #expect(reread.populations.map(\.iterations) == [60, 6])
        #expect(counts(reread.stages) == counts(wholeVariant.stages))
        let comparison = try RunComparison.compare(baseline: whole.folder, current: directory + "/merged")
        // (A stage's percentiles over all its steps, and its p999, need the stage's histograms,
        // which no run read back has, with populations or without: those keys are the whole run's only.)
        let populationKeys = comparison.changes.filter { $0.metric.contains("{population:") && !$0.metric.contains("{stage:") }
        #expect(populationKeys.contains { $0.metric == "iterations{population:readers}" && $0.current == 60 && $0.baseline == 60 })
        #expect(!populationKeys.contains { $0.verdict == .missing || $0.verdict == .new })
    }
}
