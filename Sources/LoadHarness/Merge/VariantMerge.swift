import Foundation
import Histogram

/// One variant whose load was split over several shards (design section 17), added up: N
/// stacks, each under its share of the load, as one. Latency histograms are added
/// (HdrHistogram addition, exact), counts and sums added, each virtual user's exact
/// per-execution tables joined (users are numbered across the whole run, so a median per user
/// and their median are the unsharded run's rule), statements, profiles and leaks summed; the
/// time series, memory and retention are lined up by wall clock: the merged second 0 is the
/// first shard's, and what the shards held at one moment is added (the fleet's memory,
/// `FleetMemory`).
enum VariantMerge {
    /// `parts` (the same variant from different shards, each with `measuredStarted`) as one.
    static func merge(_ parts: [VariantResult]) -> VariantResult {
        let origin = parts.compactMap(\.measuredStarted).min() ?? Date(timeIntervalSince1970: 0)
        /// Seconds from the merged phase's start to the part's.
        func offset(_ part: VariantResult) -> Double { part.measuredStarted.map { $0.timeIntervalSince(origin) } ?? 0 }
        let end = parts.map { offset($0) + Double($0.elapsedNanoseconds) / 1e9 }.max() ?? 0

        var steps: [String: StepMetrics] = [:], order: [String] = []
        var statements: [String: StepStatements] = [:]
        var plans: [String: String] = [:]
        for part in parts {
            for step in part.steps {
                if steps[step.step] == nil { order.append(step.step) }
                steps[step.step, default: StepMetrics(step: step.step)].merge(step)
            }
            for (name, counts) in part.statements { statements[name, default: StepStatements()].merge(counts) }
            plans.merge(part.statementPlans) { first, _ in first }
        }
        let memory = FleetMemory.memory(parts, offset: offset), retention = FleetMemory.retention(parts, offset: offset)
        var result = VariantResult(
            variant: parts[0].variant, steps: order.compactMap { steps[$0] },
            memory: memory.map(\.last), retention: retention.map(\.last),
            leaks: joinedLeaks(parts), iterations: parts.reduce(0) { $0 + $1.iterations },
            droppedIterations: parts.reduce(0) { $0 + $1.droppedIterations }, elapsedNanoseconds: UInt64((end * 1e9).rounded()),
            peakResidentBytes: parts.map(\.peakResidentBytes).max() ?? 0, wasInterrupted: parts.contains(where: \.wasInterrupted))
        result.memoryRows = memory
        result.retentionRows = retention
        result.peakHeapBytes = parts.compactMap(\.peakHeapBytes).max()
        result.isThinned = parts.contains(where: \.isThinned)
        result.fitOverAllCloses = FleetMemory.fitOverAllCloses(parts, retention: retention)
        result.statements = statements
        result.statementPlans = plans
        result.measuredStarted = parts.compactMap(\.measuredStarted).min()
        result.virtualUsers = parts.compactMap(\.virtualUsers).reduce(0, +)
        result.warmupIterations = parts.compactMap(\.warmupIterations).max()
        result.datasetSeconds = parts.compactMap(\.datasetSeconds).max()
        result.datasetSource = parts.contains { $0.datasetSource == .built } ? .built : parts.compactMap(\.datasetSource).first
        (result.timeSeries, result.secondLatencies) = alignedSeconds(parts, offset: offset)
        result.loadModel = parts[0].loadModel
        result.stages = StageMerge.merge(parts.map(\.stages))
        result.populations = PopulationResult.merge(parts.map(\.populations))
        let lags = parts.compactMap(\.scheduleLag)
        result.scheduleLag = lags.isEmpty ? nil : lags.dropFirst().reduce(into: lags[0]) { $0.merge($1) }
        result.allocationProfile = summedProfile(parts, steps: order, merged: steps)
        return result
    }

    /// The merged second a part's second falls in: the one holding its middle.
    private static func second(_ second: Int, shiftedBy offset: Double) -> Int { Int((Double(second) + 0.5 + offset).rounded(.down)) }

