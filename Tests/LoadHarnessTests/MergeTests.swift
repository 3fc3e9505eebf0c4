import Foundation
import Testing
@testable import LoadHarness

/// `roost merge`: shards read back whole and added up (design section 17), in process.
@Suite(.serialized) struct MergeTests {
    private static let twoVariants = """
        name: merge-by-variant
        seed: 3
        allocation_profile: exact
        stack: { storage: memory }
        dataset: { users: 12, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 1024 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: { virtual_users: 1, iterations: 4, warmup: 2 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
          - like: { post: random }
          - open_feed: { pages: 2 }
        """

    private static let fourUsers = """
        name: merge-split
        seed: 4
        allocation_profile: exact
        stack: { storage: memory }
        dataset: { users: 12, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 1024 }
        variants:
          - { name: strong, references: strong }
        load: { virtual_users: 4, iterations: 3 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
        """

    /// Runs `yaml` (as `shard`, or whole) and writes its folder; returns the folder.
    private func run(_ yaml: String, shard: Shard?, in directory: String, name: String) throws -> String {
        let path = directory + "/\(name).yaml"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        var runner = ScenarioRunner(scenario: try ScenarioLoader.load(path: path))
        runner.shard = shard
        let folder = directory + "/" + name
        try ReportWriter(buildConfiguration: "debug").write(try runner.run(), to: folder, linkLatest: false)
        return folder
    }

    private func merged(_ folders: [String], into out: String) throws -> RunMerge {
        let merge = try RunMerge.merge(folders: folders)
        try ReportWriter(buildConfiguration: "debug").write(merge.result, to: out, linkLatest: false)
        return merge
    }

    @Test func shardsSplitByVariantMergeToTheUnshardedRunsExactFigures() throws {
        let directory = try TemporaryFolder.make("merge")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A first run fills the runtime's caches: later runs in this process repeat exactly.
        _ = try run(Self.twoVariants, shard: nil, in: directory, name: "first")
        let whole = try run(Self.twoVariants, shard: nil, in: directory, name: "whole")
        let one = try run(Self.twoVariants, shard: Shard(index: 1, count: 2), in: directory, name: "one")
        let two = try run(Self.twoVariants, shard: Shard(index: 2, count: 2), in: directory, name: "two")
        #expect(try RunFolder(one).recordedInfo()?.completedVariants == ["weak"])
        #expect(try RunFolder(two).recordedInfo()?.shard == Shard(index: 2, count: 2))
        let merge = try merged([two, one], into: directory + "/merged")
        #expect(merge.shards.map(\.description) == ["1/2", "2/2"])

        let before = try #require(try SummaryFile.read(RunFolder(whole))), after = try #require(try SummaryFile.read(RunFolder(directory + "/merged")))
        #expect(Set(before.keys).symmetricDifference(after.keys).isEmpty, "\(Set(before.keys).symmetricDifference(after.keys).map(\.metric))")
        // Every figure the gate judges exactly (allocations, bytes, SQLite's work, leaks, errors).
        let exact = before.keys.filter { Tolerances().rule(for: $0.metricKey.name)?.tolerance == 0 }
        let differing = exact.filter { before.values[$0] != after.values[$0] }
            .map { "\($0.variant) \($0.metric): \(before.values[$0] ?? -1) -> \(after.values[$0] ?? -1)" }.sorted()
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
        #expect(exact.count > 100)
        // Timings are two runs' (not judged here); everything else must compare equal.
        var tolerances = Tolerances()
        try tolerances.setTimings("100000%")
        let comparison = try RunComparison.compare(baseline: whole, current: directory + "/merged", tolerances: tolerances)
        #expect(comparison.regressions.isEmpty, "\(ComparisonReport.render(comparison, format: .text))")
        // The strong variant's leaks come through as they were, but for `retained_bytes`: a
        // conservative scan of the live heap, whose stale words depend on what the process
        // allocated before (the whole run played the weak variant first; shard 2 did not),
        // so it is each shard's own measurement and not a gated figure.
        let leaks = { (folder: String) in
            Set(try LeaksFile.read(RunFolder(folder)).map { row -> String in
                var leak = row.leak
                leak.retainedBytes = nil
                return "\(row.scenario) \(row.variant) \(leak)"
            })
        }
        let wholeLeaks = try leaks(whole), mergedLeaks = try leaks(directory + "/merged")
        #expect(!wholeLeaks.isEmpty)
        #expect(wholeLeaks == mergedLeaks, "\(wholeLeaks.symmetricDifference(mergedLeaks).sorted())")
        #expect(try LeaksFile.read(RunFolder(directory + "/merged")).filter { $0.leak.leaked > 0 }.allSatisfy { $0.leak.retainedBytes != nil })
        // The profiles come through as they were.
        for file in ["allocations.csv", "queries.csv", "distributions.csv"] {
            let rows = { (folder: String) in try TemporaryFolder.read(folder + "/" + file).components(separatedBy: "\r\n") }
            #expect(try Set(rows(whole)) == Set(rows(directory + "/merged")), "\(file)")
        }
        #expect(try TemporaryFolder.read(directory + "/merged/run.csv").contains("merged_from,\(one) \(two)"))
        #expect(!(try TemporaryFolder.read(directory + "/merged/run.csv").contains("\r\nshard,")))
    }

