extension MetricTable {
    /// A variant's rows of `summary.csv` per population (design section 20): each population's
    /// steps together (`p99{population:readers}`, `errors{population:readers}`), its
    /// iterations, drops, schedule lag and users; and each step over every population that
    /// plays it (`p99(open_feed)`). With their latencies, for percentiles the summary does not
    /// carry: a population's steps together under `readers.`, a step over populations under its name.
    static func populationEntries(_ result: VariantResult, seconds: Double, extra: [Threshold.Metric])
        -> ([Entry], [String: StepMetrics]) {
        var entries: [Entry] = []
        var latencies: [String: StepMetrics] = [:]
        let variant = result.variant
        func entry(_ name: String, _ population: String, _ value: Double, _ unit: String) -> Entry {
            Entry(variant: variant, metric: MetricKey(name, population: population).description, value: value, unit: unit)
        }
        for population in result.populations {
            let steps = result.steps.filter { PopulationStepName.split($0.step).population == population.name }
            let all = steps.reduce(into: StepMetrics(step: "")) { $0.merge($1) }
            latencies[PopulationStepName.prefix(of: population.name)] = all
            entries += stepEntries(all, variant: variant, seconds: seconds, step: nil, population: population.name, extra: extra)
            let statements = steps.compactMap { result.statements[$0.step] }
            if !statements.isEmpty {
                entries += statements.reduce(into: StepStatements()) { $0.merge($1) }
                    .summaryEntries(variant: variant, step: nil, population: population.name)
            }
            entries += [
                entry("iterations", population.name, Double(population.iterations), "count"),
                entry(Threshold.Metric.droppedIterations.name, population.name, Double(population.droppedIterations), "count"),
                entry("virtual_users", population.name, Double(population.virtualUsers), "count"),
            ]
            if let lag = population.scheduleLag, let p50 = lag.microseconds(atPercentile: 50), let p99 = lag.microseconds(atPercentile: 99) {
                entries += [entry(Threshold.Metric.scheduleLagP50.name, population.name, p50, "us"),
                            entry(Threshold.Metric.scheduleLagP99.name, population.name, p99, "us")]
            }
        }
        // Each step over the populations that play it, in the order steps first appear.
        var order: [String] = []
        var byStep: [String: StepMetrics] = [:], statements: [String: StepStatements] = [:]
        for step in result.steps {
            let own = PopulationStepName.split(step.step).step
            if byStep[own] == nil { order.append(own) }
            byStep[own, default: StepMetrics(step: own)].merge(step)
            if let counted = result.statements[step.step] { statements[own, default: StepStatements()].merge(counted) }
        }
        for step in order {
            guard let merged = byStep[step] else { continue }
            latencies[step] = merged
            entries += stepEntries(merged, variant: variant, seconds: seconds, step: step, extra: extra)
            entries += statements[step]?.summaryEntries(variant: variant, step: step) ?? []
        }
        return (entries, latencies)
    }
}
