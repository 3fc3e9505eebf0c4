import Foundation
import LoadHarness
import Screens
import Testing

/// A package's own step: waves at a user `times` times (at most 5: its own validation).
private struct Wave: MeasuredStep {
    static let name = "wave"
    static let summary = "Wave at a user."
    static let arguments = [
        StepSyntax.Argument("user", .user, default: "random"),
        StepSyntax.Argument("times", .integer(minimum: 1), default: "2", doc: "How many waves."),
    ]
    var user: Target
    var times: Int

    init(_ arguments: StepArguments) throws {
        user = arguments.target("user")
        times = arguments.integer("times")
        guard times <= 5 else { throw StepArgumentError(argument: "times", "at most 5 waves, got \(times)") }
    }

    func play(_ vu: VirtualUser) throws {
        _ = try vu.user(user, step: Self.name)
    }
}

/// A second `login`, as a careless package might register it.
private struct OtherLogin: MeasuredStep {
    static let name = "login"
    static let summary = "Log in differently."
    init(_ arguments: StepArguments) {}
    func play(_ vu: VirtualUser) throws {}
}

/// A step taking a list of steps, which only control steps may.
private struct Nested: MeasuredStep {
    static let name = "nested"
    static let summary = "Takes steps."
    static let arguments = [StepSyntax.Argument("inner", .steps, default: "[login]"),
                            StepSyntax.Argument("count", .integer(minimum: 1), default: "zero")]
    init(_ arguments: StepArguments) {}
    func play(_ vu: VirtualUser) throws {}
}

/// A screen of a package's own, with a leak-prone edge of its own: a listener on the app's
/// event bus that, strong, keeps the screen alive after it is closed.
private final class WaveScreen: Screen, @unchecked Sendable {
    static let listener = ReferenceEdge("waveListener")
    let app: App
    var waves = 0
    init(app: App) { self.app = app }
    var title: String { "Waves" }
    func load() throws {
        switch app.policy.strength(of: Self.listener) {
        case .weak: app.eventBus.listen(owner: self) { [weak self] _ in self?.waves += 1 }
        case .strong: app.eventBus.listen(owner: self) { _ in self.waves += 1 }
        }
    }
    func close() {}
    var parts: [AnyObject] { [self] }
}

private struct OpenWaves: MeasuredStep {
    static let name = "open_waves"
    static let summary = "Open the waves screen."
    static let screen = ScreenChange.opens(WaveScreen.self)
    init(_ arguments: StepArguments) {}
    func play(_ vu: VirtualUser) throws { try vu.app.navigator.push(WaveScreen(app: vu.app)) }
}

private struct CloseWaves: MeasuredStep {
    static let name = "close_waves"
    static let summary = "Close the waves screen (its lifetime is checked)."
    static let screen = ScreenChange.closes(WaveScreen.self)
    init(_ arguments: StepArguments) {}
    func play(_ vu: VirtualUser) throws { try vu.close(WaveScreen.self, step: Self.name, expected: "waves screen") }
}

@Suite struct StepRegistryTests {
    private static let waves = RoostExtension(name: "Waves", steps: [Wave.self, OpenWaves.self, CloseWaves.self],
                                              edges: [WaveScreen.listener])

