/// One probe of a capacity search: a rate played for a while, and what it showed.
public struct CapacityProbe: Sendable {
    /// What a probe showed of the stack.
    public enum Verdict: String, Sendable {
        /// Every threshold held, nothing was dropped, the schedule was kept.
        case pass
        /// A threshold on the stack's figures failed (latency, errors, ...).
        case fail
        /// The harness could not drive the rate (it dropped iterations while what ran held every
        /// threshold, or what failed failed only by its lateness): never taken for the stack's limit.
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

    /// Why the probe is generator-limited, in words; nil when it is not.
    var generatorReason: String? {
        guard verdict == .generatorLimited else { return nil }
        if dropped > 0 { return "dropped \(dropped) iteration\(dropped == 1 ? "" : "s") with \(users) virtual users" }
        if achievedRate < CapacityRun.achievedShare * targetRate {
            return "started \(CapacityRun.rate(achievedRate)) of \(CapacityRun.rate(targetRate)) (under \(Int(CapacityRun.achievedShare * 100))%)"
        }
        if let lagP99, lagP99 > ScheduleVerdict.lagTolerance {
            return "iterations started late (schedule lag p99 \(RunSummary.observed(.time, lagP99))) and failed only by that: "
                + failed.joined(separator: "; ")
        }
        return "failed only on the harness's own figures: " + failed.joined(separator: "; ")
    }
}
