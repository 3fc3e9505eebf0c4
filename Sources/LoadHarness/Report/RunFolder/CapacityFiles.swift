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
                try target.write(text, to: RunFolder.probeHistogram(probe: probe.number, variant: result.variant, step: step.step))
            }
        }
        for probe in result.probes {
            guard let profile = probe.wallProfile else { continue }
            try target.write(wallFolded(profile), to: RunFolder.probeWallProfile(probe: probe.number))
        }
        let state: RunState = result.wasInterrupted ? .interrupted : .complete
        let info = RunInfo(seed: result.scenario.seed, commandLine: commandLine, configuration: buildConfiguration, started: result.started,
                           ended: result.ended, state: state, completedVariants: [result.variant], extra: runRows(result))
        try target.write(RunInfoFile.text(info), to: RunTable.run.name)
        try target.write(CapacityReport.page(result), to: RunFolder.reportPage)
        return folder
    }

    /// One row per probe and step (a probe with no step: one row without step figures). With
    /// populations each row also has its step's population and that population's load in the
    /// probe, the step under its own name in `step` as `steps.csv` has it, and a population none
    /// of whose steps ran in the judged stage has a row without step figures; without
    /// populations the file has the columns it had before them.
    static func capacity(_ result: CapacityResult) -> String {
        let hasPopulations = result.populations != nil
        var rows: [[String]] = []
        for probe in result.probes {
            let fields = [String(probe.number), CSV.number(probe.targetRate), CSV.number(probe.achievedRate), String(probe.dropped),
                          probe.verdict.rawValue, probe.failed.joined(separator: "; ")]
            let probeFields = [String(probe.users), CSV.number(probe.busyUsers), probe.usage.map { CSV.number($0.busyShare) } ?? "",
                               probe.usage.map { CSV.number($0.harnessShare) } ?? "",
                               probe.usage?.writerBusyShare.map(CSV.number) ?? "", probe.usage?.waitingThreads.map(CSV.number) ?? "",
                               probe.reason ?? ""]
            let noStep = ["", "0", "0", "", "", "", ""]
            for step in probe.steps {
                let (name, population) = hasPopulations ? PopulationColumn.fields(step.step) : (step.step, "")
                rows.append(fields + [name, String(step.count), String(step.errors)]
                    + [step.p50Microseconds, step.p99Microseconds, step.allocationsPerOperation, step.statementsPerOperation].map(CSV.number)
                    + probeFields + [step.cpuMedianMicroseconds.map(CSV.number) ?? "", step.waitShare.map(CSV.number) ?? ""]
                    + (hasPopulations ? populationFields(probe, population) : []))
            }
            let unplayed = probe.populations.filter { population in
                !probe.steps.contains { PopulationStepName.split($0.step).population == population.name }
            }
            for population in unplayed { rows.append(fields + noStep + probeFields + ["", ""] + populationFields(probe, population.name)) }
            if probe.steps.isEmpty, unplayed.isEmpty {
                rows.append(fields + noStep + probeFields + ["", ""] + (hasPopulations ? populationFields(probe, "") : []))
            }
        }
        let generations = RunTable.capacity.generations.count
        return RunTable.capacity.text(rows, generations: hasPopulations ? generations : generations - 1)
    }

    /// The population columns of a row of `capacity.csv`: `population`'s load in `probe`.
    private static func populationFields(_ probe: CapacityProbe, _ population: String) -> [String] {
        guard let played = probe.populations.first(where: { $0.name == population }) else { return [population, "", "", "", "", ""] }
        return [played.name, played.isScaled ? "scaled" : "held", played.targetRate.map(CSV.number) ?? "", CSV.number(played.achievedRate),
                String(played.dropped), String(played.users)]
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
         ("settle_s", CSV.number(result.settings.settle.seconds))] + populationRows(result)
    }

    /// With populations, `run.csv`'s rows about them: which were scaled and which held, and
    /// each open one's rate at the capacity and at the lowest failing rate
    /// (`capacity{population:readers}`, `fails_at{population:readers}`); none without them.
    static func populationRows(_ result: CapacityResult) -> [(String, String)] {
        guard let populations = result.populations else { return [] }
        let names = { (scaled: Bool) in populations.members.filter { $0.isScaled == scaled }.map(\.name).joined(separator: ",") }
        var rows = [("populations_scaled", names(true)), ("populations_held", names(false))]
        for member in populations.members where member.isOpen {
            rows.append((MetricKey("capacity", population: member.name).description,
                         result.capacity.flatMap { populations.rate(of: member, at: $0) }.map(CSV.number) ?? ""))
            rows.append((MetricKey("fails_at", population: member.name).description,
                         result.lowestFail.flatMap { populations.rate(of: member, at: $0.rate) }.map(CSV.number) ?? ""))
        }
        return rows
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { self / .seconds(1) }
}
