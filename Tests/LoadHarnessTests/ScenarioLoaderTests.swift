import Foundation
import LoadHarness
import Testing

@Suite struct ScenarioLoaderTests {
    typealias Support = ScenarioTestSupport

    /// Design section 5's example, verbatim (the bundled profile-open-close.yaml grew from it
    /// into the experiment).
    static let designExample = """
        name: profile-open-close            # required, [a-z0-9-]+
        description: Open and close a profile ten times, weak and strong delegates
        seed: 42                            # all random choices derive from it
        stack: { feed: fanOutOnRead, password_cost: low, storage: file }   # storage: file (WAL, temp dir) | memory
        dataset:                            # built before measuring, not timed
          users: 200
          posts_per_user: 10
          follows_per_user: 20
          likes_per_user: 5
          image_bytes: 262144               # each user's profile image
        variants:                           # each variant runs on a fresh stack, same seed
          - { name: weak,   references: weak }
          - { name: strong, references: strong }
          - { name: mixed,  references: weak, overrides: { profileHeaderDelegate: strong } }
        load:                               # closed model
          virtual_users: 1
          iterations: 10                    # per virtual user; or duration: 30s
          ramp_up: 0s
        # load: { arrival_rate: 200/s, duration: 20s, max_virtual_users: 64 }   # open model
        steps:
          - login                           # as the virtual user's own dataset user
          - open_profile: { user: random }
          - close_profile
          - think: 10ms
        thresholds:
          - "leaked_objects{variant:weak} == 0"
          - "p99(open_profile) < 20ms"
          - "bytes_per_op(open_profile) < 2MB"
        """

    @Test func designExampleParsesToTheExactScenario() throws {
        let path = "design-example.yaml"
        let scenario = try ScenarioLoader.parse(yaml: Self.designExample, path: path)
        let expected = Scenario(
            name: "profile-open-close",
            description: "Open and close a profile ten times, weak and strong delegates",
            seed: 42,
            stack: StackSettings(feed: .fanOutOnRead, passwordCost: .low, storage: .file),
            dataset: DatasetSpec(users: 200, postsPerUser: 10, followsPerUser: 20, likesPerUser: 5, imageBytes: 262_144),
            variants: [
                VariantSpec(name: "weak", references: .weak),
                VariantSpec(name: "strong", references: .strong),
                VariantSpec(name: "mixed", references: .weak, overrides: [.profileHeaderDelegate: .strong]),
            ],
            load: .closed(.init(virtualUsers: 1, iterations: 10, duration: nil, rampUp: .zero)),
            steps: [.login, .openProfile(.random), .closeProfile, .think(.milliseconds(10))],
            thresholds: [
                Threshold(metric: .leakedObjects, variant: "weak", comparison: .equal, value: 0, source: "leaked_objects{variant:weak} == 0"),
                Threshold(metric: .p99, step: "open_profile", comparison: .less, value: 20_000, source: "p99(open_profile) < 20ms"),
                Threshold(metric: .bytesPerOp, step: "open_profile", comparison: .less, value: 2_097_152, source: "bytes_per_op(open_profile) < 2MB"),
            ],
            path: path
        )
        #expect(scenario == expected)
    }

