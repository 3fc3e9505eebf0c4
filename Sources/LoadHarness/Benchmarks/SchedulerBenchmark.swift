import Foundation

/// `roost bench-scheduler`: what the open models' scheduler adds to a step's latency and how
/// many iterations a second it starts. Each run plays a step that does nothing (`logout` with
/// nobody signed in) first in the closed model (one user, as fast as it goes), then in the
/// open model at `rate`, and compares the step's p50 in the two (the open one counts from the
/// intended start, so it carries the schedule's lag), with the lag and the drops.
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

    /// A benchmark at `rate` with up to `users` users for `duration`.
    public init(rate: Double, users: Int, duration: Duration, closedIterations: Int = 20_000) {
        self.rate = rate
        self.users = users
        self.duration = duration
        self.closedIterations = closedIterations
    }

    /// The scenario both runs play, with `load`.
    static func scenario(load: String) throws -> Scenario {
        try ScenarioLoader.parse(yaml: """
            name: bench-scheduler
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 0, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: \(load)
            steps: [logout]
            """, path: "bench-scheduler.yaml")
    }

    /// One closed run and one open run.
    public func run() throws -> Run {
        let seconds = duration / .seconds(1)
        var closed = ScenarioRunner(scenario: try Self.scenario(load: "{ virtual_users: 1, iterations: \(closedIterations) }"))
        closed.allocationProfile = .off
        let closedStep = try closed.run().variants[0].steps[0]
        var open = ScenarioRunner(scenario: try Self.scenario(
            load: "{ arrival_rate: \(rate)/s, duration: \(seconds)s, max_virtual_users: \(users) }"))
        open.allocationProfile = .off
        let variant = try open.run().variants[0]
        let step = variant.steps[0], stage = variant.stages.first
        return Run(closedP50: closedStep.percentileMicroseconds(50), openP50: step.percentileMicroseconds(50),
                   openUncorrectedP50: step.uncorrectedPercentileMicroseconds(50),
                   lagP50: variant.scheduleLag?.microseconds(atPercentile: 50) ?? 0,
                   lagP99: variant.scheduleLag?.microseconds(atPercentile: 99) ?? 0,
                   targetRate: stage?.load.targetRate ?? rate, achievedRate: stage?.load.achievedRate ?? 0,
                   dropped: variant.droppedIterations)
    }
}