    @Test func aVariantSplitOverShardsAddsUpItsUsers() throws {
        let directory = try TemporaryFolder.make("merge-split")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = try run(Self.fourUsers, shard: Shard(index: 1, count: 2), in: directory, name: "one")
        let two = try run(Self.fourUsers, shard: Shard(index: 2, count: 2), in: directory, name: "two")
        let parts = try [one, two].map { try RecordedRun.read(RunFolder($0)) }
        // Users are striped: shard 1 plays users 0 and 2, shard 2 users 1 and 3.
        #expect(parts.map { $0.variants[0].steps[0].executions.keys.sorted() } == [[0, 2], [1, 3]])
        #expect(parts.map { $0.variants[0].virtualUsers } == [2, 2])
        let merge = try merged([one, two], into: directory + "/merged")
        let variant = try #require(merge.result.variants.first)
        #expect(variant.virtualUsers == 4 && variant.iterations == 12)
        #expect(variant.steps.map(\.count) == [12, 12, 12])
        #expect(variant.steps.allSatisfy { $0.latency.totalCount == 12 })
        for (index, step) in variant.steps.enumerated() {
            #expect(step.executions.keys.sorted() == [0, 1, 2, 3])
            // The median per user, then their median, over all four users: the unsharded rule.
            let medians = parts.flatMap { $0.variants[0].steps[index].executions.values.compactMap(\.allocationsMedian) }
            #expect(step.allocationsMedian == Statistics.median(medians))
            #expect(step.allocations == parts.reduce(0) { $0 + $1.variants[0].steps[index].allocations })
        }
        // What was live at each step's peak is one execution's: the part's whose median peak is
        // nearest the merged one, never the parts' sum.
        let profile = try #require(variant.allocationProfile)
        #expect(profile.hasPeaks)
        for step in variant.steps {
            let peak = { (sites: [VariantAllocationProfile.Site]) in sites.filter { $0.step == step.step }.reduce(0) { $0 + ($1.peakBytes ?? 0) } }
            let partPeaks = parts.compactMap { $0.variants[0].allocationProfile.map { peak($0.sites) } }
            #expect(partPeaks.contains(peak(profile.sites)), "\(step.step): \(peak(profile.sites)) not one of \(partPeaks)")
            #expect(peak(profile.sites) > 0 || partPeaks.allSatisfy { $0 == 0 })
        }
        // Leaks joined: what both stacks leaked.
        #expect(variant.leakedObjects == parts.reduce(0) { $0 + $1.variants[0].leakedObjects })
        #expect(variant.leakedObjects > 0)
        let summary = try #require(try SummaryFile.read(RunFolder(directory + "/merged")))
        #expect(summary.value(scenario: "merge-split", variant: "strong", MetricKey("virtual_users")) == 4)
        #expect(summary.value(scenario: "merge-split", variant: "strong", MetricKey("iterations")) == 12)
    }

    @Test func anIncompleteOrMixedSetIsRefusedNamingWhy() throws {
        let directory = try TemporaryFolder.make("merge-refused")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let one = try run(Self.twoVariants, shard: Shard(index: 1, count: 2), in: directory, name: "one")
        let two = try run(Self.twoVariants, shard: Shard(index: 2, count: 2), in: directory, name: "two")
        let third = try run(Self.twoVariants, shard: Shard(index: 1, count: 3), in: directory, name: "third")
        let other = try run(Self.twoVariants.replacingOccurrences(of: "merge-by-variant", with: "another"),
                            shard: Shard(index: 2, count: 2), in: directory, name: "other")
        let whole = try run(Self.twoVariants, shard: nil, in: directory, name: "whole")
        try FileManager.default.copyItem(atPath: one, toPath: directory + "/copy")
        func refusal(_ folders: [String]) -> String {
            do {
                _ = try RunMerge.merge(folders: folders)
                return "merged"
            } catch {
                return error.description
            }
        }
        #expect(refusal([one]) == "roost merge: shard 2/2 missing")
        #expect(refusal([one, directory + "/copy", two]) == "roost merge: shard 1/2 given twice: \(one) and \(directory)/copy")
        #expect(refusal([one, other]).hasPrefix("roost merge: the shards are of different scenarios: \(one) has merge-by-variant, \(other) has another"))
        #expect(refusal([one, third]).hasPrefix("roost merge: the shards are of different shard counts"))
        #expect(refusal([one, whole]) == "roost merge: \(whole): not a shard (run.csv has no shard row): run each part with roost run --shard I/N")
        #expect(refusal([one, directory]).contains("\(directory): not a run folder: no run.csv"))
        #expect(refusal([]).contains("name the shards' folders"))
        // Another build: the build ID is one of the facts checked.
        var text = try TemporaryFolder.read(two + "/run.csv")
        text = text.replacingOccurrences(of: "build_id,", with: "build_id,0")
        try Data(text.utf8).write(to: URL(fileURLWithPath: two + "/run.csv"))
        #expect(refusal([one, two]).hasPrefix("roost merge: the shards are of different builds"))
    }
}
