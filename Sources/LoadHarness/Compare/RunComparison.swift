import Foundation

/// `roost compare`: two run folders' `summary.csv` matched by scenario, variant and metric
/// (`p99(open_profile)`), each change judged against its metric's tolerance.
public struct RunComparison: Sendable {
    /// One metric in both runs (or missing from one).
    public struct Change: Sendable, Hashable {
        public let scenario: String
        public let variant: String
        /// As in summary.csv: `p99(open_profile)` or `leaked_objects`.
        public let metric: String
        public let baseline: Double?
        public let current: Double?
        /// current / baseline - 1, when both exist and the baseline is not 0.
        public let relativeChange: Double?
        public let verdict: Verdict
    }

    public enum Verdict: String, Sendable, Hashable {
        case regression, improvement, unchanged, missing, new
        /// A latency percentile from too few samples to judge (see `minimumSamplesBeyond`).
        case tooFewSamples
        /// A mean of allocations or bytes per operation of a run with several virtual users
        /// or no warm-up: first-use work moves it from run to run, so only its median is gated.
        case meanNotGated
        /// A latency of a run played under callgrind (`roost run --instructions`): never judged.
        case measuredUnderCallgrind
        /// An instruction count the current run did not take (run without `--instructions`).
        case notCounted
        /// VM steps of runs that linked different SQLite versions (other bytecode): shown, not judged.
        case otherSQLite
        /// An instruction count that moved beyond its tolerance only in the Swift runtime's
        /// metadata-cache lookups, whose cost follows the binary's layout (`RuntimeLookups`): shown, not judged.
        case runtimeLookups
    }

    /// A percentile is judged only when at least this many samples lie beyond it in both
    /// runs (p50 needs 10 samples, p90 50, p99 500; mean and max are not judged by default): a p99 of
    /// ten samples is their maximum, and it doubles from run to run on a shared machine.
    public static let minimumSamplesBeyond = 5.0

    public internal(set) var changes: [Change]
    /// The current run's leaked types with their cycles (from its leaks.csv).
    public let currentLeaks: [Leak]
    /// Per step whose allocations or bytes per operation got worse or better, the
    /// allocation sites that moved most, when both runs carry profiles (`allocations.csv`).
    public var siteChanges: [StepSiteChanges] = []

    /// Per step whose peak (`peak_bytes_p50`, `peak_bytes_max`) got worse or better, the sites
    /// whose bytes at the peak of the step's median execution moved most, the direction of the
    /// peak's change first (RunComparison+PeakSites.swift).
    public var peakSiteChanges: [StepSiteChanges] = []
    /// Steps whose peak changed but whose sites at the peak cannot be named, and why.
    public var peakSiteNotes: [String] = []

    /// How many sites `siteChanges` keeps per step.
    public static let siteChangesShown = 5
    /// Per step whose instructions per execution got worse or better, the functions that moved
    /// most, when both runs carry `instructions.csv`.
    public var functionChanges: [FunctionChanges] = []
    /// The runtime's metadata-cache lookups of each instruction metric judged without them that
    /// is worse, that only they moved, or that is better with them moving too (`RuntimeLookups`).
    public var runtimeLookups: [RuntimeLookups] = []
    /// Per step whose database metrics got worse or better, the statements behind it, when
    /// both runs carry `queries.csv` (RunComparison+Statements.swift).
    public var statementChanges: [StepStatementChanges] = []
    /// The SQLite versions of the baseline and the current run, when both recorded one.
    public var sqliteVersions: (baseline: String, current: String)? = nil

    /// Objects of one type left alive in the current run, and why.
    public struct Leak: Sendable, Hashable {
        public let scenario: String, variant: String, type: String
        public let created: Int, leaked: Int
        /// The retain cycle's path, or why none is shown.
        public let cycle: String
    }

    /// Regressions: worse beyond tolerance, or a measured metric missing from the current run.
    public var regressions: [Change] { changes.filter { $0.verdict == .regression || $0.verdict == .missing } }
    public var improvements: [Change] { changes.filter { $0.verdict == .improvement } }

