import Histogram

/// Every metric a threshold can name, per variant and per step (or over all steps), in the
/// metrics' base units: microseconds, bytes, fractions, counts. Latency percentiles other
/// than the reported ones (`p95`) are read from the histograms when a threshold asks.
public struct MetricTable: Sendable {
    /// One row of `summary.csv`.
    public struct Entry: Sendable, Hashable {
        public let variant: String
        /// `p99(open_profile)`, or `leaked_objects` for variant-wide metrics.
        public let metric: String
        public let value: Double
        public let unit: String
    }

    public let entries: [Entry]
    private let lookup: [String: Double]
    /// Each variant's steps (by name) and all its steps merged (""), for any percentile.
    private let latencies: [String: [String: StepMetrics]]
    /// The same per stage, by "variant|population|stage" (population "" without populations).
    private let stageLatencies: [String: [String: StepMetricsLike]]

    init(scenario: Scenario, results: [VariantResult]) {
        var entries: [Entry] = []
        var latencies: [String: [String: StepMetrics]] = [:]
        // Percentiles a threshold names beyond the reported ones go into the summary too.
        let reported = Set(Threshold.Metric.allCases)
        let extraPercentiles = scenario.thresholds.map(\.metric)
            .filter { $0.percentile != nil && !reported.contains($0) }
            .reduce(into: [Threshold.Metric]()) { if !$0.contains($1) { $0.append($1) } }
        let (virtualUsers, warmup) = (scenario.playedPopulations.reduce(0) { $0 + $1.load.virtualUsers }, scenario.load.warmup)
        let namedStages = Set(scenario.thresholds.compactMap(\.stage))
        let stagesOfNoPopulation = Set(scenario.thresholds.filter { $0.population == nil }.compactMap(\.stage))
        var stageLatencies: [String: [String: StepMetricsLike]] = [:]
        for result in results {
            let seconds = max(Double(result.elapsedNanoseconds) / 1e9, 1e-9)
            let (stepEntries, stepLatencies) = Self.stepsEntries(result, seconds: seconds, extra: extraPercentiles)
            entries += stepEntries
            latencies[result.variant, default: [:]].merge(stepLatencies) { first, _ in first }
            entries += Self.variantEntries(result)
            // Per stage, when the load has several or a threshold names one.
            let stagesOf = Dictionary(grouping: result.stages, by: \.population).mapValues(\.count)
            for stage in result.stages where (stagesOf[stage.population] ?? 0) > 1 || namedStages.contains(stage.name) {
                let (stageEntries, stageSteps) = Self.stageEntries(stage, variant: result.variant, extra: extraPercentiles)
                entries += stageEntries
                stageLatencies["\(result.variant)|\(stage.population)|\(stage.name)"] = stageSteps
            }
            for stage in Self.stagesAcrossPopulations(result, named: stagesOfNoPopulation) {
                let (stageEntries, stageSteps) = Self.stageEntries(stage, variant: result.variant, extra: extraPercentiles)
                entries += stageEntries
                stageLatencies["\(result.variant)||\(stage.name)"] = stageSteps
            }
            entries += Self.loadAndRetentionEntries(result, virtualUsers: virtualUsers, warmup: warmup)
        }
        self.entries = entries
        self.latencies = latencies
        self.stageLatencies = stageLatencies
        lookup = Dictionary(entries.map { ("\($0.variant)|\($0.metric)", $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A variant's rows per step, then all its steps', then per population; and the latencies
    /// they rest on, by step (all steps: "").
    private static func stepsEntries(_ result: VariantResult, seconds: Double,
                                     extra extraPercentiles: [Threshold.Metric]) -> ([Entry], [String: StepMetrics]) {
        var entries: [Entry] = []
        var latencies: [String: StepMetrics] = [:]
        var all = StepMetrics(step: "")
        for step in result.steps {
            entries += Self.stepEntries(step, variant: result.variant, seconds: seconds, step: step.step, extra: extraPercentiles)
            // What this step allocated and did not free; the variant-wide figure (below) is their sum.
            // The loader accepts `retained_bytes(STEP)`, so it must be measured per step too.
            if !result.isRebuilt {
                entries.append(Entry(variant: result.variant, metric: MetricKey(Threshold.Metric.retainedBytes.name, runStep: step.step).description,
                                     value: Double(step.netBytes), unit: "B"))
            }
            entries += result.statements[step.step]?.summaryEntries(variant: result.variant, step: step.step) ?? []
            all.merge(step)
            latencies[step.step] = step
        }
        latencies[""] = all
        entries += Self.stepEntries(all, variant: result.variant, seconds: seconds, step: nil, extra: extraPercentiles)
        if !result.populations.isEmpty {
            let (populationEntries, populationLatencies) = Self.populationEntries(result, seconds: seconds, extra: extraPercentiles)
            entries += populationEntries
            latencies.merge(populationLatencies) { first, _ in first }
        }
        return (entries, latencies)
    }

    /// A variant's whole figures: its SQLite work, leaks, retained and peak memory, iterations
    /// and the schedule's lag.
    private static func variantEntries(_ result: VariantResult) -> [Entry] {
        var entries: [Entry] = []
        if !result.statements.isEmpty {
            let every = result.statements.values.reduce(into: StepStatements()) { $0.merge($1) }
            entries += every.summaryEntries(variant: result.variant, step: nil)
        }
        if result.leaksChecked {
            entries += [
                Entry(variant: result.variant, metric: "leaked_objects", value: Double(result.leakedObjects), unit: "count"),
                Entry(variant: result.variant, metric: "leaked_bytes", value: Double(result.leakedBytes), unit: "B"),
            ]
        }
        if !result.isRebuilt {
            entries.append(Entry(variant: result.variant, metric: "retained_bytes", value: Double(result.retainedBytes), unit: "B"))
        }
        entries += [
            Entry(variant: result.variant, metric: "rss_peak_bytes", value: Double(result.peakResidentBytes), unit: "B"),
        ]
        if let heap = result.peakHeapBytes {
            entries.append(Entry(variant: result.variant, metric: Threshold.Metric.heapPeakBytes.name, value: Double(heap), unit: "B"))
        }
        entries += [
            Entry(variant: result.variant, metric: "iterations", value: Double(result.iterations), unit: "count"),
            Entry(variant: result.variant, metric: "dropped_iterations", value: Double(result.droppedIterations), unit: "count"),
        ]
        if let lag = result.scheduleLag, let p50 = lag.microseconds(atPercentile: 50), let p99 = lag.microseconds(atPercentile: 99) {
            entries += [Entry(variant: result.variant, metric: "schedule_lag_p50", value: p50, unit: "us"),
                        Entry(variant: result.variant, metric: "schedule_lag_p99", value: p99, unit: "us")]
        }
        return entries
    }

    /// How the variant was loaded (the scenario's `virtualUsers` and `warmup` unless the
    /// result says), and the fit of its retained memory per close.
    private static func loadAndRetentionEntries(_ result: VariantResult, virtualUsers: Int, warmup: Int) -> [Entry] {
        var entries = [
            // How the run was loaded: `roost compare` gates on means only with one user and a warm-up.
            Entry(variant: result.variant, metric: "virtual_users", value: Double(result.virtualUsers ?? virtualUsers), unit: "count"),
            Entry(variant: result.variant, metric: "warmup_iterations", value: Double(result.warmupIterations ?? warmup),
                  unit: "count"),
        ]
        if let fit = result.retentionFit {
            entries += [
                Entry(variant: result.variant, metric: "retained_per_close", value: fit.bytesPerClose, unit: "B"),
                Entry(variant: result.variant, metric: "retained_growth", value: Double(fit.growthBytes), unit: "B"),
                Entry(variant: result.variant, metric: "retained_fit_r2", value: fit.rSquared, unit: "fraction"),
            ]
        }
        return entries
    }

    /// A step's rows (`stepName` as the run names it, `readers.open_feed`), or all steps' (nil)
    /// of the variant or of `population`.
    static func stepEntries(_ step: StepMetrics, variant: String, seconds: Double, step stepName: String?,
                            population: String? = nil, extra: [Threshold.Metric]) -> [Entry] {
        func entry(_ name: String, _ value: Double, _ unit: String) -> Entry {
            Entry(variant: variant, metric: MetricKey(name, runStep: stepName, population: population).description, value: value, unit: unit)
        }
        return [
            entry("p50", step.percentileMicroseconds(50), "us"), entry("p90", step.percentileMicroseconds(90), "us"),
            entry("p99", step.percentileMicroseconds(99), "us"), entry("p999", step.percentileMicroseconds(99.9), "us"),
        ] + extra.compactMap { metric in metric.percentile.map { entry(metric.name, step.percentileMicroseconds($0), "us") } } + [
            entry("max", step.maxMicroseconds, "us"), entry("mean", step.meanMicroseconds, "us"),
            entry("errors", Double(step.errorCount), "count"),
            entry("error_rate", step.count == 0 ? 0 : Double(step.errorCount) / Double(step.count), "fraction"),
            entry("ops_per_s", Double(step.count) / seconds, "1/s"),
            entry("allocs_per_op", step.allocationsPerOperation, "count"),
            entry("bytes_per_op", step.bytesPerOperation, "B"),
            entry("allocs_p50", step.allocationsMedian, "count"),
            entry("bytes_p50", step.bytesMedian, "B"),
        ] + [
            step.cpu.medianMicroseconds.map { entry(Threshold.Metric.cpuMedian.name, $0, "us") },
            step.cpu.medianWaitShare.map { entry(Threshold.Metric.waitShare.name, $0, "fraction") },
        ].compactMap { $0 } + peakEntries(step, entry)
    }

    /// The peak rows (design 19), when the executions' peaks were measured (not in a folder of an older build).
    private static func peakEntries(_ step: StepMetrics, _ entry: (String, Double, String) -> Entry) -> [Entry] {
        guard let median = step.peakBytesMedian, let highest = step.peakBytesMax,
              let temporary = step.temporaryAllocationsMedian else { return [] }
        return [entry(Threshold.Metric.peakBytesMedian.name, median, "B"), entry(Threshold.Metric.peakBytesMax.name, Double(highest), "B"),
                entry(Threshold.Metric.temporaryAllocsMedian.name, temporary, "count")]
    }

    /// A metric's value for a variant (in a stage of its load, given one); nil when it was not
    /// measured (no such step ran, or the leaks of a killed variant).
    /// (`step` is the step's own name, `population` the population that played it: nil for all of them.)
    public func value(_ metric: Threshold.Metric, step: String?, variant: String, stage: String? = nil,
                      population: String? = nil) -> Double? {
        if let value = lookup["\(variant)|\(MetricKey(metric.name, step: step, stage: stage, population: population))"] { return value }
        guard let percentile = metric.percentile else { return nil }
        let runStep = step.map { PopulationStepName.qualified($0, population: population) }
        if let stage {
            return stageLatencies["\(variant)|\(population ?? "")|\(stage)"]?[runStep ?? ""]?.latencyMicroseconds(atPercentile: percentile)
        }
        let key = runStep ?? population.map { PopulationStepName.prefix(of: $0) } ?? ""
        guard let steps = latencies[variant], let measured = steps[key] else { return nil }
        return measured.percentileMicroseconds(percentile)
    }

    /// Each threshold against each variant it names.
    func evaluate(_ thresholds: [Threshold]) -> [ThresholdVerdict] {
        let variants = entries.reduce(into: [String]()) { if !$0.contains($1.variant) { $0.append($1.variant) } }
        return thresholds.flatMap { threshold in
            variants.filter { threshold.variant == nil || threshold.variant == $0 }.map { variant in
                let observed = value(threshold.metric, step: threshold.step, variant: variant, stage: threshold.stage,
                                     population: threshold.population)
                return ThresholdVerdict(threshold: threshold, variant: variant, observed: observed,
                                        passed: observed.map { threshold.comparison.holds($0, threshold.value) } ?? false)
            }
        }
    }
}
