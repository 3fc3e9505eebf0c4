import Histogram

/// A step's latencies, for a percentile a threshold names that the summary does not carry.
protocol StepMetricsLike: Sendable {
    func percentileMicroseconds(_ percentile: Double) -> Double
}

extension StepMetrics: StepMetricsLike {}
extension StageResult.Step: StepMetricsLike {}

/// All of a stage's steps' latencies merged.
private struct MergedLatencies: StepMetricsLike {
    let histogram: Histogram<UInt64>

    func percentileMicroseconds(_ percentile: Double) -> Double {
        histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1_000
    }
}

extension MetricTable {
    /// A stage's rows of `summary.csv` (`p99(open_feed){stage:hold}`, `dropped_iterations{stage:hold}`)
    /// and its steps' latencies by name ("" for all steps merged).
    static func stageEntries(_ stage: StageResult, variant: String, extra: [Threshold.Metric])
        -> ([Entry], [String: StepMetricsLike]) {
        let suffix = "{stage:\(stage.name)}"
        let seconds = max(stage.end - stage.start, 1e-9)
        func entry(_ name: String, _ value: Double, _ unit: String) -> Entry {
            Entry(variant: variant, metric: name + suffix, value: value, unit: unit)
        }
        var entries: [Entry] = []
        var latencies: [String: StepMetricsLike] = [:]
        var merged = StepMetrics.histogram()
        var (count, errors, allocations) = (0, 0, 0.0)
        for step in stage.steps {
            let name = "(\(step.step))"
            entries += [
                entry("p50" + name, step.p50Microseconds, "us"), entry("p90" + name, step.p90Microseconds, "us"),
                entry("p99" + name, step.p99Microseconds, "us"), entry("p999" + name, step.percentileMicroseconds(99.9), "us"),
            ] + extra.compactMap { metric in metric.percentile.map { entry(metric.name + name, step.percentileMicroseconds($0), "us") } } + [
                entry("max" + name, step.maxMicroseconds, "us"),
                entry("errors" + name, Double(step.errors), "count"),
                entry("error_rate" + name, step.count == 0 ? 0 : Double(step.errors) / Double(step.count), "fraction"),
                entry("ops_per_s" + name, Double(step.count) / seconds, "1/s"),
                entry("allocs_per_op" + name, step.allocationsPerOperation, "count"),
                entry(DatabaseMetric.statements.rawValue + name, step.statementsPerOperation, "count"),
            ]
            latencies[step.step] = step
            merged.add(step.histogram)
            count += step.count
            errors += step.errors
            allocations += step.allocationsPerOperation * Double(step.count)
        }
        let all = MergedLatencies(histogram: merged)
        latencies[""] = all
        entries += [
            entry("p50", all.percentileMicroseconds(50), "us"), entry("p99", all.percentileMicroseconds(99), "us"),
            entry("errors", Double(errors), "count"), entry("error_rate", count == 0 ? 0 : Double(errors) / Double(count), "fraction"),
            entry("ops_per_s", Double(count) / seconds, "1/s"),
            entry("dropped_iterations", Double(stage.load.dropped), "count"),
        ]
        if let p50 = stage.load.lagP50, let p99 = stage.load.lagP99 {
            entries += [entry("schedule_lag_p50", p50, "us"), entry("schedule_lag_p99", p99, "us")]
        }
        return (entries, latencies)
    }
}
