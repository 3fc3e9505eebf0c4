import Foundation
import LoadHarness
import SocialStack
import Testing

/// `warmup:` iterations run first on each virtual user's own thread, for real (their writes
/// land), but nothing of them is measured, tracked or counted.
@Suite struct WarmupTests {
    @Test func warmupIterationsRunButAreNotMeasured() throws {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: """
            name: warm
            stack: { storage: memory }
            dataset: { users: 6, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            variants:
              - { name: strong, references: strong }
            load: { virtual_users: 2, iterations: 3, warmup: 2 }
            steps:
              - login
              - post: { text: "vu {vu} iteration {iteration}" }
              - open_profile: { user: self }
              - close_profile
            """, path: "warm.yaml"))
        runner.clock = ManualClock()
        let result = try runner.run()
        let variant = try #require(result.variants.first)
        // Measured: 2 virtual users x 3 iterations.
        #expect(variant.iterations == 6)
        #expect(variant.steps.map(\.count) == [6, 6, 6, 6])
        // The strong variant leaks every profile it closes, but only measured closes are tracked.
        #expect(variant.leaks.first { $0.type == "ProfileController" }?.created == 6)
        #expect(variant.retention.map(\.close) == Array(1...6))
        let parsed = try ScenarioLoader.parse(yaml: "name: w\nload: { warmup: 2 }\nsteps: [login]\n", path: "w.yaml")
        #expect(parsed.load == .closed(.init(virtualUsers: 1, iterations: 1, warmup: 2)))
    }

    @Test func warmupIsForTheClosedModelOnly() {
        #expect(ScenarioTestSupport.report("""
            name: w
            load: { arrival_rate: 10/s, duration: 1s, max_virtual_users: 2, warmup: 1 }
            steps: [login]
            """).first?.contains("cannot mix the closed model ('warmup') with the open model") == true)
        #expect(ScenarioTestSupport.report("name: w\nload: { warmup: -1 }\nsteps: [login]\n")
            == ["2:17: 'warmup' must be at least 0, got -1"])
    }
}
