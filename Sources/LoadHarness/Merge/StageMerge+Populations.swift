extension StageMerge {
    /// The stage of one name in every population of one run, as one (design section 20): what a
    /// threshold that names a stage and no population judges in a capacity probe, where every
    /// population plays the stages `settle` and `probe`. Its steps are merged by their own names
    /// over the populations that play them (readers' and writers' `open_feed` together), as a
    /// step's whole-run figures are; its loads are added (`load(_:)`: the lag is the highest
    /// population's); its cores are the one process's (`usageOfOneProcess(_:)`). Its population
    /// is "" (none). Nil without stages.
    static func acrossPopulations(_ stages: [StageResult]) -> StageResult? {
        guard let first = stages.first else { return nil }
        var order: [String] = []
        var steps: [String: [StageResult.Step]] = [:]
        for step in stages.flatMap(\.steps) {
            let own = PopulationStepName.split(step.step).step
            if steps[own] == nil { order.append(own) }
            steps[own, default: []].append(step)
        }
        let alike = stages.filter { $0.unit == first.unit }
        var merged = StageResult(name: first.name, start: stages.map(\.start).min() ?? first.start, end: stages.map(\.end).max() ?? first.end,
                                 target: alike.reduce(0) { $0 + $1.target }, unit: first.unit, load: load(stages.map(\.load)),
                                 steps: order.map { mergeStep(steps[$0] ?? [], named: $0) })
        merged.usage = usageOfOneProcess(stages.compactMap(\.usage))
        return merged
    }

    /// The cores of one process over one span, as each population's stage measured them: the
    /// process's CPU time, its stack's writer's busy time and its threads' waits for a core are
    /// the same readings in every part (the longest span's kept), the steps' CPU time and the
    /// users' waits for intended starts are each population's own, added.
    static func usageOfOneProcess(_ parts: [CoreUsage]) -> CoreUsage? {
        guard let widest = parts.max(by: { $0.wallNanoseconds < $1.wallNanoseconds }) else { return nil }
        return CoreUsage(wallNanoseconds: widest.wallNanoseconds, processNanoseconds: widest.processNanoseconds,
                         stepNanoseconds: parts.reduce(0) { $0 &+ $1.stepNanoseconds },
                         startWaitNanoseconds: parts.reduce(0) { $0 &+ $1.startWaitNanoseconds }, cores: widest.cores,
                         writerNanoseconds: widest.writerNanoseconds, runQueueNanoseconds: widest.runQueueNanoseconds)
    }
}
