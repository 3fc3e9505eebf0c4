extension StepStatements {
    /// This step's rows of `summary.csv`: each database metric's mean and median per execution.
    /// (`step` nil: the variant's rows, over every step's executions.)
    func summaryEntries(variant: String, step: String?) -> [MetricTable.Entry] {
        DatabaseMetric.allCases.flatMap { metric in
            [MetricTable.Entry(variant: variant, metric: MetricKey(metric.rawValue, step: step).description, value: mean(metric), unit: "count"),
             MetricTable.Entry(variant: variant, metric: MetricKey(metric.medianName, step: step).description, value: median(metric),
                               unit: "count")]
        }
    }
}
