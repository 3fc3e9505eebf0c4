/// Whose limit a capacity probe met (design section 18), decided from what the probe measured
/// so the rule can be tested exactly on injected figures. In one process the stack and the
/// generator share the cores: when the steps' own work fills them and iterations start short
/// of the target, that is the stack's limit on this machine, and the probe fails. A probe is
/// generator-limited only when the harness's own work is the cause: the schedule fell behind
/// while users were free and cores were idle, or the harness's work outside the steps took the
/// share of the cores the steps needed. When every user is busy inside steps while the cores
/// have room, more users are tried (Little's law: users needed = rate x time per iteration),
/// up to the most allowed; past that, the steps' waiting is the stack's limit.
struct ProbeJudgement: Equatable {
    /// What the probe measured in its judged stage.
    struct Figures {
        var targetRate: Double
        var achievedRate: Double
        var dropped: Int
        /// Iterations the schedule meant to start in the judged stage (0: not known, so no drop is tolerated).
        var scheduled = 0
        /// Whether the schedule's lag p99 passed its tolerance.
        var isLate: Bool
        /// How late the schedule started iterations, p99, microseconds.
        var lagP99: Double?
        /// The virtual users the probe could use (with populations: each scaled population's, `ProbeScenario`).
        var users: Int
        var maxUsers: Int
        /// The mean number of users playing an iteration (with populations: the scaled ones' added).
        var busyUsers: Double
        /// What the cores did (nil: not measured; the cores count as having room).
        var usage: CoreUsage?
        /// Thresholds that failed on the stack's own figures (latency counted without the
        /// schedule's lag when it was late), as written.
        var stackFailures: [String]
        /// Thresholds that failed on the harness's figures (dropped iterations, schedule lag), or
        /// only by the schedule's lateness, as written.
        var scheduleFailures: [String]
        var wasInterrupted = false
        /// The same rate played before with fewer users, and what it started then (nil: none; a
        /// probe with as many users is no comparison).
        var fewerUsers: (users: Int, achievedRate: Double)?
        /// The same rate played before with more users than the harness could drive, and what
        /// it started then (nil: none).
        var undrivenMoreUsers: (users: Int, achievedRate: Double)?
    }

    let verdict: CapacityProbe.Verdict
    /// Why, in words (nil for a pass, or a failure a threshold names).
    let reason: String?
    /// Users to play the same rate with again (`moreUsers` only).
    let nextUsers: Int?

    /// A busy share at or above this is full cores: nothing more can run at once (saturated
    /// cores are full too: `areFull`).
    static let fullCores = 0.9
    /// The share of a probe's scheduled iterations it may drop and still keep up: a handful of
    /// iterations meeting every user busy in a long probe is no limit.
    static let droppedShare = 0.01
    /// More users must start at least this much more (a share) than fewer did at the same rate,
    /// or make up `shortfallCut` of what the fewer missed, or the stack, not the number of
    /// users, holds the rate back.
    static let usersGain = 0.02
    /// The share of what fewer users missed of the target that more must make up to have helped.
    /// Near the limit, drops come from moments the stack stalls: more users wait through longer
    /// ones, so doubling them cuts the drops by about half, but when the fewer missed under 2%
    /// that is never 2% more.
    static let shortfallCut = 0.25
    /// The share of the target rate a probe must start to keep up (design section 15).
    static let achievedShare = 0.95

    static func judge(_ figures: Figures) -> ProbeJudgement {
        if figures.wasInterrupted { return ProbeJudgement(verdict: .interrupted, reason: nil, nextUsers: nil) }
        if !figures.stackFailures.isEmpty { return ProbeJudgement(verdict: .fail, reason: nil, nextUsers: nil) }
        // Lateness alone is no failure: it matters when a threshold failed by it (a schedule failure).
        // A few drops are tolerated (a `dropped_iterations == 0` threshold makes them count).
        let keptUp = Double(figures.dropped) <= droppedShare * Double(figures.scheduled)
            && figures.achievedRate >= achievedShare * figures.targetRate && figures.scheduleFailures.isEmpty
        if keptUp { return ProbeJudgement(verdict: .pass, reason: nil, nextUsers: nil) }
        if let usage = figures.usage, areFull(usage) { return onFullCores(figures, usage) }
        return withRoomOnCores(figures)
    }

