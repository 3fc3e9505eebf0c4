import LoadHarness
import Testing

/// The lifetime tracker's weak references must not show up as memory the steps kept: a feed
/// opened and closed by one user, whose every part is freed, retains nothing per close.
/// (Before the tracker let go of dead objects' weak references, this read 32 B a close, R² 1:
/// the side table of each closed `FeedController`, made by its cells' weak delegates in
/// `open_feed`, was freed outside any step.)
@Suite struct TrackerRetentionTests {
    @Test func aFeedOpenedAndClosedFortyTimesRetainsNothingPerClose() throws {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: """
            name: feed-loop
            seed: 23
            stack: { feed: fanOutOnRead, password_cost: low, storage: memory }
            dataset: { users: 20, posts_per_user: 3, follows_per_user: 5, likes_per_user: 1, image_bytes: 0 }
            variants:
              - { name: weak, references: weak }
            load: { virtual_users: 1, iterations: 40, warmup: 1 }
            steps:
              - login
              - open_feed
              - close_feed
              - logout
            """, path: "feed-loop.yaml"))
        runner.clock = ManualClock()
        let variant = try #require(try runner.run().variants.first)
        #expect(variant.leaks.allSatisfy { $0.leaked == 0 })
        #expect(variant.retention.count == 40)
        let first = try #require(variant.retention.first).retainedBytes
        #expect(variant.retention.map(\.retainedBytes) == Array(repeating: first, count: 40))
        let fit = try #require(variant.retentionFit)
        #expect(fit.bytesPerClose == 0)
        #expect(fit.growthBytes == 0)
    }
}
