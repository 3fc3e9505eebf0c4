import Foundation

/// A capacity search's folder: `capacity.csv` (every probe, per step), each probe's latency
/// histograms (`hgrm/probe<N>.<variant>.<step>.hgrm`, the judged stage), `run.csv` (the run's
/// facts and the answer) and `report.html` (latency against achieved throughput).
public enum CapacityFiles {
    static let header = ["probe", "target_rate", "achieved_rate", "dropped", "verdict", "failed", "step", "count", "errors",
                         "p50_us", "p99_us", "allocs_per_op", "statements_per_op"]

    /// Writes every file of `result` into `folder` (created if missing); each to a temporary
    /// name first, then renamed.
    @discardableResult
    public static func write(_ result: CapacityResult, to folder: String, commandLine: [String] = CommandLine.arguments,
                             buildConfiguration: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder + "/hgrm", withIntermediateDirectories: true)
        try ReportWriter.save(capacity(result), to: folder + "/capacity.csv")
        for probe in result.probes {
            for step in probe.steps {
                var text = ""
                step.histogram.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1_000)
                try ReportWriter.save(text, to: "\(folder)/hgrm/probe\(probe.number).\(result.variant).\(step.step).hgrm")
            }
        }
        let state: RunState = result.wasInterrupted ? .interrupted : .complete
        let info = RunInfo(seed: result.scenario.seed, commandLine: commandLine, configuration: buildConfiguration, started: result.started,
                           ended: result.ended, state: state, completedVariants: [result.variant], extra: runRows(result))
        try ReportWriter.save(ReportFiles.runInfo(info), to: folder + "/run.csv")
        try ReportWriter.save(CapacityReport.page(result), to: folder + "/report.html")
        return folder
    }

    /// One row per probe and step (a probe with no step: one row without step figures).
    static func capacity(_ result: CapacityResult) -> String {
        var csv = CSV(header: header)
        for probe in result.probes {
            let fields = [String(probe.number), CSV.number(probe.targetRate), CSV.number(probe.achievedRate), String(probe.dropped),
                          probe.verdict.rawValue, probe.failed.joined(separator: "; ")]
            for step in probe.steps {
                csv.append(fields + [step.step, String(step.count), String(step.errors)]
                    + [step.p50Microseconds, step.p99Microseconds, step.allocationsPerOperation, step.statementsPerOperation].map(CSV.number))
            }
            if probe.steps.isEmpty { csv.append(fields + ["", "0", "0", "", "", "", ""]) }
        }
        return csv.text
    }

    /// `run.csv`'s rows about the search.
    static func runRows(_ result: CapacityResult) -> [(String, String)] {
        [("command", "capacity"), ("variant", result.variant), ("capacity", result.capacity.map(CSV.number) ?? ""),
         ("capacity_found", result.isFound ? "true" : "false"),
         ("fails_at", result.lowestFail.map { CSV.number($0.rate) } ?? ""), ("failed_threshold", result.lowestFail?.threshold ?? ""),
         ("answer", result.answer), ("probes", String(result.probes.count)),
         ("precision", CSV.number(result.settings.precision)), ("level_s", CSV.number(result.settings.level.seconds)),
         ("settle_s", CSV.number(result.settings.settle.seconds))]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { self / .seconds(1) }
}
