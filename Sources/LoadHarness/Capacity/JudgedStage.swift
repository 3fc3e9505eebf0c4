/// What a probe's judgement reads of its judged stage (design sections 15 and 20). Without
/// populations it is the stage `probe`. With populations each population played a `probe`
/// stage of its own over the same span: the schedule's figures (target and achieved rates,
/// drops, lag, busy users) are the scaled populations' added, for they are what the search's
/// rate asked for and what its users are reckoned from by Little's law; the steps are every
/// population's (by their run names, `readers.open_feed`), and the cores are the one process's,
/// every population's steps' CPU time counted as the stack's work (a held population's steps
/// load the stack as a scaled one's do).
enum JudgedStage {
    /// The judged stage of a probe whose variant played `stages`; nil when it has none (a
    /// probe interrupted before its judged stage).
    static func of(_ stages: [StageResult], populations: CapacityPopulations?) -> StageResult? {
        let judged = stages.filter { $0.name == ProbeScenario.judgedStage }
        guard let populations else { return judged.first }
        let scaledNames = Set(populations.members.filter(\.isScaled).map(\.name))
        let scaled = judged.filter { scaledNames.contains($0.population) }
        guard let first = scaled.first else { return nil }
        var stage = StageResult(name: first.name, start: first.start, end: scaled.map(\.end).max() ?? first.end,
                                target: scaled.reduce(0) { $0 + $1.target }, unit: first.unit, load: StageMerge.load(scaled.map(\.load)),
                                steps: judged.flatMap(\.steps))
        stage.usage = StageMerge.usageOfOneProcess(judged.compactMap(\.usage))
        return stage
    }

    /// Each population's load in the judged stage (none without populations): the rate it was
    /// to start at `request`, what it started and dropped, the users it could use.
    static func populations(_ stages: [StageResult], _ populations: CapacityPopulations?,
                            request: CapacitySearch.Request) -> [CapacityProbe.PopulationLoad] {
        guard let populations else { return [] }
        return populations.members.map { member in
            let stage = stages.first { $0.name == ProbeScenario.judgedStage && $0.population == member.name }
            return CapacityProbe.PopulationLoad(name: member.name, isScaled: member.isScaled,
                                            targetRate: populations.rate(of: member, at: request.rate),
                                            achievedRate: stage?.load.achievedRate ?? 0, dropped: stage?.load.dropped ?? 0,
                                            users: member.isScaled ? request.users : member.virtualUsers)
        }
    }
}
