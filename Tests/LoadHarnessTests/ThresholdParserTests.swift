import LoadHarness
import Testing

@Suite struct ThresholdParserTests {
    @Test(arguments: [
        ("p99 < 20ms", Threshold.Metric.p99, 20_000.0),
        ("p50 < 1.5s", .p50, 1_500_000),
        ("p90 < 500us", .p90, 500),
        ("max < 250ns", .max, 0.25),
        ("mean < 0", .mean, 0),
        ("bytes_per_op < 2MB", .bytesPerOp, 2_097_152),
        ("leaked_bytes <= 1KB", .leakedBytes, 1_024),
        ("retained_bytes < 1GB", .retainedBytes, 1_073_741_824),
        ("rss_peak_bytes < 512B", .rssPeakBytes, 512),
        ("error_rate < 5%", .errorRate, 0.05),
        ("error_rate < 0.01", .errorRate, 0.01),
        ("errors == 0", .errors, 0),
        ("ops_per_s >= 100", .opsPerSecond, 100),
        ("allocs_per_op < 12.5", .allocsPerOp, 12.5),
        ("leaked_objects == 0", .leakedObjects, 0),
        ("allocs_p50 == 835", .allocsMedian, 835),
        ("bytes_p50 < 2MB", .bytesMedian, 2_097_152),
        ("p95 < 50ms", .p95, 50_000),
        ("p99.9 < 1s", .p999, 1_000_000),
        ("p999 < 1s", .p999, 1_000_000),
        ("p75 < 1ms", .latency(atPercentile: 75), 1_000),
        ("p99.99 < 2s", .latency(atPercentile: 99.99), 2_000_000),
        ("p9999 < 2s", .latency(atPercentile: 99.99), 2_000_000),
        ("p5 < 10us", .latency(atPercentile: 5), 10),
    ])
    func valuesAreKeptInBaseUnits(text: String, metric: Threshold.Metric, value: Double) throws {
        let threshold = try Threshold(parsing: text)
        #expect(threshold.metric == metric)
        #expect(threshold.value == value)
        #expect(threshold.source == text)
        #expect(threshold.step == nil && threshold.variant == nil)
    }

    /// Any percentile has one name in reports, whichever way it was written.
    @Test func percentilesAreNamedTheWayReportsNameThem() throws {
        #expect(Threshold.Metric.latency(atPercentile: 95).name == "p95")
        #expect(Threshold.Metric.latency(atPercentile: 99.9).name == "p999")
        #expect(Threshold.Metric.latency(atPercentile: 99.99).name == "p9999")
        #expect(Threshold.Metric.latency(atPercentile: 5).name == "p5")
        #expect(Threshold.Metric.latency(atPercentile: 5.5).name == "p055")
        for name in ["p95", "p999", "p9999", "p5", "p055", "p75"] {
            #expect(Threshold.Metric(name: name)?.name == name, "\(name)")
        }
        #expect(try Threshold(parsing: "p99.9(login) < 1s").metric.name == "p999")
        #expect(Threshold.Metric.p95.unit == .time && Threshold.Metric.bytesMedian.unit == .bytes && Threshold.Metric.allocsMedian.unit == .count)
    }

    @Test(arguments: [("<", Threshold.Comparison.less), ("<=", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual), ("==", .equal)])
    func everyComparison(symbol: String, comparison: Threshold.Comparison) throws {
        #expect(try Threshold(parsing: "errors \(symbol) 1").comparison == comparison)
    }

