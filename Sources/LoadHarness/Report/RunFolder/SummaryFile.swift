/// `summary.csv` (`RunTable.summary`): every metric a threshold can name, per variant and
/// (as `metric(step)`, a `MetricKey` without its variant) per step.
struct SummaryFile {
    /// One metric of one variant of one scenario.
    struct Key: Hashable, Comparable, Sendable {
        let scenario: String
        let variant: String
        /// `p99(open_profile)`, as the file writes it.
        let metric: String

        /// The metric's name and step.
        var metricKey: MetricKey { MetricKey(parsing: metric) ?? MetricKey(metric) }

        static func < (a: Key, b: Key) -> Bool {
            (a.scenario, a.variant, a.metric) < (b.scenario, b.variant, b.metric)
        }
    }

    let values: [Key: Double]
    /// The unit each metric was written with.
    let units: [Key: String]
    /// The keys in the file's order.
    let order: [Key]
    var keys: [Key] { Array(values.keys) }

    /// The file's rows for `entries` of `scenario`.
    static func rows(scenario: String, _ entries: [MetricTable.Entry]) -> [[String]] {
        entries.map { [scenario, $0.variant, $0.metric, CSV.number($0.value), $0.unit] }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.summary.text(rows(scenario: run.scenario.name, run.metrics.entries)
            + (run.instructions.map { InstructionFiles.summaryRows(scenario: run.scenario.name, $0) } ?? []))
    }

    /// The folder's summary; nil when it has none.
    static func read(_ folder: RunFolder) throws(RunFolderError) -> SummaryFile? {
        guard let table = try folder.read(.summary) else { return nil }
        var values: [Key: Double] = [:], units: [Key: String] = [:], order: [Key] = []
        for row in table.rows {
            let value: Double
            do { value = try row.number("value") } catch {
                throw row.problem("expected a number in 'value', got \(row.fields.joined(separator: ","))")
            }
            let key = Key(scenario: try row.text("scenario"), variant: try row.text("variant"), metric: try row.text("metric"))
            if values[key] == nil { order.append(key) }
            values[key] = value
            units[key] = try row.text("unit")
        }
        return SummaryFile(values: values, units: units, order: order)
    }

    /// One value; nil when the run has no such metric.
    func value(scenario: String, variant: String, _ metric: MetricKey) -> Double? {
        values[Key(scenario: scenario, variant: variant, metric: metric.withoutVariant.description)]
    }
}
