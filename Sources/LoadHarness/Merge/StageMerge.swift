import Histogram

/// The load of one variant split over shards, added up (design sections 15 and 17): per
/// second and per stage, active users, target and achieved rates and drops are sums (each
/// shard played its own users and its own iterations of one schedule); the schedule's lag,
/// per second and per stage, is the highest of the shards' (an upper bound of the merged
/// percentile: if no shard has more than 1% of its iterations above x, neither has the whole;
/// the variant-wide lag is exact, from the shards' lag histograms added). A stage's step
/// figures: counts and errors added, allocations and statements per operation weighted by
/// count, the maximum exact, and p50/p90/p99 the highest of the shards' (an upper bound, exact
/// when one shard played the stage) unless every shard kept the stage's histogram (in
/// process), then added exactly.
enum StageMerge {
    /// One second's or one stage's load of several shards as one.
    static func load(_ parts: [SecondLoad]) -> SecondLoad {
        let targets = parts.compactMap(\.targetRate)
        return SecondLoad(virtualUsers: parts.reduce(0) { $0 + $1.virtualUsers }, targetRate: targets.isEmpty ? nil : targets.reduce(0, +),
                          achievedRate: parts.reduce(0) { $0 + $1.achievedRate }, dropped: parts.reduce(0) { $0 + $1.dropped },
                          lagP50: parts.compactMap(\.lagP50).max(), lagP99: parts.compactMap(\.lagP99).max())
    }

    /// Each shard's stages (the same stages, by population and name, in the plan's order) as one.
    static func merge(_ shards: [[StageResult]]) -> [StageResult] {
        guard let first = shards.first(where: { !$0.isEmpty }) else { return [] }
        return first.map { stage in
            let parts = shards.compactMap { $0.first { $0.name == stage.name && $0.population == stage.population } }
            var order: [String] = []
            var steps: [String: [StageResult.Step]] = [:]
            for step in parts.flatMap(\.steps) {
                if steps[step.step] == nil { order.append(step.step) }
                steps[step.step, default: []].append(step)
            }
            var merged = StageResult(name: stage.name, start: stage.start, end: parts.map(\.end).max() ?? stage.end,
                                     target: parts.reduce(0) { $0 + $1.target }, unit: stage.unit, load: load(parts.map(\.load)),
                                     steps: order.map { mergeStep(steps[$0]!) })
            merged.usage = usage(parts.compactMap(\.usage))
            merged.population = stage.population
            return merged
        }
    }

    /// The shards' cores as one fleet: their CPU times and cores added over the longest span
    /// (each shard's stack has a writer of its own: the fleet has no one writer's share).
    static func usage(_ parts: [CoreUsage]) -> CoreUsage? {
        guard let wall = parts.map(\.wallNanoseconds).max() else { return nil }
        // Each shard's CPU time scaled to the longest span, so the shares weigh each shard's cores alike.
        func scaled(_ part: CoreUsage, _ value: UInt64) -> UInt64 {
            part.wallNanoseconds == 0 ? 0 : UInt64((Double(value) * Double(wall) / Double(part.wallNanoseconds)).rounded())
        }
        // Each shard's threads wait for its own cores: the waits add up as the cores do.
        let runQueue = parts.contains { $0.runQueueNanoseconds == nil } ? nil
            : parts.reduce(UInt64(0)) { $0 + scaled($1, $1.runQueueNanoseconds ?? 0) }
        return CoreUsage(wallNanoseconds: wall, processNanoseconds: parts.reduce(0) { $0 + scaled($1, $1.processNanoseconds) },
                         stepNanoseconds: parts.reduce(0) { $0 + scaled($1, $1.stepNanoseconds) },
                         startWaitNanoseconds: parts.reduce(0) { $0 + scaled($1, $1.startWaitNanoseconds) }, cores: parts.reduce(0) { $0 + $1.cores },
                         runQueueNanoseconds: runQueue)
    }

    /// One step's figures in a stage over shards (or over the populations that play it); the
    /// latencies from the steps' actual starts added too when every part kept them.
    static func mergeStep(_ parts: [StageResult.Step], named name: String? = nil) -> StageResult.Step {
        let count = parts.reduce(0) { $0 + $1.count }
        func weighted(_ value: (StageResult.Step) -> Double) -> Double {
            count == 0 ? 0 : parts.reduce(0) { $0 + value($1) * Double($1.count) } / Double(count)
        }
        let played = parts.filter { $0.count > 0 }
        func highest(_ value: (StageResult.Step) -> Double) -> Double { played.map(value).max() ?? 0 }
        var histogram: Histogram<UInt64>?
        if parts.allSatisfy({ $0.histogram != nil }) {
            histogram = parts.dropFirst().reduce(into: parts[0].histogram!) { $0.add($1.histogram!) }
        }
        var uncorrected: Histogram<UInt64>?
        if parts.allSatisfy({ $0.uncorrected != nil }) {
            uncorrected = parts.dropFirst().reduce(into: parts[0].uncorrected!) { $0.add($1.uncorrected!) }
        }
        let exact = { (percentile: Double) -> Double? in
            histogram.map { Statistics.percentileMicroseconds(of: $0, percentile) ?? 0 }
        }
        return StageResult.Step(
            step: name ?? parts[0].step, count: count, errors: parts.reduce(0) { $0 + $1.errors },
            p50: exact(50) ?? highest(\.p50Microseconds), p90: exact(90) ?? highest(\.p90Microseconds),
            p99: exact(99) ?? highest(\.p99Microseconds), max: highest(\.maxMicroseconds),
            allocationsPerOperation: weighted(\.allocationsPerOperation), statementsPerOperation: weighted(\.statementsPerOperation),
            histogram: histogram, uncorrected: uncorrected, cpuMedianMicroseconds: weightedMedian(parts, \.cpuMedianMicroseconds),
            waitShare: weightedMedian(parts, \.waitShare))
    }

    /// A median the shards each measured, as one: the one shard's when one played the step, else
    /// the shards' medians weighted by their counts (the executions themselves are not kept).
    private static func weightedMedian(_ parts: [StageResult.Step], _ value: (StageResult.Step) -> Double?) -> Double? {
        let measured = parts.filter { $0.count > 0 }.compactMap { part in value(part).map { (part.count, $0) } }
        let count = measured.reduce(0) { $0 + $1.0 }
        guard count > 0 else { return nil }
        return measured.reduce(0) { $0 + $1.1 * Double($1.0) } / Double(count)
    }
}
