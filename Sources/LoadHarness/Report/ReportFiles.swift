import Foundation

/// The files of a run (design sections 6 and 9), built from its result. Each table also
/// has its header and a row function: the streaming writer appends the same rows as the
/// run goes, so a file written at the end and one streamed are the same text.
enum ReportFiles {
    static let stepsHeader = ["scenario", "variant", "step", "count", "errors", "mean_us", "p50_us", "p90_us", "p99_us",
                              "p999_us", "max_us", "ops_per_s", "allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50"]
        + QueriesFile.stepsColumns
    static let timeSeriesHeader = ["scenario", "variant", "second", "step", "count", "errors", "p50_us", "p99_us", "max_us",
                                   "allocs", "bytes"]
    static let executionsHeader = ["scenario", "variant", "second", "step", "vu", "allocs", "bytes", "executions"]
    /// A row is one reading, or a second's readings (`readings` > 1): then the values are the
    /// second's last reading's, and the `min_`/`max_` columns the second's extremes (empty in a
    /// row of one reading).
    static let memoryHeader = olderMemoryHeader + ["readings", "min_allocated_bytes", "max_allocated_bytes", "min_rss_bytes",
                                                   "max_rss_bytes"]
    /// `memory.csv` before a row could be a second's readings (every row one reading).
    static let olderMemoryHeader = ["scenario", "variant", "elapsed_ms", "iteration", "allocated_bytes", "resident_bytes",
                                    "rss_bytes", "live_tracked_objects"]
    /// A row is one close, or a second's closes (`closes` > 1): then the values are the second's
    /// highest-numbered close's, `min_`/`max_retained_bytes` the second's extremes, and the
    /// `fit_` columns the retention fit over every close taken when the row was written
    /// (`fit_closes` of them). Empty in a row of one close.
    static let retentionHeader = olderRetentionHeader + ["closes", "min_retained_bytes", "max_retained_bytes", "fit_closes",
                                                         "fit_bytes_per_close", "fit_intercept", "fit_r_squared",
                                                         "fit_growth_bytes"]
    /// `retention.csv` before a row could be a second's closes (every row one close).
    static let olderRetentionHeader = ["scenario", "variant", "close", "iteration", "step", "elapsed_ms", "retained_bytes",
                                       "live_tracked_objects"]
    static let leaksHeader = ["scenario", "variant", "type", "created", "leaked", "leaked_bytes", "cycle", "retained_bytes"]

    static func steps(_ run: RunResult) -> String {
        var csv = CSV(header: stepsHeader)
        for variant in run.variants {
            let seconds = max(Double(variant.elapsedNanoseconds) / 1e9, 1e-9)
            for step in variant.steps {
                csv.append([run.scenario.name, variant.variant, step.step, String(step.count), String(step.errorCount)]
                    + [step.meanMicroseconds, step.percentileMicroseconds(50), step.percentileMicroseconds(90),
                       step.percentileMicroseconds(99), step.percentileMicroseconds(99.9), step.maxMicroseconds,
                       Double(step.count) / seconds, step.allocationsPerOperation, step.bytesPerOperation,
                       step.allocationsMedian, step.bytesMedian].map(CSV.number)
                    + QueriesFile.stepsFields(variant.statements[step.step]))
            }
        }
        return csv.text
    }

    static func timeSeries(_ run: RunResult) -> String {
        var csv = CSV(header: timeSeriesHeader)
        for variant in run.variants {
            for row in variant.timeSeries { csv.append(timeSeriesRow(scenario: run.scenario.name, row)) }
        }
        return csv.text
    }

    static func timeSeriesRow(scenario: String, _ row: TimeSeriesRow) -> [String] {
        [scenario, row.variant, String(row.second), row.step, String(row.count), String(row.errors),
         row.p50Microseconds.map(CSV.number) ?? "", row.p99Microseconds.map(CSV.number) ?? "",
         row.maxMicroseconds.map(CSV.number) ?? "", String(row.allocations), String(row.bytes)]
    }

    static func executionsRow(scenario: String, _ row: ExecutionRow) -> [String] {
        [scenario, row.variant, String(row.second), row.step, String(row.user), String(row.allocations), String(row.bytes),
         String(row.count)]
    }

    static func memory(_ run: RunResult) -> String {
        var csv = CSV(header: memoryHeader)
        for variant in run.variants {
            for row in variant.memoryTable { csv.append(memoryRow(scenario: run.scenario.name, variant: variant.variant, row)) }
        }
        return csv.text
    }

