import Foundation

/// `run.csv` (`RunTable.run`): the facts of `RunInfo`, one a row; read back as `RecordedRunInfo`.
enum RunInfoFile {
    /// The file's text for `info`.
    static func text(_ info: RunInfo) -> String { RunTable.run.text(info.rows.map { [$0.0, $0.1] }) }

    /// `run.csv` of a finished (or rebuilt) run.
    static func text(_ run: RunResult, commandLine: [String], configuration: String) -> String {
        let completed = run.variants.filter(\.leaksChecked)
        var extra = profileMode(run) + LoadColumns.runRows(run) + peaks(run) + (run.rebuiltBy.map { [(RunInfo.Key.rebuiltBy, $0)] } ?? [])
        if run.instructions != nil || InstructionCounter.isActive { extra.append((RunInfo.Key.measuredUnder, "callgrind")) }
        if let folders = run.mergedFrom { extra.append((RunInfo.Key.mergedFrom, folders.joined(separator: " "))) }
        var info = RunInfo(seed: run.scenario.seed, commandLine: commandLine, configuration: configuration, started: run.started,
                           ended: run.ended, state: run.state, completedVariants: completed.map(\.variant),
                           scenario: run.scenario.name, shard: run.shard ?? run.recordedRunInfo[RunInfo.Key.shard].flatMap(Shard.init(parsing:)),
                           extra: extra, recorded: run.recordedRunInfo)
        let datasets = completed.compactMap { variant in variant.datasetSeconds.flatMap { seconds in variant.datasetSource.map { (seconds, $0) } } }
        if datasets.count == completed.count { info.datasets = datasets }
        let phases = completed.compactMap { variant in variant.measuredStarted.map { ($0, Double(variant.elapsedNanoseconds) / 1e9) } }
        if phases.count == completed.count { info.phases = phases }
        let rows = info.rows.map { [$0.0, $0.1] }
        guard !run.datasetsBuiltBeforehand.isEmpty,
              let recorded = try? PreparedDatasets.recorded(run.datasetsBuiltBeforehand, scenario: run.scenario, rows: [RunTable.run.header] + rows)
        else { return RunTable.run.text(rows) }
        return RunTable.run.text(Array(recorded.dropFirst()))
    }

    /// Per variant (in the order they ran, space-separated): the largest resident set, and the
    /// largest live heap (jemalloc's allocated bytes; empty where not known) any memory reading saw.
    private static func peaks(_ run: RunResult) -> [(String, String)] {
        guard !run.variants.isEmpty else { return [] }
        return [(RunInfo.Key.rssPeakBytes, run.variants.map { String($0.peakResidentBytes) }.joined(separator: " ")),
                (RunInfo.Key.heapPeakBytes, run.variants.map { $0.peakHeapBytes.map(String.init) ?? "" }.joined(separator: " "))]
    }

    /// `allocation_profile` (exact or sampled) when the run carries profiles: what
    /// `roost compare` says of the site deltas it prints (exact, or estimates).
    private static func profileMode(_ run: RunResult) -> [(String, String)] {
        run.variants.compactMap(\.allocationProfile?.mode).first.map { [(RunInfo.Key.allocationProfile, $0.rawValue)] } ?? []
    }
}