    /// Reads `summary.csv` (and `steps.csv`, `leaks.csv` when there) of both folders and compares them.
    public static func compare(baseline: String, current: String, tolerances: Tolerances = Tolerances()) throws -> RunComparison {
        let oldRun = try ComparedRun.read(baseline), newRun = try ComparedRun.read(current)
        let old = oldRun.summary, new = newRun.summary
        var changes: [Change] = []
        for (key, before) in old.values.sorted(by: { $0.key < $1.key }) {
            guard let after = new.values[key] else {
                changes.append(Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: before,
                                      current: nil, relativeChange: nil, verdict: .missing))
                continue
            }
            // The fewer of the two runs' samples; nil (judge anyway) when either has no steps.csv.
            let fewest = Self.samples(for: key, in: oldRun).flatMap { old in Self.samples(for: key, in: newRun).map { min(old, $0) } }
            let meansRepeat = Self.meansRepeat(in: old, key) && Self.meansRepeat(in: new, key)
            changes.append(judge(key, before, after, tolerances, samples: fewest, meansRepeat: meansRepeat))
        }
        for key in new.keys.sorted() where old.values[key] == nil {
            changes.append(Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: nil,
                                  current: new.values[key], relativeChange: nil, verdict: .new))
        }
        let leaks = newRun.leaks.map {
            Leak(scenario: $0.scenario, variant: $0.variant, type: $0.leak.type, created: $0.leak.created, leaked: $0.leak.leaked,
                 cycle: $0.leak.cycle)
        }
        changes = InstructionComparison.adjusted(changes, baseline: oldRun, current: newRun)
        let judged = try InstructionComparison.withoutRuntimeLookups(changes, tolerances: tolerances, baseline: oldRun, current: newRun)
        changes = judged.changes
        var comparison = RunComparison(changes: changes, currentLeaks: leaks)
        comparison.runtimeLookups = judged.lookups
        comparison.functionChanges = try FunctionChanges.of(changes, baseline: oldRun, current: newRun)
        try comparison.addDatabaseWork(baseline: oldRun, current: newRun)
        let before = try AllocationSites.read(oldRun), after = try AllocationSites.read(newRun)
        if let before, let after {
            comparison.siteChanges = siteChanges(in: changes, before, after)
        }
        comparison.addPeakSites(before, after)
        return comparison
    }

    /// Metrics of a step's allocations whose change names the sites behind it.
    static let allocationMetrics: Set<String> = ["allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50"]

    /// For each step with a judged change in its allocations or bytes, the sites that moved most.
    private static func siteChanges(in changes: [Change], _ before: AllocationSites, _ after: AllocationSites) -> [StepSiteChanges] {
        let mode: String? = switch (before.mode, after.mode) {
        case let (old?, new?): old == new ? new : "\(old) -> \(new)"
        default: nil
        }
        var steps = Set<AllocationSites.StepKey>()
        for change in changes where change.verdict == .regression || change.verdict == .improvement {
            guard let key = MetricKey(parsing: change.metric), let step = key.runStep, allocationMetrics.contains(key.name) else { continue }
            steps.insert(AllocationSites.StepKey(scenario: change.scenario, variant: change.variant, step: step))
        }
        return steps.sorted().compactMap { key in
            guard let old = before.steps[key], let new = after.steps[key] else { return nil }
            let ranked = StepSiteChanges.ranked(old, new)
            guard !ranked.isEmpty else { return nil }
            return StepSiteChanges(scenario: key.scenario, variant: key.variant, step: key.step,
                                   sites: Array(ranked.prefix(siteChangesShown)), changedSites: ranked.count, mode: mode)
        }
    }

    /// How many executions a metric rests on: its step's count, or all steps' for a variant-wide
    /// metric; nil when the folder has no steps.csv.
    private static func samples(for key: SummaryFile.Key, in run: ComparedRun) -> Int? {
        guard !run.stepCounts.isEmpty else { return nil }
        let metric = key.metricKey
        return run.count(scenario: key.scenario, variant: key.variant, step: metric.step, population: metric.population) ?? 0
    }

    /// The fraction of samples that lie beyond a latency metric (nil: not a percentile). The
    /// mean and the max move with a single outlier whatever the count: judged only when asked.
    private static func tail(of metric: String) -> Double? {
        if metric == "mean" || metric == "max" { return 0 }
        return Threshold.Metric(name: metric)?.percentile.map { 1 - $0 / 100 }
    }

    /// Whether the means of allocations and bytes per operation repeat from run to run in
    /// this variant of this run: with one virtual user and a warm-up. Unknown (a summary
    /// older than the `virtual_users` rows) counts as yes, as it was judged then.
    private static func meansRepeat(in summary: SummaryFile, _ key: SummaryFile.Key) -> Bool {
        let users = summary.values[SummaryFile.Key(scenario: key.scenario, variant: key.variant, metric: "virtual_users")]
        let warmup = summary.values[SummaryFile.Key(scenario: key.scenario, variant: key.variant, metric: "warmup_iterations")]
        guard let users, let warmup else { return true }
        return users == 1 && warmup >= 1
    }

    /// Metrics whose mean (or highest value) moves with first-use work when several users share a run.
    static let meanAllocationMetrics: Set<String> = Set(["allocs_per_op", "bytes_per_op", "peak_bytes_max"])
        .union(DatabaseMetric.meanNames)

    static func judge(_ key: SummaryFile.Key, _ before: Double, _ after: Double, _ tolerances: Tolerances,
                              samples: Int?, meansRepeat: Bool) -> Change {
        let relative: Double? = before == 0 ? (after == 0 ? 0 : nil) : after / before - 1
        let base = key.metricKey.name
        var verdict = Verdict.unchanged
        if let rule = tolerances.rule(for: base) {
            // (A hair of slack: 1 - 99.9/100 is not 0.001 in floating point.)
            if !rule.isExplicit, let samples, let tail = tail(of: base), Double(samples) * tail < minimumSamplesBeyond - 1e-6 {
                verdict = .tooFewSamples
            } else if !rule.isExplicit, !meansRepeat, meanAllocationMetrics.contains(base) {
                verdict = .meanNotGated
            } else if before != after {
                // Positive `worse` means the metric moved the bad way.
                let worse = rule.higherIsWorse ? after - before : before - after
                let allowed = max(abs(before) * rule.tolerance, rule.minimumChange)
                if worse > allowed + 1e-9 { verdict = .regression } else if worse < -(allowed + 1e-9) { verdict = .improvement }
            }
        }
        return Change(scenario: key.scenario, variant: key.variant, metric: key.metric, baseline: before, current: after,
                      relativeChange: relative, verdict: verdict)
    }
}
