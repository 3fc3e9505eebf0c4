/// The capacity search's decisions (design section 15), apart from playing the probes so
/// they can be tested exactly: which rate to probe next, with how many users and for how many
/// levels, and the answer once known. Rates double from the start until a probe fails (four
/// times while the cores were at most a quarter busy: the steps' work could not fill them at
/// the next rate, and a search from 10/s reaches thousands in half the probes), then
/// bisection until the passing and failing rates are within the precision. Then the lowest
/// failing rate, if it failed only once, is played again (near the limit one probe's drops or
/// tail can fail by chance, and a search that believed it would answer low; if it passes, the
/// search goes on above it), and the highest passing rate is confirmed by a probe three levels
/// long (a failed confirmation makes it the failing rate and the search goes on below it). A
/// probe whose users were all busy while the
/// cores had room is played again with more users (`ProbeJudgement`), and when those started
/// no more the search goes on with the fewer. A generator-limited probe is never counted as
/// the stack's limit: when it had more users than the highest passing rate needed, it is
/// played again with those fewer (each user is a thread, and the harness's own work grows
/// with them); when that probe keeps up it passes, when its users wait inside the steps and
/// the more started no more it fails; else a rate the harness could not drive once (whatever
/// its earlier probes found: a confirmation too) is played again as it was (the machine may
/// have stalled for a moment), and undriven twice the search stops and says why.
struct CapacitySearch {
    /// What to play next.
    struct Request: Equatable {
        var rate: Double
        var users: Int
        var levels: Int
    }

    /// How the search ended.
    enum Ending: Equatable {
        /// The highest passing rate held for three levels.
        case found
        /// The first probe failed: the capacity is below the start.
        case failsAtStart
        /// No passing rate below a failed confirmation.
        case nothingHolds
        /// A probe the harness could not drive (why), with the rate.
        case generatorLimited(rate: Double, reason: String)
        /// The next probe would end after the time allowed.
        case outOfTime
        /// Ctrl-C.
        case interrupted
    }

    private enum Phase {
        case doubling(Double)
        case bisecting
        /// Playing the lowest failing rate again.
        case recheckingFailure(Double)
        case confirming
        case done(Ending)
    }

    /// A rate that failed, the threshold (or reason) it failed, and whether it failed twice
    /// (played again, or a confirmation's three levels).
    private struct Failure {
        var rate: Double
        var threshold: String
        var isRechecked: Bool
    }

    let settings: CapacitySettings
    private var phase: Phase
    private(set) var users: Int
    /// Every passing rate (confirmed or not), the highest passing one, the lowest failing one.
    private var passes: [Double] = []
    private(set) var highestPass: Double?
    private var failures: [Failure] = []
    private(set) var probes: [CapacityProbe] = []
    /// The generator-limited probe whose rate is being played again with fewer users.
    private var undriven: CapacityProbe?

    /// The lowest failing rate and the threshold it failed.
    var lowestFail: (rate: Double, threshold: String)? { lowestFailure.map { ($0.rate, $0.threshold) } }

    private var lowestFailure: Failure? { failures.min { $0.rate < $1.rate } }

    init(_ settings: CapacitySettings) {
        self.settings = settings
        phase = .doubling(settings.start)
        users = settings.users
    }

    /// How the search ended; nil while it goes on.
    var ending: Ending? {
        if case .done(let ending) = phase { ending } else { nil }
    }

    /// The next probe to play; nil when the search is over.
    var next: Request? {
        switch phase {
        case .doubling(let rate): Request(rate: rate, users: users, levels: 1)
        case .bisecting: Request(rate: midpoint, users: users, levels: 1)
        case .recheckingFailure(let rate): Request(rate: rate, users: users, levels: 1)
        case .confirming: highestPass.map { Request(rate: $0, users: users, levels: 3) }
        case .done: nil
        }
    }

    /// Ends the search (out of time, interrupted).
    mutating func stop(_ ending: Ending) { phase = .done(ending) }

