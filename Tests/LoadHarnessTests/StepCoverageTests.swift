import Testing
import LoadHarness

/// Every step of design section 5 runs through the stack and screens without an error
/// when its preconditions hold.
@Suite struct StepCoverageTests {
    @Test func everyStepRunsCleanlyInASensibleOrder() throws {
        let scenario = try ScenarioLoader.parse(yaml: """
            name: every-step
            seed: 3
            stack: { storage: memory }
            dataset: { users: 10, posts_per_user: 3, follows_per_user: 3, likes_per_user: 1, image_bytes: 512 }
            load: { virtual_users: 1, iterations: 2 }
            steps:
              - login
              - restore_session
              - post: { text: "a post by {vu} in {iteration} with seed {seed}" }
              - edit_post: { post: self, text: "edited {iteration}" }
              - reply: { post: from_feed, text: "a reply" }
              - like: { post: self }
              - unlike: { post: self }
              - comment: { post: followed, text: "a comment" }
              - follow: { user: user7 }
              - unfollow: { user: user7 }
              - change_username: { username: "renamed_{iteration}" }
              - update_profile_image: { bytes: 2048 }
              - open_feed: { pages: 2 }
              - refresh_feed
              - close_feed
              - open_profile: { user: followed }
              - show_action_sheet
              - close_profile
              - open_post: { post: from_feed }
              - close_post
              - open_notifications
              - close_notifications
              - open_explore
              - search_users: { query: "user" }
              - search_posts: { query: "round" }
              - close_explore
              - open_comments: { post: random }
              - close_comments
              - choose:
                  - { weight: 1, steps: [ { think: 0ms } ] }
                  - { weight: 3, steps: [ { repeat: { times: 2, steps: [ { like: { post: random } } ] } } ] }
              - delete_post: { post: self }
              - logout
              - signup
            """, path: "every-step.yaml")
        let result = try ScenarioRunner(scenario: scenario).run()
        let variant = try #require(result.variants.first)
        let measured = Step.names.filter { !["think", "choose", "repeat"].contains($0) }
        #expect(Set(variant.steps.map(\.step)) == Set(measured))
        for step in variant.steps where step.step != "like" {
            #expect(step.errors.isEmpty, "\(step.step): \(step.errors)")
        }
        // `like` of a random post may hit one already liked: that is not an error (likes are idempotent).
        #expect(variant.steps.first { $0.step == "like" }?.errorCount == 0)
        #expect(variant.iterations == 2)
        #expect(variant.leakedObjects == 0)
    }
}