    /// The time series by wall-clock second: counts, errors, allocations and bytes added; the
    /// latency percentiles of each second from the parts' histograms of it added (absent
    /// when a part kept no histogram a second: its run streamed nothing).
    private static func alignedSeconds(_ parts: [VariantResult], offset: (VariantResult) -> Double)
        -> ([TimeSeriesRow], [String: [Int: Histogram<UInt64>]]) {
        struct Key: Hashable { let second: Int, step: String }
        var sums: [Key: SecondTotals] = [:]
        // Each part's load of a second (on every step's row of it: its population's), by merged
        // second and population ("" without populations).
        struct LoadKey: Hashable { let second: Int, population: String }
        var loads: [LoadKey: [Int: SecondLoad]] = [:]
        var histograms: [String: [Int: Histogram<UInt64>]] = [:]
        var everyPartHasSeconds = true
        var stepOrder: [String] = []
        for (index, part) in parts.enumerated() {
            let shift = offset(part)
            for row in part.timeSeries {
                if !stepOrder.contains(row.step) { stepOrder.append(row.step) }
                let key = Key(second: second(row.second, shiftedBy: shift), step: row.step)
                let loadKey = LoadKey(second: key.second, population: PopulationStepName.split(row.step).population)
                if let load = row.load, loads[loadKey]?[index] == nil { loads[loadKey, default: [:]][index] = load }
                sums[key, default: SecondTotals()].add(row)
            }
            for step in part.steps {
                guard let seconds = part.secondLatencies[step.step] else {
                    if step.count > 0 { everyPartHasSeconds = false }
                    continue
                }
                for (index, histogram) in seconds {
                    histograms[step.step, default: [:]][second(index, shiftedBy: shift), default: StepMetrics.histogram()].add(histogram)
                }
            }
        }
        // By second, then each step in the order the parts first showed it.
        func precedes(_ one: Key, _ other: Key) -> Bool {
            (one.second, stepOrder.firstIndex(of: one.step) ?? .max) < (other.second, stepOrder.firstIndex(of: other.step) ?? .max)
        }
        let rows = sums.keys.sorted(by: precedes)
            .map { key -> TimeSeriesRow in
                let sum = sums[key]!
                let histogram = everyPartHasSeconds ? histograms[key.step]?[key.second] : nil
                func micro(_ percentile: Double) -> Double? {
                    histogram.flatMap { Statistics.percentileMicroseconds(of: $0, percentile) }
                }
                return TimeSeriesRow(variant: parts[0].variant, second: key.second, step: key.step, count: sum.count, errors: sum.errors,
                                     p50Microseconds: micro(50), p99Microseconds: micro(99),
                                     maxMicroseconds: histogram.map { Double($0.max) / 1_000 } ?? sum.max,
                                     allocations: sum.allocations, bytes: sum.bytes,
                                     load: loads[LoadKey(second: key.second, population: PopulationStepName.split(key.step).population)]
                                        .map { StageMerge.load(Array($0.values)) })
            }
        return (rows, everyPartHasSeconds ? histograms : [:])
    }

    /// One step's figures of one merged second, the parts' rows of it added.
    private struct SecondTotals {
        var count = 0, errors = 0, allocations = 0, bytes = 0
        /// The highest of the parts' maxima (nil: no part had one).
        var max: Double?

        mutating func add(_ row: TimeSeriesRow) {
            count += row.count
            errors += row.errors
            allocations += row.allocations
            bytes += row.bytes
            max = [max, row.maxMicroseconds].compactMap { $0 }.max()
        }
    }

    /// Leaks by type: created, leaked and their bytes added; the first cycle named.
    private static func joinedLeaks(_ parts: [VariantResult]) -> [LeakRecord] {
        var order: [String] = [], leaks: [String: LeakRecord] = [:]
        for leak in parts.flatMap(\.leaks) {
            guard let old = leaks[leak.type] else {
                order.append(leak.type)
                leaks[leak.type] = leak
                continue
            }
            var joined = LeakRecord(type: leak.type, created: old.created + leak.created, leaked: old.leaked + leak.leaked,
                                    leakedBytes: old.leakedBytes + leak.leakedBytes, cycle: old.cycle.isEmpty ? leak.cycle : old.cycle)
            joined.retainedBytes = old.retainedBytes.flatMap { a in leak.retainedBytes.map { a + $0 } }
            leaks[leak.type] = joined
        }
        return order.compactMap { leaks[$0] }
    }