    /// Takes in the probe just played (the one `next` asked for).
    mutating func record(_ probe: CapacityProbe) {
        probes.append(probe)
        switch probe.verdict {
        case .interrupted:
            phase = .done(.interrupted)
        case .moreUsers:
            if let undriven, undriven.targetRate == probe.targetRate {
                // Fewer users were short and more were more than the harness could drive.
                phase = .done(Self.generatorLimited(undriven))
                return
            }
            // The same request again, with more users.
            users = min(settings.maxUsers, max(users + 1, probe.nextUsers ?? users * 2))
        case .generatorLimited:
            if let fewer = usersToDriveAgain(probe) {
                undriven = probe
                users = fewer
            } else if probes.filter({ $0.targetRate == probe.targetRate && $0.verdict == .generatorLimited }).count > 1 {
                phase = .done(Self.generatorLimited(probe))
            }
            // Else the same request once more: a moment's stall of the machine makes a schedule
            // late as it makes a tail fail by chance, and stopping on it would end the search low.
        case .pass:
            passes.append(probe.targetRate)
            if probe.levels > 1 {
                phase = .done(.found)
                return
            }
            highestPass = max(highestPass ?? 0, probe.targetRate)
            if case .recheckingFailure = phase {
                // It failed by chance: the search goes on above it (doubling when nothing failed above).
                failures.removeAll { $0.rate <= probe.targetRate }
                phase = failures.isEmpty ? .doubling(probe.targetRate) : .bisecting
            }
            if case .doubling(let rate) = phase {
                let next = rate * Self.growth(after: probe)
                users = usersFollowing(probe, to: next)
                phase = .doubling(next)
            }
            narrow()
        case .fail:
            let isRecheck = if case .recheckingFailure = phase { true } else { false }
            let failure = Failure(rate: probe.targetRate, threshold: probe.failed.first ?? probe.reason ?? "a threshold",
                                  isRechecked: isRecheck || probe.levels > 1)
            failures.removeAll { $0.rate == failure.rate }
            failures.append(failure)
            goBackToFewerUsers(than: probe)
            if probe.levels > 1 {
                // The confirmation failed: that rate fails, the search goes on below it.
                passes.removeAll { $0 >= probe.targetRate }
                highestPass = passes.max()
                guard highestPass != nil else {
                    phase = .done(.nothingHolds)
                    return
                }
                phase = .bisecting
                narrow()
                return
            }
            guard highestPass != nil else {
                phase = .done(.failsAtStart)
                return
            }
            phase = .bisecting
            narrow()
        }
    }

    /// The users to play a generator-limited probe's rate with again: as many as the highest
    /// passing rate needed, when that is fewer and the rate was not played again already.
    private func usersToDriveAgain(_ probe: CapacityProbe) -> Int? {
        guard undriven?.targetRate != probe.targetRate, let pass = highestPass,
              let passed = probes.last(where: { $0.verdict == .pass && $0.targetRate == pass }), passed.users < probe.users
        else { return nil }
        return passed.users
    }

    private static func generatorLimited(_ probe: CapacityProbe) -> Ending {
        .generatorLimited(rate: probe.targetRate, reason: probe.reason ?? "the harness fell behind")
    }

    /// When more users failed a rate that fewer were short of (they started no more, or queued
    /// inside the steps past a threshold), the later probes go back to the fewer users: a queue
    /// of threads on a few cores can start fewer iterations than a short one, and lower rates
    /// ask for more users again if they need them.
    private mutating func goBackToFewerUsers(than probe: CapacityProbe) {
        guard let fewer = probes.dropLast().last, fewer.verdict == .moreUsers, fewer.targetRate == probe.targetRate,
              fewer.users < probe.users
        else { return }
        users = fewer.users
    }

    /// How much the next rate of the doubling phase grows: four times while the cores were at
    /// most a quarter busy (at four times the rate they would be at most full), else twice.
    static func growth(after probe: CapacityProbe) -> Double {
        guard let usage = probe.usage, usage.busyShare <= 1 / leap else { return 2 }
        return leap
    }

    /// The growth of a rate whose probe left the cores at most `1 / leap` busy.
    static let leap = 4.0

    /// The users the next rate needs by Little's law, so a higher rate does not first drop
    /// iterations for want of users; never fewer than now, at most the most allowed.
    private func usersFollowing(_ probe: CapacityProbe, to rate: Double) -> Int {
        let needed = ProbeJudgement.users(for: rate, busyUsers: probe.busyUsers, achievedRate: probe.achievedRate)
        return min(settings.maxUsers, max(users, needed ?? users))
    }

    /// Once the passing and failing rates are within the precision (or no rate between them is
    /// left to probe): play the failing rate again if it failed only once, else confirm the pass.
    private mutating func narrow() {
        guard let pass = highestPass, let fail = lowestFailure else { return }
        if case .doubling = phase { phase = .bisecting }
        let middle = midpoint
        guard fail.rate <= pass * (1 + settings.precision) || middle <= pass || middle >= fail.rate else { return }
        phase = fail.isRechecked ? .confirming : .recheckingFailure(fail.rate)
    }

    /// Halfway between the highest passing and the lowest failing rate, to a whole rate above
    /// 20/s and a tenth below.
    private var midpoint: Double {
        guard let pass = highestPass, let fail = lowestFail?.rate else { return settings.start }
        let middle = (pass + fail) / 2
        return middle >= 20 ? middle.rounded() : (middle * 10).rounded() / 10
    }
}