    @Test func aNameRegisteredTwiceNamesBothRegistrations() throws {
        let error = try #require(throws: StepRegistryError.self) {
            try StepRegistry(extensions: [RoostExtension(name: "Careless", steps: [OtherLogin.self])])
        }
        #expect(error.problems.count == 1)
        let problem = try #require(error.problems.first)
        #expect(problem.contains("step 'login' is registered twice"), "\(problem)")
        #expect(problem.contains("Roost's LoadHarness.Steps.Login"), "\(problem)")
        #expect(problem.contains("Careless's"), "\(problem)")
        #expect(problem.contains("OtherLogin"), "\(problem)")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let error = try #require(throws: StepRegistryError.self) {
            try StepRegistry(extensions: [
                RoostExtension(name: "A", steps: [Wave.self], edges: [ReferenceEdge("shared"), .eventBus]),
                RoostExtension(name: "B", steps: [Wave.self, Nested.self], edges: [ReferenceEdge("shared"), ReferenceEdge("not-a-name")]),
            ])
        }
        let text = error.problems.joined(separator: "\n")
        #expect(error.problems.count == 6, "\(text)")
        #expect(text.contains("step 'wave' is registered twice: by A's"), "\(text)")
        #expect(text.contains("argument 'inner' has kind 'steps', which only the control steps (choose, repeat) take"), "\(text)")
        #expect(text.contains("argument 'count': default 'zero' is not an integer"), "\(text)")
        #expect(text.contains("edge 'eventBus' is registered twice: by Roost and by A"), "\(text)")
        #expect(text.contains("edge 'shared' is registered twice: by A and by B"), "\(text)")
        #expect(text.contains("edge 'not-a-name' (B) is not a valid name"), "\(text)")
    }

    @Test func aControlStepsNameCannotBeTaken() throws {
        struct Think: MeasuredStep {
            static let name = "think"
            static let summary = "Thinks."
            init(_ arguments: StepArguments) {}
            func play(_ vu: VirtualUser) throws {}
        }
        let error = try #require(throws: StepRegistryError.self) { try StepRegistry(extensions: [RoostExtension(name: "T", steps: [Think.self])]) }
        #expect(error.problems.first?.contains("has the name of Roost's control step 'think'") == true, "\(error)")
    }

    @Test func registeredStepsAndEdgesAreReadValidatedAndRun() throws {
        let registry = try StepRegistry(extensions: [Self.waves])
        let yaml = """
            name: waves
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            variants:
              - { name: weak, references: weak }
              - { name: strong-listener, references: weak, overrides: { waveListener: strong } }
            load: { virtual_users: 1, iterations: 3 }
            steps:
              - login
              - wave: { times: 3 }
              - open_waves
              - close_waves
            thresholds:
              - "leaked_objects{variant:weak} == 0"
            """
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: "waves.yaml", registry: registry)
        #expect(scenario.steps.map(\.name) == ["login", "wave", "open_waves", "close_waves"])
        #expect(scenario.variants.last?.overrides == [WaveScreen.listener: .strong])
        let result = try ScenarioRunner(scenario: scenario).run()
        let weak = try #require(result.variants.first), strong = try #require(result.variants.last)
        #expect(weak.leakedObjects == 0)
        #expect(strong.leakedObjects == 3)
        #expect(Set(strong.steps.map(\.step)) == ["login", "wave", "open_waves", "close_waves"])
        #expect(strong.steps.allSatisfy { $0.errorCount == 0 })

        // Without the registration the same file names an unknown step and an unknown edge.
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(yaml: yaml, path: "waves.yaml", registry: .builtIn) }
    }

    @Test func aStepsOwnValidationIsReportedWithTheOtherProblems() throws {
        let registry = try StepRegistry(extensions: [Self.waves])
        let error = try #require(throws: ScenarioError.self) {
            try ScenarioLoader.parse(yaml: "name: w\nsteps:\n  - wave: { times: 9 }\n  - wvae\n", path: "w.yaml", registry: registry)
        }
        let lines = error.lines.joined(separator: "\n")
        #expect(lines.contains("w.yaml:3:5: step 'wave': 'times': at most 5 waves, got 9"), "\(lines)")
        #expect(lines.contains("w.yaml:4:5: unknown step 'wvae'; did you mean 'wave'?"), "\(lines)")
    }

    @Test func theSchemaDescribesRegisteredStepsAndEdges() throws {
        let registry = try StepRegistry(extensions: [Self.waves])
        let object = try JSONSerialization.jsonObject(with: Data(ScenarioSchema.text(for: registry).utf8)) as? [String: Any]
        let defs = try #require(object?["$defs"] as? [String: Any])
        let steps = try #require((defs["stepWithArguments"] as? [String: Any])?["properties"] as? [String: Any])
        let wave = try #require(steps["wave"] as? [String: Any])
        #expect(wave["description"] as? String == "Wave at a user.")
        let times = (wave["properties"] as? [String: Any])?["times"] as? [String: Any]
        #expect(times?["default"] as? Int == 2)
        #expect((defs["edge"] as? [String: Any])?["enum"] as? [String] == ReferenceEdge.allCases.map(\.rawValue) + ["waveListener"])
    }

    /// `roost schema` writes the committed file: regenerate it with `roost schema` when this fails.
    @Test func theCommittedSchemaIsTheRegistrys() throws {
        let url = ScenarioTestSupport.scenariosFolder.appendingPathComponent("roost.schema.json")
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == ScenarioSchema.text(for: .builtIn), "Scenarios/roost.schema.json is stale: run `swift run roost schema`")
    }
}
