import Foundation
import Testing
import LoadHarness
import SocialStack

/// Small scenarios run in-process: exact counts, determinism, leaks per variant.
@Suite(.serialized) struct ScenarioRunnerTests {
    private func scenario(_ yaml: String) throws -> Scenario {
        try ScenarioLoader.parse(yaml: yaml, path: "test.yaml")
    }

    private static let small = """
        name: small
        seed: 7
        stack: { storage: memory }
        dataset: { users: 12, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 1024 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: { virtual_users: 1, iterations: 4 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
          - like: { post: random }
          - open_feed: { pages: 2 }
          - post: { text: "hello from {vu} in {iteration}" }
        thresholds:
          - "leaked_objects{variant:weak} == 0"
          - "leaked_objects{variant:strong} == 0"
        """

    @Test func tenVirtualUsersTimesFiveIterationsIsFiftyOfEachStep() throws {
        var runner = ScenarioRunner(scenario: try scenario("""
            name: counts
            stack: { storage: memory }
            dataset: { users: 20, posts_per_user: 1, follows_per_user: 2, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 10, iterations: 5 }
            steps:
              - login
              - think: 50ms
              - repeat: { times: 2, steps: [ open_notifications, close_notifications ] }
            """))
        runner.clock = ManualClock()
        let result = try runner.run()
        let variant = try #require(result.variants.first)
        #expect(variant.iterations == 50)
        #expect(variant.steps.map(\.step) == ["login", "open_notifications", "close_notifications"])
        #expect(variant.steps.map(\.count) == [50, 100, 100])
        #expect(variant.steps.allSatisfy { $0.errorCount == 0 })
        #expect(variant.leakedObjects == 0)
    }

    @Test func theSameSeedGivesTheSameAllocationsAndData() throws {
        // A first run fills the runtime's caches (type metadata, conformances): later runs in the
        // same process, like runs of the same build in fresh processes, repeat exactly.
        _ = try ScenarioRunner(scenario: try scenario(Self.small)).run()
        let first = try ScenarioRunner(scenario: try scenario(Self.small)).run()
        let second = try ScenarioRunner(scenario: try scenario(Self.small)).run()
        for (a, b) in zip(first.variants, second.variants) {
            #expect(a.steps.map(\.allocations) == b.steps.map(\.allocations), "\(a.variant)")
            #expect(a.steps.map(\.bytesAllocated) == b.steps.map(\.bytesAllocated), "\(a.variant)")
            #expect(a.steps.map(\.count) == b.steps.map(\.count))
        }
        let adminA = try StackAdministration(opening: .init(passwordCost: .low)), adminB = try StackAdministration(opening: .init(passwordCost: .low))
        let (stackA, stackB) = (adminA.stack, adminB.stack)
        let spec = DatasetSpec(users: 10, postsPerUser: 2, followsPerUser: 3, likesPerUser: 2, imageBytes: 16)
        let dataA = try Dataset.build(spec, seed: 9, on: adminA), dataB = try Dataset.build(spec, seed: 9, on: adminB)
        #expect(dataA.posts == dataB.posts && dataA.users == dataB.users)
        #expect(try stackA.follows.following(of: dataA.users[3]).items.map(\.id)
            == stackB.follows.following(of: dataB.users[3]).items.map(\.id))
    }

    @Test func theStrongVariantLeaksEveryProfileAndTheWeakOneNothing() throws {
        let result = try ScenarioRunner(scenario: try scenario(Self.small)).run()
        let weak = try #require(result.variants.first { $0.variant == "weak" })
        let strong = try #require(result.variants.first { $0.variant == "strong" })
        #expect(weak.leakedObjects == 0)
        let controllers = try #require(strong.leaks.first { $0.type == "ProfileController" })
        #expect(controllers.created == 4 && controllers.leaked == 4)
        #expect(controllers.cycle.hasPrefix("ProfileController."))
        // Thresholds: the weak one passes, the strong one fails, so the run fails.
        #expect(result.thresholds.map(\.passed) == [true, false])
        #expect(!result.passed)
    }

    @Test func stepErrorsAreCountedByNameAndTheRunGoesOn() throws {
        let result = try ScenarioRunner(scenario: try scenario("""
            name: errors
            stack: { storage: memory }
            dataset: { users: 3, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 1, iterations: 3 }
            steps:
              - close_profile
              - open_profile: { user: nobody_here }
              - login
              - delete_post: { post: 1 }
            """)).run()
        let steps = try #require(result.variants.first).steps
        #expect(steps.map(\.step) == ["close_profile", "open_profile", "login", "delete_post"])
        #expect(steps[0].errors == ["StepError.noOpenScreen": 3])
        #expect(steps[1].errors == ["StepError.unknownLiteral": 3])
        #expect(steps[2].errorCount == 0)
        // Post 1 is user0's; the virtual user plays user0, so the first delete works, the rest find nothing.
        #expect(steps[3].errors == ["PostError.postNotFound": 2])
    }

    @Test func anOpenModelDropsIterationsWhenNoVirtualUserIsFree() throws {
        let result = try ScenarioRunner(scenario: try scenario("""
            name: open
            stack: { storage: memory }
            dataset: { users: 3, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { arrival_rate: 100/s, duration: 500ms, max_virtual_users: 1 }
            steps:
              - login
              - think: 40ms
            """)).run()
        let variant = try #require(result.variants.first)
        // 50 intended iterations; one virtual user busy 40 ms each finishes about 12.
        #expect(variant.iterations + variant.droppedIterations == 50)
        #expect(variant.droppedIterations >= 25)
        #expect(variant.iterations >= 5)
        // Latency counts from the intended start: never below the uncorrected figure.
        let login = try #require(variant.steps.first)
        #expect(login.latency.max >= login.uncorrected.max)
    }
}