    @Test func stepAndVariant() throws {
        let text = "p99(open_profile){variant:strong-2} < 20ms"
        #expect(try Threshold(parsing: text) == Threshold(metric: .p99, step: "open_profile", variant: "strong-2", comparison: .less,
                                                          value: 20_000, source: text))
        let spaced = "  p99 ( open_profile ) { variant : weak }<=20 ms "
        #expect(try Threshold(parsing: spaced) == Threshold(metric: .p99, step: "open_profile", variant: "weak", comparison: .lessOrEqual,
                                                            value: 20_000, source: spaced))
        #expect(try Threshold(parsing: "leaked_objects{variant:weak} == 0").variant == "weak")
    }

    @Test(arguments: [
        ("", "malformed threshold '': expected a metric name at character 1", 1),
        ("< 3", "malformed threshold '< 3': expected a metric name at character 1", 1),
        ("p100 < 3ms", "unknown metric 'p100'; p100 is the maximum: write 'max'", 1),
        ("p0 < 3ms", "unknown metric 'p0'; a latency percentile is p and a number above 0 and below 100: p50, p95, p99, p99.9 (or p999)", 1),
        ("mena < 3ms", "unknown metric 'mena'; did you mean 'mean'?", 1),
        ("latency < 3ms", "unknown metric 'latency'; expected a latency percentile (p50, p95, p99.9, ...) or one of max, mean, "
            + "errors, error_rate, ops_per_s, allocs_per_op, bytes_per_op, allocs_p50, bytes_p50, peak_bytes_p50, peak_bytes_max, temporary_allocs_p50, leaked_objects, leaked_bytes, "
            + "retained_bytes, rss_peak_bytes, heap_peak_bytes, retained_per_close, retained_growth, dropped_iterations, schedule_lag_p50, schedule_lag_p99, instructions, instructions_p50, cpu_p50, wait_share, statements, statements_p50, transaction_statements, transaction_statements_p50, vm_steps, vm_steps_p50, fullscan_steps, fullscan_steps_p50, sorts, sorts_p50, autoindex_rows, autoindex_rows_p50", 1),
        ("p99() < 3ms", "malformed threshold 'p99() < 3ms': expected a step name after '(' at character 5", 5),
        ("p99(login < 3ms", "malformed threshold 'p99(login < 3ms': expected ')' after the step name at character 11", 11),
        ("p99{name:weak} < 3ms", "malformed threshold 'p99{name:weak} < 3ms': expected 'variant:', 'stage:' or 'population:' after '{' at character 5", 5),
        ("p99{variant weak} < 3ms", "malformed threshold 'p99{variant weak} < 3ms': expected ':' after 'variant' at character 13", 13),
        ("p99{variant:} < 3ms", "malformed threshold 'p99{variant:} < 3ms': expected a variant name after 'variant:' at character 13", 13),
        ("p99{variant:weak < 3ms", "malformed threshold 'p99{variant:weak < 3ms': expected '}' after the variant name at character 18", 18),
        ("p99 3ms", "malformed threshold 'p99 3ms': expected a comparison operator (<, <=, >, >=, ==), got '3' at character 5", 5),
        ("p99 <", "malformed threshold 'p99 <': expected a number after '<' at character 6", 6),
        ("p99 < fast", "malformed threshold 'p99 < fast': expected a number after '<' at character 7", 7),
        ("p99 < 1.2.3ms", "malformed threshold 'p99 < 1.2.3ms': '1.2.3' is not a number at character 7", 7),
        ("p99 < 3ms or so", "malformed threshold 'p99 < 3ms or so': expected the end of the threshold after the value at character 11", 11),
        ("p99 < 3", "missing unit after 3 for 'p99', a latency metric; expected ns, us, ms or s", 7),
        ("p99 < 3MB", "unit 'MB' does not fit 'p99', a latency metric; expected ns, us, ms or s", 8),
        ("p99 < 3MS", "unit 'MS' does not fit 'p99', a latency metric; expected ns, us, ms or s; did you mean 'ms'?", 8),
        ("bytes_per_op < 3", "missing unit after 3 for 'bytes_per_op', a byte metric; expected B, KB, MB or GB", 16),
        ("error_rate < 3ms", "unit 'ms' does not fit 'error_rate', a rate; expected % or a plain fraction", 15),
        ("error_rate < 1.5", "a plain 'error_rate' is a fraction from 0 to 1, got 1.5; write 1.5% for a percentage", 14),
        ("ops_per_s > 3%", "unit '%' does not fit 'ops_per_s', a count; write a plain number", 14),
    ])
    func syntaxErrorsSayWhatWasExpectedWhere(text: String, message: String, character: Int) {
        #expect(throws: ThresholdSyntaxError(message: message, character: character)) {
            try Threshold(parsing: text)
        }
    }

    @Test func comparisonsHold() {
        #expect(Threshold.Comparison.less.holds(1, 2))
        #expect(!Threshold.Comparison.less.holds(2, 2))
        #expect(Threshold.Comparison.lessOrEqual.holds(2, 2))
        #expect(Threshold.Comparison.greater.holds(3, 2))
        #expect(Threshold.Comparison.greaterOrEqual.holds(2, 2))
        #expect(Threshold.Comparison.equal.holds(0, 0) && !Threshold.Comparison.equal.holds(0, 1))
    }
}