    static func memoryRow(scenario: String, variant: String, _ row: MemoryRow) -> [String] {
        let sample = row.last
        let fields = [scenario, variant, CSV.number(sample.elapsedMilliseconds), String(sample.iteration),
                      String(sample.allocatedBytes), String(sample.residentBytes), String(sample.rssBytes),
                      String(sample.liveTrackedObjects), String(row.readings)]
        guard row.readings > 1 else { return fields + ["", "", "", ""] }
        let extremes: [Int] = [row.allocatedBytes.lowerBound, row.allocatedBytes.upperBound, row.rssBytes.lowerBound,
                               row.rssBytes.upperBound]
        return fields + extremes.map { String($0) }
    }

    /// After each close (or each second's closes): the bytes the variant's steps kept so far
    /// and the live tracked objects.
    static func retention(_ run: RunResult) -> String {
        var csv = CSV(header: retentionHeader)
        for variant in run.variants {
            for row in variant.retentionTable {
                csv.append(retentionRow(scenario: run.scenario.name, variant: variant.variant, row))
            }
        }
        return csv.text
    }

    static func retentionRow(scenario: String, variant: String, _ row: RetentionRow) -> [String] {
        let point = row.last
        var fields = [scenario, variant, String(point.close), String(point.iteration), point.step,
                      CSV.number(point.elapsedMilliseconds), String(point.retainedBytes), String(point.liveTrackedObjects),
                      String(row.closes)]
        guard row.closes > 1 else { return fields + Array(repeating: "", count: 7) }
        fields += [String(row.retainedBytes.lowerBound), String(row.retainedBytes.upperBound)]
        guard let fit = row.fit else { return fields + Array(repeating: "", count: 5) }
        // The fit's figures as Swift writes a Double: the shortest text that reads back as the same value.
        let figures: [Double] = [fit.bytesPerClose, fit.intercept, fit.rSquared]
        return fields + [String(fit.closes)] + figures.map { String($0) } + [String(fit.growthBytes)]
    }

    static func leaks(_ run: RunResult) -> String {
        var csv = CSV(header: leaksHeader)
        for variant in run.variants where variant.leaksChecked {
            for row in leaksRows(scenario: run.scenario.name, variant) { csv.append(row) }
        }
        return csv.text
    }

    static func leaksRows(scenario: String, _ variant: VariantResult) -> [[String]] {
        variant.leaks.map { leak in
            [scenario, variant.variant, leak.type, String(leak.created), String(leak.leaked), String(leak.leakedBytes), leak.cycle,
             leak.retainedBytes.map(String.init) ?? ""]
        }
    }

    static func summary(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "variant", "metric", "value", "unit"])
        for entry in run.metrics.entries {
            csv.append([run.scenario.name, entry.variant, entry.metric, CSV.number(entry.value), entry.unit])
        }
        return csv.text
    }

    static func thresholds(_ run: RunResult) -> String {
        var csv = CSV(header: ["scenario", "threshold", "observed", "passed"])
        for verdict in run.thresholds {
            let name = verdict.threshold.variant == nil && run.variants.count > 1
                ? "\(verdict.threshold.source) [\(verdict.variant)]" : verdict.threshold.source
            csv.append([run.scenario.name, name, verdict.observed.map(CSV.number) ?? "", verdict.passed ? "true" : "false"])
        }
        return csv.text
    }

    static func runInfo(_ info: RunInfo) -> String {
        var csv = CSV(header: ["key", "value"])
        for (key, value) in info.rows { csv.append([key, value]) }
        return csv.text
    }

    /// `run.csv` of a finished run.
    static func runInfo(_ run: RunResult, commandLine: [String], configuration: String) -> String {
        let completed = run.variants.filter(\.leaksChecked)
        var info = RunInfo(seed: run.scenario.seed, commandLine: commandLine, configuration: configuration, started: run.started,
                           ended: run.ended, state: run.state, completedVariants: completed.map(\.variant),
                           extra: profileMode(run) + (run.rebuiltBy.map { [("rebuilt_by", $0)] } ?? []), recorded: run.recordedRunInfo)
        let datasets = completed.compactMap { variant in variant.datasetSeconds.flatMap { seconds in variant.datasetSource.map { (seconds, $0) } } }
        if datasets.count == completed.count { info.datasets = datasets }
        return runInfo(info)
    }

    /// `allocation_profile` (exact or sampled) when the run carries profiles: what
    /// `roost compare` says of the site deltas it prints (exact, or estimates).
    private static func profileMode(_ run: RunResult) -> [(String, String)] {
        run.variants.compactMap(\.allocationProfile?.mode).first.map { [("allocation_profile", $0.rawValue)] } ?? []
    }

    /// The HdrHistogram percentile distribution of one step, in microseconds.
    static func histogram(_ step: StepMetrics) -> String {
        var text = ""
        step.latency.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1_000)
        return text
    }
}
