import Foundation
import LoadHarness

/// `roost-bench scheduler`: what the open models' scheduler adds to a step's latency and how
/// many iterations a second it starts. Each run plays a step that does nothing (`logout` with
/// nobody signed in) first in the closed model (one user, as fast as it goes), then in the
/// open model at `rate`, and compares the step's p50 in the two (the open one counts from the
/// intended start, so it carries the schedule's lag), with the lag and the drops. With
/// `populations` above 1 the open run's rate and users are split evenly over that many open
/// populations played at once (design section 20), and its figures are theirs together.
public struct SchedulerBenchmark: Sendable {
    /// One run's figures, microseconds and iterations per second.
    public struct Run: Sendable {
        public let closedP50: Double
        public let openP50: Double
        public let openUncorrectedP50: Double
        public let lagP50: Double
        public let lagP99: Double
        public let targetRate: Double
        public let achievedRate: Double
        public let dropped: Int
    }

    public var rate: Double
    public var users: Int
    public var duration: Duration
    /// Executions of the closed model's run.
    public var closedIterations: Int
    /// Open populations the open run's rate and users are split over (1: a plain scenario).
    public var populations: Int

    /// A benchmark at `rate` with up to `users` users for `duration`, split over `populations`.
    public init(rate: Double, users: Int, duration: Duration, closedIterations: Int = 20_000, populations: Int = 1) {
        self.rate = rate
        self.users = users
        self.duration = duration
        self.closedIterations = closedIterations
        self.populations = populations
    }

    private static let header = """
        name: bench-scheduler
        stack: { storage: memory }
        dataset: { users: 4, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }

        """

    /// The scenario both runs play, with `load`.
    static func scenario(load: String) throws -> Scenario {
        try ScenarioLoader.parse(yaml: header + "load: \(load)\nsteps: [logout]\n", path: "bench-scheduler.yaml")
    }

    /// The open run's scenario: one load, or `populations` populations each with its share of
    /// the rate (the first the remainder of the users).
    func openScenario(seconds: Double) throws -> Scenario {
        guard populations > 1 else {
            return try Self.scenario(load: "{ arrival_rate: \(rate)/s, duration: \(seconds)s, max_virtual_users: \(users) }")
        }
        let yaml: String = (0..<populations).map { index -> String in
            let share = users / populations + (index < users % populations ? 1 : 0)
            return """
                  - name: p\(index + 1)
                    load: { arrival_rate: \(rate / Double(populations))/s, duration: \(seconds)s, max_virtual_users: \(max(1, share)) }
                    steps: [logout]

                """
        }.joined()
        let text: String = Self.header + "populations:\n" + yaml
        return try ScenarioLoader.parse(yaml: text, path: "bench-scheduler.yaml")
    }

    /// One closed run and one open run.
    public func run() throws -> Run {
        let seconds = duration / .seconds(1)
        var closed = ScenarioRunner(scenario: try Self.scenario(load: "{ virtual_users: 1, iterations: \(closedIterations) }"))
        closed.allocationProfile = .off
        let closedStep = try closed.run().variants[0].steps[0]
        var open = ScenarioRunner(scenario: try openScenario(seconds: seconds))
        open.allocationProfile = .off
        let variant = try open.run().variants[0]
        // Every population's one step and one stage, together.
        let step = variant.steps.dropFirst().reduce(into: variant.steps[0]) { $0.merge($1) }
        let stages = variant.stages
        return Run(closedP50: closedStep.percentileMicroseconds(50), openP50: step.percentileMicroseconds(50),
                   openUncorrectedP50: step.uncorrectedPercentileMicroseconds(50),
                   lagP50: variant.scheduleLag?.microseconds(atPercentile: 50) ?? 0,
                   lagP99: variant.scheduleLag?.microseconds(atPercentile: 99) ?? 0,
                   targetRate: stages.isEmpty ? rate : stages.reduce(0) { $0 + ($1.load.targetRate ?? 0) },
                   achievedRate: stages.reduce(0) { $0 + $1.load.achievedRate }, dropped: variant.droppedIterations)
    }
}
