import Foundation
import Testing
import LoadHarness
import SocialStack

/// Virtual users on a `.memory` or file stack read on connections of their own while one of
/// them writes: no step sees a database error (SQLITE_BUSY or a torn page would be counted
/// under the step), and every iteration is played.
@Suite struct ParallelUsersTests {
    @Test(arguments: ["memory", "file"])
    func threeUsersReadingAndWritingMeetNoError(storage: String) throws {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: """
            name: parallel-users
            seed: 9
            stack: { storage: \(storage) }
            dataset: { users: 40, posts_per_user: 4, follows_per_user: 6, likes_per_user: 2, image_bytes: 1024 }
            load: { virtual_users: 3, iterations: 20 }
            steps:
              - login
              - open_feed: { pages: 2 }
              - post: { text: "from {vu} at {iteration}" }
              - comment: { post: random }
              - refresh_feed
              - close_feed
              - open_profile: { user: random }
              - close_profile
            """, path: "parallel-users.yaml"))
        runner.clock = ManualClock()
        let result = try runner.run()
        let variant = try #require(result.variants.first)
        #expect(variant.iterations == 60)
        #expect(variant.steps.map(\.count) == Array(repeating: 60, count: 8))
        for step in variant.steps { #expect(step.errorCount == 0, "\(step.step): \(step.errors)") }
        #expect(variant.leakedObjects == 0)
    }
}