    @Test func everyBundledScenarioLoads() throws {
        let paths = try Support.bundledScenarioPaths()
        #expect(!paths.isEmpty)
        for path in paths {
            do {
                _ = try ScenarioLoader.load(path: path)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func omittedKeysTakeTheirDefaults() throws {
        let scenario = try ScenarioLoader.parse(yaml: "name: minimal\nsteps: [login]\n", path: "m.yaml")
        #expect(scenario == Scenario(name: "minimal", steps: [.login], path: "m.yaml"))
        #expect(scenario.seed == 1)
        #expect(scenario.allocationProfile == .sampled)
        #expect(try ScenarioLoader.parse(yaml: "name: m\nallocation_profile: exact\nsteps: [login]\n", path: "m.yaml").allocationProfile == .exact)
        #expect(try ScenarioLoader.parse(yaml: "name: m\nallocation_profile: off\nsteps: [login]\n", path: "m.yaml").allocationProfile == .off)
        #expect(scenario.variants == [VariantSpec(name: "weak", references: .weak)])
        #expect(scenario.load == .closed(.init(virtualUsers: 1, iterations: 1, duration: nil, rampUp: .zero)))
        #expect(scenario.stack == StackSettings())
        #expect(scenario.dataset == DatasetSpec())
    }

    @Test func everyStepNameLoads() throws {
        #expect(StepCatalog.all.map(\.name) == Step.names)
        for syntax in StepCatalog.all {
            let line: String
            switch syntax.form {
            case .plain: line = "  - \(syntax.name)"
            case .duration: line = "  - \(syntax.name): 1ms"
            case .branches: line = "  - \(syntax.name): [{ weight: 1, steps: [login] }]"
            case .block: line = "  - \(syntax.name): { times: 2, steps: [login] }"
            }
            let steps = Support.steps(line + "\n")
            #expect(steps?.map(\.name) == [syntax.name])
        }
    }

    @Test func omittedArgumentsTakeTheirDefaults() {
        let steps = Support.steps("""
              - post
              - reply
              - edit_post
              - comment
              - change_username
              - update_profile_image
              - open_feed
              - search_users
              - search_posts:
              - open_profile
              - follow

            """)
        #expect(steps == [
            .post(text: "post {vu}-{iteration}"),
            .reply(to: .random, text: "reply {vu}-{iteration}"),
            .editPost(.random, text: "post {vu}-{iteration}"),
            .comment(on: .random, text: "comment {vu}-{iteration}"),
            .changeUsername("vu{vu}_{iteration}"),
            .updateProfileImage(bytes: 4_096),
            .openFeed(pages: 1),
            .searchUsers("a"),
            .searchPosts("a"),
            .openProfile(.random),
            .follow(.random),
        ])
    }

    @Test func writtenArgumentsAreUsed() {
        let steps = Support.steps("""
              - post: { text: "hello {vu} {iteration} {seed}" }
              - reply: { post: 17, text: "re {vu}" }
              - edit_post: { post: self, text: edited }
              - delete_post: { post: from_feed }
              - like: { post: followed }
              - comment: { post: random, text: nice }
              - follow: { user: alice }
              - unfollow: { user: followed }
              - change_username: { username: "u{vu}" }
              - update_profile_image: { bytes: 8 }
              - open_feed: { pages: 3 }
              - open_profile: { user: self }
              - open_post: { post: 5 }
              - search_users: { query: bob }
              - open_comments: { post: from_feed }

            """)
        #expect(steps == [
            .post(text: "hello {vu} {iteration} {seed}"),
            .reply(to: .literal("17"), text: "re {vu}"),
            .editPost(.`self`, text: "edited"),
            .deletePost(.fromFeed),
            .like(.followed),
            .comment(on: .random, text: "nice"),
            .follow(.literal("alice")),
            .unfollow(.followed),
            .changeUsername("u{vu}"),
            .updateProfileImage(bytes: 8),
            .openFeed(pages: 3),
            .openProfile(.`self`),
            .openPost(.literal("5")),
            .searchUsers("bob"),
            .openComments(.fromFeed),
        ])
    }

    /// Each argument the catalog lists changes the step when written: the loader reads every
    /// argument it accepts.
    @Test func everyCatalogArgumentReachesTheStep() {
        for syntax in StepCatalog.all where syntax.form == .plain {
            for argument in syntax.arguments {
                let value: String
                switch argument.kind {
                case .user: value = "followed"
                case .post: value = "from_feed"
                case .text: value = "\"changed {seed}\""
                case let .integer(minimum): value = String(minimum + 7)
                case .steps: value = "[login]"
                }
                let bare = Support.steps("  - \(syntax.name)\n")
                let written = Support.steps("  - \(syntax.name): { \(argument.name): \(value) }\n")
                #expect(bare != nil && written != nil && bare != written, "\(syntax.name).\(argument.name)")
            }
        }
    }

    @Test func controlStepsNest() {
        let steps = Support.steps("""
              - repeat:
                  times: 3
                  steps:
                    - open_feed: { pages: 2 }
                    - choose:
                        - { weight: 3, steps: [like] }
                        - weight: 1
                          steps: [{ think: 1.5s }, refresh_feed]

            """)
        #expect(steps == [
            .repeat(times: 3, steps: [
                .openFeed(pages: 2),
                .choose([
                    .init(weight: 3, steps: [.like(.random)]),
                    .init(weight: 1, steps: [.think(.milliseconds(1_500)), .refreshFeed]),
                ]),
            ]),
        ])
    }

    @Test(arguments: [
        ("10ms", Duration.milliseconds(10)), ("1.5s", .milliseconds(1_500)), ("0s", .zero), ("250us", .microseconds(250)),
        ("7ns", .nanoseconds(7)), ("2m", .seconds(120)), ("0.5ms", .microseconds(500)), ("0.001s", .milliseconds(1)),
    ])
    func durationsAreExact(text: String, duration: Duration) {
        #expect(Support.steps("  - think: \(text)\n") == [.think(duration)])
    }

    @Test func loadModels() {
        let open = Support.scenario("name: t\nload: { arrival_rate: 200/s, duration: 20s, max_virtual_users: 64 }\nsteps: [login]\n")
        #expect(open?.load == .open(.init(arrivalRate: 200, duration: .seconds(20), maxVirtualUsers: 64)))
        let perMinute = Support.scenario("name: t\nload: { arrival_rate: 12/m, duration: 1m, max_virtual_users: 2 }\nsteps: [login]\n")
        #expect(perMinute?.load == .open(.init(arrivalRate: 0.2, duration: .seconds(60), maxVirtualUsers: 2)))
        let timed = Support.scenario("name: t\nload: { virtual_users: 4, duration: 30s, ramp_up: 5s }\nsteps: [login]\n")
        #expect(timed?.load == .closed(.init(virtualUsers: 4, iterations: nil, duration: .seconds(30), rampUp: .seconds(5))))
    }

    @Test func thresholdsMayNameNestedStepsAndDefaultVariant() {
        let scenario = Support.scenario("""
            name: t
            steps:
              - repeat: { times: 2, steps: [{ open_post: { post: 3 } }] }
            thresholds: ["p90(open_post){variant:weak} <= 1s"]

            """)
        #expect(scenario?.thresholds == [
            Threshold(metric: .p90, step: "open_post", variant: "weak", comparison: .lessOrEqual, value: 1_000_000,
                      source: "p90(open_post){variant:weak} <= 1s"),
        ])
    }

    @Test func unreadableFiles() {
        #expect(throws: ScenarioError.unreadable(path: "/nonexistent/x.yaml", reason: "no such file")) {
            try ScenarioLoader.load(path: "/nonexistent/x.yaml")
        }
        let folder = Support.scenariosFolder.path
        #expect(throws: ScenarioError.unreadable(path: folder, reason: "it is a directory")) {
            try ScenarioLoader.load(path: folder)
        }
    }
}
