/// One probe of a capacity search: a rate played for a while, and what it showed.
public struct CapacityProbe: Sendable {
    /// What a probe showed of the stack (`ProbeJudgement` decides it).
    public enum Verdict: String, Sendable {
        /// Every threshold held, nothing was dropped, the schedule was kept.
        case pass
        /// A threshold on the stack's figures failed (latency, errors, ...), or the stack could
        /// not keep up: iterations dropped or started short while the users were busy inside
        /// steps and the cores full with the steps' work, or every user allowed was busy.
        case fail
        /// Every virtual user was busy while the cores had room: played again with more users.
        case moreUsers = "more-users"
        /// The harness's own work was the cause (the schedule fell behind while users were
        /// free, or the harness took the cores the steps needed): never the stack's limit.
        case generatorLimited = "generator-limited"
        /// Stopped by Ctrl-C before its end: not judged.
        case interrupted
    }

    /// 1, 2, ... in the order played.
    public let number: Int
    /// Iterations per second it was meant to start.
    public let targetRate: Double
    /// The virtual users it could use.
    public let users: Int
    /// 1, or 3 for the confirmation.
    public let levels: Int
    /// Iterations per second that started in the judged stage.
    public let achievedRate: Double
    /// Iterations dropped in the judged stage.
    public let dropped: Int
    /// How late the schedule started iterations, p99, microseconds (nil: none started).
    public let lagP99: Double?
    public let verdict: Verdict
    /// The thresholds that failed, as written (the first is the one the answer names).
    public let failed: [String]
    /// Each step's figures in the judged stage.
    public let steps: [StageResult.Step]
    /// Why the verdict, in words, when no threshold alone says it (could not keep up,
    /// generator-limited, more users); nil otherwise.
    public var reason: String?
    /// What the cores did in the judged stage (nil: not measured).
    public var usage: CoreUsage?
    /// The mean number of users playing an iteration in the judged stage.
    public var busyUsers: Double = 0
    /// The users to play the same rate with again (`moreUsers`).
    public var nextUsers: Int?
    /// Where the users' time went, sampled (the knee's probes only; nil otherwise).
    public var wallProfile: ProbeWallProfile?
    /// Each population's load in the judged stage, in the scenario's order (none without
    /// `populations:`); `targetRate` and `achievedRate` above are the scaled populations' added.
    public var populations: [PopulationLoad] = []

    /// One population's load in a probe's judged stage (design section 20).
    public struct PopulationLoad: Sendable, Equatable {
        public let name: String
        /// Whether the search scaled its rate (else it was held at its own load).
        public let isScaled: Bool
        /// Iterations per second it was to start; nil for a closed population (it played its users).
        public let targetRate: Double?
        /// Iterations per second that started.
        public let achievedRate: Double
        public let dropped: Int
        /// The virtual users it could use.
        public let users: Int
    }

    /// A probe's figures.
    public init(number: Int, targetRate: Double, users: Int, levels: Int, achievedRate: Double, dropped: Int, lagP99: Double?,
                verdict: Verdict, failed: [String], steps: [StageResult.Step], reason: String? = nil) {
        self.number = number
        self.targetRate = targetRate
        self.users = users
        self.levels = levels
        self.achievedRate = achievedRate
        self.dropped = dropped
        self.lagP99 = lagP99
        self.verdict = verdict
        self.failed = failed
        self.steps = steps
        self.reason = reason
    }
}
