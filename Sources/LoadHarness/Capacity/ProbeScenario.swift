/// The scenario one capacity probe plays (design sections 15 and 20): a pure function of the
/// scenario searched and the probe the search asks for. Every load the probe plays is constant
/// over two stages: `settle` (when above zero; not judged), then the judged stage `probe`,
/// `level` times the probe's levels long.
///
/// Without populations, the scenario's one load is replaced by the search's rate, whatever
/// model it was written in (an open model in stages, the request's users at most). With
/// populations, every population plays from the probe's start (a `start_after` does not
/// apply inside a probe) over those two stages: a scaled one at its share of the search's rate
/// (`CapacityPopulations`) with the request's users, a held open one at its reference rate with
/// its own `max_virtual_users`, a held closed one with its own most users at once.
///
/// The thresholds judge the judged stage: a per-stage one names `probe` in place of any stage
/// it named, its population kept, so a held population's thresholds judge it too, and one
/// without a population judges every population's `probe` stage together
/// (`StageMerge.acrossPopulations`); the others judge the whole probe.
enum ProbeScenario {
    /// The stage a probe plays before it is judged.
    static let settleStage = "settle"
    /// The stage a probe is judged on.
    static let judgedStage = "probe"

    /// `scenario` as the probe `request` plays it; `populations` is how a scenario with
    /// `populations:` is searched (nil without them).
    static func make(_ scenario: Scenario, request: CapacitySearch.Request, settings: CapacitySettings, thresholds: [Threshold],
                     populations: CapacityPopulations?) -> Scenario {
        var probed = scenario
        let judged = settings.level * request.levels
        if let populations {
            probed.populations = scenario.populations.map { population in
                guard let member = populations.members.first(where: { $0.name == population.name }) else { return population }
                var played = population
                played.load = load(of: member, populations, request: request, settle: settings.settle, judged: judged,
                                   warmup: population.load.warmup)
                played.startAfter = .zero
                return played
            }
            if let first = probed.populations.first { (probed.load, probed.setup, probed.steps) = (first.load, first.setup, first.steps) }
        } else {
            probed.load = openLoad(rate: request.rate, users: request.users, settle: settings.settle, judged: judged)
        }
        probed.thresholds = thresholds.filter { !$0.metric.isInstructionCount }.map { threshold in
            var judgedThreshold = threshold
            if threshold.metric.isPerStage { judgedThreshold.stage = judgedStage }
            judgedThreshold.variant = nil
            return judgedThreshold
        }
        return probed
    }

    /// One population's load in a probe. A scaled population gets the request's users, not a
    /// share of them: the search grows them by Little's law on the scaled populations' totals
    /// (the rate times the mean time per iteration, weighted by rate), and each population needs
    /// its own rate times its own time per iteration, one term of that sum, never more. So each
    /// has at least the users it needs whenever the totals say they suffice, and "every user
    /// busy" in a population is still that population short of users (or waiting on the stack),
    /// as `ProbeJudgement` reads it; a share by rate would starve a population whose iterations
    /// are slower than the others'.
    static func load(of member: CapacityPopulations.Member, _ populations: CapacityPopulations, request: CapacitySearch.Request,
                     settle: Duration, judged: Duration, warmup: Int) -> LoadModel {
        guard let rate = populations.rate(of: member, at: request.rate) else {
            let users = member.virtualUsers
            return .rampingUsers(.init(startVirtualUsers: users, stages: stages(Double(users), settle: settle, judged: judged),
                                       warmup: warmup))
        }
        return openLoad(rate: rate, users: member.isScaled ? request.users : member.virtualUsers, settle: settle, judged: judged)
    }

    /// An open model at `rate` throughout, with `users` at most.
    static func openLoad(rate: Double, users: Int, settle: Duration, judged: Duration) -> LoadModel {
        .rampingArrivalRate(.init(startRate: rate, stages: stages(rate, settle: settle, judged: judged), maxVirtualUsers: users))
    }

    /// `settle` (when above zero) then the judged stage, both at `target` (users or a rate).
    static func stages(_ target: Double, settle: Duration, judged: Duration) -> [LoadStage] {
        (settle > .zero ? [LoadStage(duration: settle, target: target, name: settleStage)] : [])
            + [LoadStage(duration: judged, target: target, name: judgedStage)]
    }
}
