import Histogram

/// A step's latencies, for a percentile a threshold names that the summary does not carry.
protocol StepMetricsLike: Sendable {
    /// A percentile in microseconds; nil when not kept.
    func latencyMicroseconds(atPercentile percentile: Double) -> Double?
}

extension StepMetrics: StepMetricsLike {
    func latencyMicroseconds(atPercentile percentile: Double) -> Double? { percentileMicroseconds(percentile) }
}

extension StageResult.Step: StepMetricsLike {
    func latencyMicroseconds(atPercentile percentile: Double) -> Double? { percentileMicroseconds(percentile) }
}

/// All of a stage's steps' latencies merged.
private struct MergedLatencies: StepMetricsLike {
    let histogram: Histogram<UInt64>

    func latencyMicroseconds(atPercentile percentile: Double) -> Double? {
        Statistics.percentileMicroseconds(of: histogram, percentile) ?? 0
    }
}

extension MetricTable {
    /// A stage's rows of `summary.csv` (`p99(open_feed){stage:hold}`, `dropped_iterations{stage:hold}`)
    /// and its steps' latencies by name ("" for all steps merged).
    static func stageEntries(_ stage: StageResult, variant: String, extra: [Threshold.Metric])
        -> ([Entry], [String: StepMetricsLike]) {
        let seconds = max(stage.end - stage.start, 1e-9)
        func entry(_ name: String, of step: String? = nil, _ value: Double, _ unit: String) -> Entry {
            Entry(variant: variant, metric: MetricKey(name, runStep: step, stage: stage.name, population: stage.population).description,
                  value: value, unit: unit)
        }
        var entries: [Entry] = []
        var latencies: [String: StepMetricsLike] = [:]
        // All steps' latencies together, when every step kept its histogram (not in a stage read back).
        var merged: Histogram<UInt64>? = StepMetrics.histogram()
        var (count, errors, allocations) = (0, 0, 0.0)
        for step in stage.steps {
            let name = step.step
            entries += [
                entry("p50", of: name, step.p50Microseconds, "us"), entry("p90", of: name, step.p90Microseconds, "us"),
                entry("p99", of: name, step.p99Microseconds, "us"),
            ] + ([("p999", 99.9)] + extra.compactMap { metric in metric.percentile.map { (metric.name, $0) } }).compactMap { metric, percentile in
                step.percentileMicroseconds(percentile).map { entry(metric, of: name, $0, "us") }
            } + [
                entry("max", of: name, step.maxMicroseconds, "us"),
                entry("errors", of: name, Double(step.errors), "count"),
                entry("error_rate", of: name, step.count == 0 ? 0 : Double(step.errors) / Double(step.count), "fraction"),
                entry("ops_per_s", of: name, Double(step.count) / seconds, "1/s"),
                entry("allocs_per_op", of: name, step.allocationsPerOperation, "count"),
                entry(DatabaseMetric.statements.rawValue, of: name, step.statementsPerOperation, "count"),
            ] + [
                step.cpuMedianMicroseconds.map { entry(Threshold.Metric.cpuMedian.name, of: name, $0, "us") },
                step.waitShare.map { entry(Threshold.Metric.waitShare.name, of: name, $0, "fraction") },
            ].compactMap { $0 }
            latencies[step.step] = step
            if let histogram = step.histogram { merged?.add(histogram) } else { merged = nil }
            count += step.count
            errors += step.errors
            allocations += step.allocationsPerOperation * Double(step.count)
        }
        if let merged {
            let all = MergedLatencies(histogram: merged)
            latencies[""] = all
            entries += [entry("p50", Statistics.percentileMicroseconds(of: merged, 50) ?? 0, "us"),
                        entry("p99", Statistics.percentileMicroseconds(of: merged, 99) ?? 0, "us")]
        }
        entries += [
            entry("errors", Double(errors), "count"), entry("error_rate", count == 0 ? 0 : Double(errors) / Double(count), "fraction"),
            entry("ops_per_s", Double(count) / seconds, "1/s"),
            entry("dropped_iterations", Double(stage.load.dropped), "count"),
        ]
        if let p50 = stage.load.lagP50, let p99 = stage.load.lagP99 {
            entries += [entry("schedule_lag_p50", p50, "us"), entry("schedule_lag_p99", p99, "us")]
        }
        return (entries, latencies)
    }

    /// With populations, each stage a threshold names without a population (`errors{stage:probe}`),
    /// over every population whose load has a stage of that name (`StageMerge.acrossPopulations`):
    /// the stages `settle` and `probe` every population of a capacity probe plays. The scenario
    /// reader refuses such a threshold in a run of its own (a stage belongs to one population's
    /// load), so a run's summary has none of these rows.
    static func stagesAcrossPopulations(_ result: VariantResult, named names: Set<String>) -> [StageResult] {
        guard !result.populations.isEmpty else { return [] }
        let order = result.stages.map(\.name).reduce(into: [String]()) { if names.contains($1), !$0.contains($1) { $0.append($1) } }
        return order.compactMap { name in StageMerge.acrossPopulations(result.stages.filter { $0.name == name }) }
    }
}
