extension StepStatements {
    /// This step's rows of `summary.csv`: each database metric's mean and median per execution.
    /// (`step` nil: the variant's rows, over every step's executions.)
    /// (`step` is the run's name of it, `readers.open_feed`; `population`: a population's rows
    /// over its steps' executions.)
    func summaryEntries(variant: String, step: String?, population: String? = nil) -> [MetricTable.Entry] {
        DatabaseMetric.allCases.flatMap { metric in
            [MetricTable.Entry(variant: variant, metric: MetricKey(metric.rawValue, runStep: step, population: population).description,
                               value: mean(metric), unit: "count"),
             MetricTable.Entry(variant: variant, metric: MetricKey(metric.medianName, runStep: step, population: population).description,
                               value: median(metric), unit: "count")]
        }
    }
}
