import LoadHarness
import SocialStack
import Testing

/// A variant's own `stack:` (feed strategy or password cost side by side): its keys replace the
/// scenario's for that variant only, and the run builds that variant's stack with them.
@Suite struct VariantStackTests {
    private let yaml = """
        name: feeds
        stack: { feed: fanOutOnRead, storage: memory }
        dataset: { users: 6, posts_per_user: 2, follows_per_user: 2, likes_per_user: 0, image_bytes: 0 }
        variants:
          - { name: on-read, references: weak }
          - { name: on-write, references: weak, stack: { feed: fanOutOnWrite } }
          - { name: costly, references: weak, stack: { password_cost: production } }
        steps: [login, open_feed]
        """

    @Test func variantKeysReplaceOnlyTheirOwnSettings() throws {
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: "feeds.yaml")
        #expect(scenario.stack == StackSettings(feed: .fanOutOnRead, passwordCost: .low, storage: .memory))
        #expect(scenario.variants.map(\.stack) == [
            nil,
            StackSettings(feed: .fanOutOnWrite, passwordCost: .low, storage: .memory),
            StackSettings(feed: .fanOutOnRead, passwordCost: .production, storage: .memory),
        ])
    }

    @Test func badVariantStackValuesAreReportedWhereTheyAre() {
        #expect(ScenarioTestSupport.report("""
            name: t
            variants:
              - { name: a, references: weak, stack: { feed: fanOutOnWrit, speed: 3 } }
            steps: [login]
            """) == [
            "3:49: expected one of 'fanOutOnRead', 'fanOutOnWrite' for 'feed', got 'fanOutOnWrit'; did you mean 'fanOutOnWrite'?",
            "3:63: unknown key 'speed' in 'stack'; expected one of feed, password_cost, storage",
        ])
    }

    /// Each variant gets the stack its settings name: the production-cost variant's login
    /// hashes with scrypt's real memory (128 * r * N bytes per hash), the others' with the low
    /// cost's few KiB (allocation bytes are exact, so this holds on any machine).
    @Test func eachVariantRunsOnItsOwnStack() async throws {
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: "feeds.yaml")
        let result = try await InProcessRun.run(scenario)
        #expect(result.variants.map(\.variant) == ["on-read", "on-write", "costly"])
        for variant in result.variants {
            #expect(variant.steps.allSatisfy { $0.errorCount == 0 }, "\(variant.variant)")
        }
        let loginBytes = { (name: String) in
            result.variants.first { $0.variant == name }?.steps.first { $0.step == "login" }?.bytesPerOperation ?? 0
        }
        #expect(loginBytes("costly") >= Double(PasswordCost.production.memoryBytes), "\(loginBytes("costly")) B")
        #expect(loginBytes("on-read") < Double(PasswordCost.production.memoryBytes) / 8, "\(loginBytes("on-read")) B")
        #expect(loginBytes("on-write") < Double(PasswordCost.production.memoryBytes) / 8, "\(loginBytes("on-write")) B")
    }
}
