extension StepStatements {
    /// This step's rows of `summary.csv`: each database metric's mean and median per execution.
    /// (`step` nil: the variant's rows, over every step's executions.)
    func summaryEntries(variant: String, step: String?) -> [MetricTable.Entry] {
        let suffix = step.map { "(\($0))" } ?? ""
        return DatabaseMetric.allCases.flatMap { metric in
            [MetricTable.Entry(variant: variant, metric: metric.rawValue + suffix, value: mean(metric), unit: "count"),
             MetricTable.Entry(variant: variant, metric: metric.medianName + suffix, value: median(metric), unit: "count")]
        }
    }
}