    /// Whether nothing more could run at once: the cores busy, or saturated (as many threads
    /// waiting for a core as there are cores, so more users only lengthen the queue).
    static func areFull(_ usage: CoreUsage) -> Bool { usage.busyShare >= fullCores || usage.isSaturated }

    /// The cores in words: `cores 83% busy`, and when saturated how many threads waited for
    /// them (`and saturated (2.7 threads waiting for a core on average)`).
    static func cores(_ usage: CoreUsage) -> String {
        let saturated = usage.waitingThreads.map { String(format: " and saturated (%.1f threads waiting for a core on average)", $0) }
        return "cores \(percent(usage.busyShare)) busy" + (usage.isSaturated ? saturated ?? "" : "")
    }

    /// The cores were full: the steps' work is the stack's limit unless the steps alone, at
    /// the target rate, would have fitted in them (the harness took the rest). On saturated
    /// cores the steps alone would saturate them when the threads running or waiting for a core
    /// on their account (the runnable threads in proportion to their share of the work), at the
    /// target rate, outnumber the cores: the USE method's saturation (vmstat's `r` above the
    /// CPUs). The harness's threads are a few among the users', so only a large share of the
    /// work blames it there.
    private static func onFullCores(_ figures: Figures, _ usage: CoreUsage) -> ProbeJudgement {
        let scale = figures.targetRate / max(figures.achievedRate, 1e-9)
        let stepsAtTarget = usage.stepsShare * scale
        let stepsThreadsAtTarget = (usage.runnableThreads ?? 0) * (1 - usage.harnessShare) * scale
        if stepsAtTarget >= fullCores || (usage.isSaturated && stepsThreadsAtTarget > Double(usage.cores))
            || usage.harnessShare < 1 - fullCores {
            return ProbeJudgement(verdict: .fail, reason: couldNotKeepUp(figures) + "; \(cores(usage)), "
                + "\(percent(usage.stepsShare)) in steps", nextUsers: nil)
        }
        let threads = usage.isSaturated
            ? String(format: ", %.1f threads running or waiting for the %d cores", stepsThreadsAtTarget, usage.cores) : ""
        return ProbeJudgement(verdict: .generatorLimited,
                              reason: "the harness's own work took \(percent(usage.harnessShare)) of the busy cores "
                                  + "(\(cores(usage)); the steps needed \(percent(min(1, stepsAtTarget))) at the target\(threads))",
                              nextUsers: nil)
    }

    /// The cores had room: busy users want more users (while allowed), else the stack made
    /// them wait; a schedule that fell behind with users free is the harness's.
    private static func withRoomOnCores(_ figures: Figures) -> ProbeJudgement {
        let cores = figures.usage.map { "cores \(percent($0.busyShare)) busy" } ?? "cores not measured"
        if figures.dropped > 0 {
            if figures.achievedRate < (1 - droppedShare) * figures.targetRate, let noMore = moreUsersStartedNoMore(figures) {
                // More users started no more: they only queued inside the steps.
                return ProbeJudgement(verdict: .fail, reason: couldNotKeepUp(figures) + "; \(noMore): they wait inside steps, \(cores)",
                                      nextUsers: nil)
            }
            if figures.users < figures.maxUsers {
                return ProbeJudgement(verdict: .moreUsers,
                                      reason: "all \(figures.users) virtual users busy, dropped \(count(figures.dropped)); \(cores)",
                                      nextUsers: usersNeeded(figures))
            }
            return ProbeJudgement(verdict: .fail, reason: couldNotKeepUp(figures) + "; all \(count(figures.users)) virtual users busy "
                + "inside steps, \(cores)", nextUsers: nil)
        }
        return ProbeJudgement(verdict: .generatorLimited, reason: scheduleReason(figures) + " with users free; \(cores)", nextUsers: nil)
    }

