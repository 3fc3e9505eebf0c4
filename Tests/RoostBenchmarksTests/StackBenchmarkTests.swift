import Testing
import RoostBenchmarks
import SocialStack

@Suite struct StackBenchmarkTests {
    @Test func measuresEveryOperationItBuilds() throws {
        var options = StackBenchmark.Options()
        options.users = 30
        options.postsPerUser = 4
        options.checkpointPostsPerUser = 1
        options.followsPerUser = 5
        options.likesPerUser = 2
        options.feedReads = 10
        options.deepPage = 2
        options.storage = .memory
        let result = try StackBenchmark(options: options).run()
        let counts = Dictionary(uniqueKeysWithValues: result.writes.map { ($0.operation, $0.sample.count) })
        #expect(counts == ["sign_up": 30, "follow": 150, "post": 120, "like": 60])
        #expect(result.feedAtCheckpoint.posts == 30)
        #expect(result.feedAtEnd.posts == 120)
        #expect(result.feedAtEnd.firstPage.count == 10)
        #expect(result.feedAtEnd.firstPage.medianMicroseconds > 0)
        #expect(StackBenchmarkReport(result: result).markdown.contains("| post | 120 |"))
    }
}