    /// The parts' allocation profiles added (sites and stacks), when every part has one of one mode.
    /// What was live at a step's peak is one execution's, not a total: each step's comes from
    /// the part whose median peak is nearest the merged one (`peakSource`).
    private static func summedProfile(_ parts: [VariantResult], steps: [String], merged: [String: StepMetrics])
        -> VariantAllocationProfile? {
        let profiles = parts.compactMap(\.allocationProfile)
        guard profiles.count == parts.count, let mode = profiles.first?.mode, profiles.allSatisfy({ $0.mode == mode }) else { return nil }
        struct SiteKey: Hashable { let step: String, site: String }
        // Each step's peak source, its sites and stacks looked up by key (a merge's profiles
        // hold thousands of stacks: a scan per stack would be quadratic).
        let peaks = peakSource(parts, steps: steps, merged: merged)
        var peakSites: [SiteKey: VariantAllocationProfile.Site] = [:], peakStacks: [[String]: VariantAllocationProfile.Stack] = [:]
        for (step, source) in peaks {
            for site in source.sites where site.step == step { peakSites[SiteKey(step: step, site: site.site)] = site }
            for stack in source.stacks where stack.step == step { peakStacks[[step] + stack.frames] = stack }
        }
        var sites: [SiteKey: VariantAllocationProfile.Site] = [:], stacks: [[String]: VariantAllocationProfile.Stack] = [:]
        var executions: [String: Int] = [:]
        for profile in profiles {
            // A step's executions, once per part (every site of a step has them).
            for (step, count) in Dictionary(profile.sites.map { ($0.step, $0.executions) }, uniquingKeysWith: { a, _ in a }) {
                executions[step, default: 0] += count
            }
            for site in profile.sites {
                let key = SiteKey(step: site.step, site: site.site)
                var sum = sites[key] ?? VariantAllocationProfile.Site(step: site.step, site: site.site, executions: 0, allocations: 0,
                                                                      bytes: 0, retainedAllocations: 0, retainedBytes: 0)
                sum.allocations += site.allocations
                sum.bytes += site.bytes
                sum.retainedAllocations += site.retainedAllocations
                sum.retainedBytes += site.retainedBytes
                sites[key] = sum
            }
            for stack in profile.stacks {
                let key = [stack.step] + stack.frames
                var sum = stacks[key] ?? VariantAllocationProfile.Stack(step: stack.step, frames: stack.frames, site: stack.site,
                                                                        allocations: 0, bytes: 0, retainedAllocations: 0, retainedBytes: 0)
                sum.allocations += stack.allocations
                sum.bytes += stack.bytes
                sum.retainedAllocations += stack.retainedAllocations
                sum.retainedBytes += stack.retainedBytes
                stacks[key] = sum
            }
        }
        let rank = { (step: String) in steps.firstIndex(of: step) ?? .max }
        let summedSites = sites.values.map { site -> VariantAllocationProfile.Site in
            var summed = VariantAllocationProfile.Site(step: site.step, site: site.site, executions: executions[site.step] ?? 0,
                                                       allocations: site.allocations, bytes: site.bytes,
                                                       retainedAllocations: site.retainedAllocations, retainedBytes: site.retainedBytes)
            if peaks[site.step] != nil {
                let peak = peakSites[SiteKey(step: site.step, site: site.site)]
                summed.peakAllocations = peak?.peakAllocations ?? 0
                summed.peakBytes = peak?.peakBytes ?? 0
            }
            return summed
        }.sorted { a, b in
            // The steps in run order, then the most bytes first, then by name.
            (rank(a.step), -a.bytes, a.site) < (rank(b.step), -b.bytes, b.site)
        }
        for key in stacks.keys {
            guard let step = key.first, peaks[step] != nil else { continue }
            stacks[key]?.peakAllocations = peakStacks[key]?.peakAllocations ?? 0
            stacks[key]?.peakBytes = peakStacks[key]?.peakBytes ?? 0
        }
        return VariantAllocationProfile(
            mode: mode,
            stacks: stacks.values.sorted { $0.precedes($1, rank: rank) },
            sites: summedSites, truncatedAllocations: [:], droppedAllocations: 0)
    }

    /// Per step, the profile of the part whose median execution's peak is nearest the merged
    /// median (the first such part on a tie; parts without the step or without peaks left out).
    private static func peakSource(_ parts: [VariantResult], steps: [String], merged: [String: StepMetrics])
        -> [String: VariantAllocationProfile] {
        var sources: [String: VariantAllocationProfile] = [:]
        for step in steps {
            guard let target = merged[step]?.peakBytesMedian else { continue }
            let candidates = parts.compactMap { part -> (distance: Double, profile: VariantAllocationProfile)? in
                guard let profile = part.allocationProfile, profile.hasPeaks,
                      let median = part.steps.first(where: { $0.step == step })?.peakBytesMedian else { return nil }
                return (abs(median - target), profile)
            }
            sources[step] = candidates.min { $0.distance < $1.distance }?.profile
        }
        return sources
    }
}