    /// The same rate played with fewer users and with more, when the more started no more (or
    /// little more, `startedNoMore`) than the fewer did, in words: this probe's users against an
    /// earlier probe's fewer, or an earlier probe's more (more than the harness could drive)
    /// against this probe's; nil when neither shows it.
    private static func moreUsersStartedNoMore(_ figures: Figures) -> String? {
        let these = (users: figures.users, achievedRate: figures.achievedRate)
        if let fewer = figures.fewerUsers, startedNoMore(fewer: fewer, more: these, target: figures.targetRate) {
            return "\(count(these.users)) virtual users started \(noMore(fewer, these)) than \(count(fewer.users)) "
                + "(\(CapacityRun.rate(fewer.achievedRate)))"
        }
        if let more = figures.undrivenMoreUsers, startedNoMore(fewer: these, more: more, target: figures.targetRate) {
            return "\(count(more.users)) virtual users started \(noMore(these, more)) (\(CapacityRun.rate(more.achievedRate)), "
                + "more than the harness could drive)"
        }
        return nil
    }

    /// Whether `more` users (more than `fewer`'s) at the same `target` rate started under
    /// `usersGain` more than `fewer` did and made up under `shortfallCut` of what `fewer` missed.
    static func startedNoMore(fewer: (users: Int, achievedRate: Double), more: (users: Int, achievedRate: Double),
                              target: Double) -> Bool {
        let gain = more.achievedRate - fewer.achievedRate
        return fewer.users < more.users && gain < usersGain * fewer.achievedRate
            && gain < shortfallCut * (target - fewer.achievedRate)
    }

    /// `no more` when the more started at most what the fewer did, else `little more`.
    private static func noMore(_ fewer: (users: Int, achievedRate: Double), _ more: (users: Int, achievedRate: Double)) -> String {
        more.achievedRate > fewer.achievedRate ? "little more" : "no more"
    }

    /// Users for the same rate: Little's law, at least twice as many, at most the most allowed.
    static func usersNeeded(_ figures: Figures) -> Int {
        let needed = users(for: figures.targetRate, busyUsers: figures.busyUsers, achievedRate: figures.achievedRate)
        return min(figures.maxUsers, max(figures.users * 2, needed ?? figures.users * 2))
    }

    /// The users that play `rate` by Little's law (rate x time per iteration, the time from a
    /// probe that started `achievedRate` with `busyUsers` playing on average), with half again
    /// for the spread; nil when that probe started nothing.
    static func users(for rate: Double, busyUsers: Double, achievedRate: Double) -> Int? {
        guard achievedRate > 0 else { return nil }
        let needed = (rate * busyUsers / achievedRate * 1.5).rounded(.up)
        return needed.isFinite ? Int(needed) : nil
    }

    /// `could not keep up: 3,210 of 5,120/s started`.
    private static func couldNotKeepUp(_ figures: Figures) -> String {
        var text = "could not keep up: \(CapacityRun.rate(figures.achievedRate)) of \(CapacityRun.rate(figures.targetRate)) started"
        if figures.dropped > 0 { text += ", \(count(figures.dropped)) dropped" }
        return text
    }

    private static func scheduleReason(_ figures: Figures) -> String {
        if figures.achievedRate < achievedShare * figures.targetRate {
            return "started \(CapacityRun.rate(figures.achievedRate)) of \(CapacityRun.rate(figures.targetRate)) "
                + "(under \(Int(achievedShare * 100))%)"
        }
        if figures.isLate, let lag = figures.lagP99 {
            return "iterations started late (schedule lag p99 \(RunSummary.observed(.time, lag)))"
                + (figures.scheduleFailures.isEmpty ? "" : " and failed only by that: " + figures.scheduleFailures.joined(separator: "; "))
        }
        return "failed only on the harness's own figures: " + figures.scheduleFailures.joined(separator: "; ")
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    private static func count(_ value: Int) -> String { HTMLText.count(value) }
}
