import Foundation
import Testing
@testable import LoadHarness

/// The load models under `roost run --shard` (k6's execution segments): a shard plays its
/// stripe of the users (ramping users: each keeps its place in the whole schedule) or of the
/// iterations (arrival rates: each at its own intended start), and `roost merge` adds the
/// shards' stages and seconds back up to the unsharded run's counts.
@Suite(.serialized) struct ShardedLoadTests {
    /// Runs `yaml` (as `shard`, or whole) and writes its folder; returns the folder and the result.
    private func run(_ yaml: String, shard: Shard?, clock: (any RunClock)? = nil, in directory: String,
                     name: String) throws -> (folder: String, result: RunResult) {
        let path = directory + "/\(name).yaml"
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        var runner = ScenarioRunner(scenario: try ScenarioLoader.load(path: path))
        runner.shard = shard
        if let clock { runner.clock = clock }
        let folder = directory + "/" + name
        let result = try runner.run()
        try ReportWriter(buildConfiguration: "debug").write(result, to: folder, linkLatest: false)
        return (folder, result)
    }

    /// Iterations per stage: the first step's count in each stage, by name.
    private func counts(_ stages: [StageResult]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: stages.map { ($0.name, $0.steps.first?.count ?? 0) })
    }

    private static let rates = """
        name: sharded-rates
        seed: 5
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
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
        """

    @Test func aShardedRampingArrivalRateMergesToTheUnshardedRunsIterationsPerStage() throws {
        let directory = try TemporaryFolder.make("sharded-rates")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try run(Self.rates, shard: nil, in: directory, name: "whole")
        let one = try run(Self.rates, shard: Shard(index: 1, count: 2), in: directory, name: "one")
        let two = try run(Self.rates, shard: Shard(index: 2, count: 2), in: directory, name: "two")
        // 20 iterations at 20/s, then 40 as the rate ramps to 60/s: the area under the rate; the
        // 20th starts at 1 s exactly, the rise's first moment.
        let wholeVariant = try #require(whole.result.variants.first)
        #expect(wholeVariant.droppedIterations == 0)
        #expect(wholeVariant.iterations == 60)
        #expect(counts(wholeVariant.stages) == ["low": 19, "rise": 41])
        // Each shard starts every other iteration of the one schedule (k6's striping of 0:1/2
        // and 1/2:1), with its two of the four users; its targets are half the whole's.
        let parts = try [one, two].map { try #require($0.result.variants.first) }
        #expect(parts.map(\.iterations) == [30, 30])
        #expect(parts.map { counts($0.stages) } == [["low": 10, "rise": 20], ["low": 9, "rise": 21]])
        #expect(parts.map { $0.stages.map(\.target) } == [[10, 30], [10, 30]])
        #expect(parts.map { $0.steps.first { $0.step == "setup.login" }?.count } == [2, 2])
        #expect(parts.map { $0.stages.compactMap(\.load.targetRate) } == [[10, 20], [9, 21]])

        let merge = try RunMerge.merge(folders: [one.folder, two.folder])
        try ReportWriter(buildConfiguration: "debug").write(merge.result, to: directory + "/merged", linkLatest: false)
        let merged = try #require(merge.result.variants.first)
        #expect(merged.iterations == wholeVariant.iterations)
        #expect(counts(merged.stages) == counts(wholeVariant.stages))
        #expect(merged.stages.map(\.target) == wholeVariant.stages.map(\.target))
        #expect(merged.stages.map(\.load.targetRate) == wholeVariant.stages.map(\.load.targetRate))
        #expect(merged.stages.map(\.load.dropped) == [0, 0])
        #expect(merged.steps.first { $0.step == "setup.login" }?.count == 4)
        // The variant-wide lag from the shards' lag logs, added: every iteration once.
        #expect(merged.scheduleLag?.count == 60)
        // Per second, the shards' iterations and targets added up (the seconds lined up by wall clock).
        let started = merged.timeSeries.filter { $0.step == "open_profile" }
        #expect(started.reduce(0) { $0 + $1.count } == 60)
        // The merged folder's stages.csv reads back to the same counts.
        let reread = try RecordedRun.read(RunFolder(directory + "/merged"))
        let rereadStages = try #require(reread.variants.first).stages
        #expect(counts(rereadStages) == ["low": 19, "rise": 41], "\(rereadStages.map(\.name))")
    }

    private static let users = """
        name: sharded-users
        seed: 6
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        load:
          start_virtual_users: 0
          stages:
            - { duration: 3s, target: 2, name: up }
            - { duration: 2s, target: 2, name: hold }
        setup: [login]
        steps:
          - open_profile: { user: self }
          - close_profile
          - think: 1s
        """

    @Test func aShardedRampingUsersRunPlaysEachUserAtItsPlaceInTheWholeRamp() throws {
        let directory = try TemporaryFolder.make("sharded-users")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 0 to 2 users over 3 s (k6's ramping-vus: user 1 at 1.5 s, user 2 at 3 s), each
        // iteration 1 s of thinking, until 5 s. Shard 1/2 plays user 0 only, 2/2 user 1 only,
        // each on its own injected clock: exactly.
        let one = try run(Self.users, shard: Shard(index: 1, count: 2), clock: ManualClock(), in: directory, name: "one")
        let two = try run(Self.users, shard: Shard(index: 2, count: 2), clock: ManualClock(), in: directory, name: "two")
        let parts = try [one, two].map { try #require($0.result.variants.first) }
        // User 0 starts at 1.5, 2.5 (up), 3.5, 4.5 (hold); user 1 at 3 and 4 (hold).
        #expect(parts.map { counts($0.stages) } == [["up": 2, "hold": 2], ["up": 0, "hold": 2]])
        // The stage targets scaled as k6 scales ramping-vus: of 2 users, one each.
        #expect(parts.map { $0.stages.map(\.target) } == [[1, 1], [1, 1]])
        let merge = try RunMerge.merge(folders: [one.folder, two.folder])
        let merged = try #require(merge.result.variants.first)
        #expect(counts(merged.stages) == ["up": 2, "hold": 4])
        #expect(merged.stages.map(\.target) == [2, 2])
        #expect(merged.iterations == 6)
    }

    private static let stairsOfRates = """
        name: sharded-stairs
        seed: 7
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        load:
          stairs: { start: 50/s, step: 50/s, levels: 3, level: 3s }
          max_virtual_users: 2
        setup: [login]
        steps:
          - open_profile: { user: self }
        """

    @Test func shardedStairsOfRatesAddUpToTheWholeLevels() throws {
        let directory = try TemporaryFolder.make("sharded-stairs")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The whole schedule holds 50, 100, 150/s for 3 s each: 150, 300, 450 iterations
        // (StagedRunTests plays it whole). Each shard starts every other one, with one of the
        // two users, on its own injected clock.
        let one = try run(Self.stairsOfRates, shard: Shard(index: 1, count: 2), clock: ManualClock(), in: directory, name: "one")
        let two = try run(Self.stairsOfRates, shard: Shard(index: 2, count: 2), clock: ManualClock(), in: directory, name: "two")
        let parts = try [one, two].map { try #require($0.result.variants.first) }
        #expect(parts.map { counts($0.stages) } == [["level1": 75, "level2": 150, "level3": 225],
                                                    ["level1": 75, "level2": 150, "level3": 225]])
        #expect(parts.map { $0.stages.map(\.target) } == [[25, 50, 75], [25, 50, 75]])
        #expect(parts.map { $0.stages.map(\.load.targetRate) } == [[25, 50, 75], [25, 50, 75]])
        #expect(parts.map(\.droppedIterations) == [0, 0])
        let merge = try RunMerge.merge(folders: [one.folder, two.folder])
        try ReportWriter(buildConfiguration: "debug").write(merge.result, to: directory + "/merged", linkLatest: false)
        let merged = try #require(merge.result.variants.first)
        #expect(merged.iterations == 900)
        #expect(counts(merged.stages) == ["level1": 150, "level2": 300, "level3": 450])
        #expect(merged.stages.map(\.target) == [50, 100, 150])
        #expect(merged.stages.map(\.load.targetRate) == [50, 100, 150])
        #expect(merged.timeSeries.filter { $0.step == "open_profile" }.reduce(0) { $0 + $1.count } == 900)
        // stages.csv reads back to the levels.
        let reread = try #require(try RecordedRun.read(RunFolder(directory + "/merged")).variants.first)
        #expect(counts(reread.stages) == ["level1": 150, "level2": 300, "level3": 450])
        #expect(reread.stages.map(\.target) == [50, 100, 150])
    }

    private static let stairsOfUsers = """
        name: sharded-stairs-users
        seed: 8
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        load:
          stairs: { start: 1, step: 1, levels: 2, level: 2s }
        setup: [login]
        steps:
          - open_profile: { user: self }
          - think: 1s
        """

    @Test func shardedStairsOfUsersJumpToEachLevelsUsersAtItsStart() throws {
        let directory = try TemporaryFolder.make("sharded-stairs-users")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 1 user for 2 s, then 2 from 2 s to 4 s (Gatling's incrementConcurrentUsers): user 0
        // plays at 0, 1 (level1) and 2, 3 (level2); user 1 joins at 2 s exactly, at 2 and 3
        // (a ramp from 1 to 2 over the level would have started it at 4 s, the end). Each
        // shard plays one of them on its own injected clock: exactly.
        let one = try run(Self.stairsOfUsers, shard: Shard(index: 1, count: 2), clock: ManualClock(), in: directory, name: "one")
        let two = try run(Self.stairsOfUsers, shard: Shard(index: 2, count: 2), clock: ManualClock(), in: directory, name: "two")
        let parts = try [one, two].map { try #require($0.result.variants.first) }
        #expect(parts.map { counts($0.stages) } == [["level1": 2, "level2": 2], ["level1": 0, "level2": 2]])
        #expect(parts.map { $0.stages.map(\.target) } == [[1, 1], [0, 1]])
        #expect(parts.map { $0.stages.map(\.load.virtualUsers) } == [[1, 1], [0, 1]])
        let merge = try RunMerge.merge(folders: [one.folder, two.folder])
        let merged = try #require(merge.result.variants.first)
        #expect(counts(merged.stages) == ["level1": 2, "level2": 4])
        #expect(merged.stages.map(\.target) == [1, 2])
        #expect(merged.stages.map(\.load.virtualUsers) == [1, 2])
        #expect(merged.iterations == 6)
    }

    @Test func aSegmentOfAScheduleKeepsEachIterationsPlace() {
        let whole = ConstantArrivals(interval: 10, count: 10)
        let thirds = ExecutionSegmentSequence.equal(3)
        let parts = (0..<3).map { SegmentArrivals(whole, share: LoadShare(sequence: thirds, segment: $0)) }
        #expect(parts.map(\.count) == [4, 3, 3])
        let starts = parts.map { part in (0..<part.count).map(part.start(of:)) }
        #expect(starts.flatMap { $0 }.sorted() == (0..<10).map { UInt64($0) * 10 })
        #expect(starts[0] == [0, 30, 60, 90])
    }
}
