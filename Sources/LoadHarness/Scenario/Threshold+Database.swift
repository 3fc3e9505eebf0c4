extension Threshold.Metric {
    /// SQLite's counts of a step's statements per execution (design section 11): the mean
    /// (`statements`, `vm_steps`, ...) and the median (`statements_p50`, ...) of each
    /// `DatabaseMetric`.
    static let databaseMetrics: [Threshold.Metric] = DatabaseMetric.metricNames.map { Threshold.Metric(named: $0) }
}
