import Foundation

/// A capacity search's folder: `capacity.csv` (every probe, per step), each probe's latency
/// histograms (`hgrm/probe<N>.<variant>.<step>.hgrm`, the judged stage), the knee's wall-clock
/// samples (`profiles/probe<N>.wall.folded`), `run.csv` (the run's facts, the answer and the
/// bottleneck) and `report.html` (latency against achieved throughput, and the knee's profiles).
public enum CapacityFiles {
    /// Writes every file of `result` into `folder` (created if missing); each to a temporary
    /// name first, then renamed.
    @discardableResult
    public static func write(_ result: CapacityResult, to folder: String, commandLine: [String] = CommandLine.arguments,
                             buildConfiguration: String) throws -> String {
        let target = RunFolder(folder)
        try target.create()
        try target.write(capacity(result), to: RunTable.capacity.name)
        for probe in result.probes {
            for step in probe.steps {
                guard let histogram = step.histogram else { continue }  // a probe's stage always keeps it
                var text = ""
                histogram.outputPercentileDistribution(to: &text, outputValueUnitScalingRatio: 1_000)
                try target.write(text, to: "\(RunFolder.histogramFolder)/probe\(probe.number).\(result.variant).\(step.step).hgrm")
            }
        }
        for probe in result.probes {
            guard let profile = probe.wallProfile else { continue }
            try target.write(wallFolded(profile), to: "\(RunFolder.profileFolder)/probe\(probe.number).wall.folded")
        }
        let state: RunState = result.wasInterrupted ? .interrupted : .complete
        let info = RunInfo(seed: result.scenario.seed, commandLine: commandLine, configuration: buildConfiguration, started: result.started,
                           ended: result.ended, state: state, completedVariants: [result.variant], extra: runRows(result))
        try target.write(RunInfoFile.text(info), to: RunTable.run.name)
        try target.write(CapacityReport.page(result), to: RunFolder.reportPage)
        return folder
    }

    /// One row per probe and step (a probe with no step: one row without step figures).
    static func capacity(_ result: CapacityResult) -> String {
        var rows: [[String]] = []
        for probe in result.probes {
            let fields = [String(probe.number), CSV.number(probe.targetRate), CSV.number(probe.achievedRate), String(probe.dropped),
                          probe.verdict.rawValue, probe.failed.joined(separator: "; ")]
            let probeFields = [String(probe.users), CSV.number(probe.busyUsers), probe.usage.map { CSV.number($0.busyShare) } ?? "",
                               probe.usage.map { CSV.number($0.harnessShare) } ?? "", probe.reason ?? ""]
            for step in probe.steps {
                rows.append(fields + [step.step, String(step.count), String(step.errors)]
                    + [step.p50Microseconds, step.p99Microseconds, step.allocationsPerOperation, step.statementsPerOperation].map(CSV.number)
                    + probeFields + [step.cpuMedianMicroseconds.map(CSV.number) ?? "", step.waitShare.map(CSV.number) ?? ""])
            }
            if probe.steps.isEmpty { rows.append(fields + ["", "0", "0", "", "", "", ""] + probeFields + ["", ""]) }
        }
        return RunTable.capacity.text(rows)
    }

    /// A knee probe's wall-clock samples, folded: `step;frame;...;leaf count`, root first, the
    /// step as the root frame (what flamegraph.pl, inferno and speedscope read).
    static func wallFolded(_ profile: ProbeWallProfile) -> String {
        profile.steps.flatMap { step in
            step.folded.sorted { $0.key < $1.key }.map { stack, count in
                "\(step.step)\(stack.isEmpty ? "" : ";" + stack) \(count)\n"
            }
        }.joined()
    }

    /// `run.csv`'s rows about the search.
    static func runRows(_ result: CapacityResult) -> [(String, String)] {
        [("command", "capacity"), ("variant", result.variant), ("capacity", result.capacity.map(CSV.number) ?? ""),
         ("capacity_found", result.isFound ? "true" : "false"),
         ("fails_at", result.lowestFail.map { CSV.number($0.rate) } ?? ""), ("failed_threshold", result.lowestFail?.threshold ?? ""),
         ("answer", result.answer), ("bottleneck", result.bottleneck?.line ?? ""),
         ("bottleneck_kind", result.bottleneck?.kind.rawValue ?? ""),
         ("probes", String(result.probes.count)),
         ("precision", CSV.number(result.settings.precision)), ("level_s", CSV.number(result.settings.level.seconds)),
         ("settle_s", CSV.number(result.settings.settle.seconds))]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { self / .seconds(1) }
}
