import Foundation

/// `roost merge DIR... --out DIR` (design section 17): one run of a whole set of shards of
/// one run. Every shard's folder is read back whole (`RecordedRun`); a variant played by one
/// shard is that shard's, a variant whose load was split over several is added up
/// (`VariantMerge`); the metrics and the thresholds are judged on the merged figures, and the
/// folder is written by the one writer every run uses. Nothing is written unless the folders
/// are one complete set: every shard from 1 to N once, of one scenario, one build, one
/// Roost version and one shard count.
public struct RunMerge: Sendable {
    /// The merged run, ready for `ReportWriter`.
    public let result: RunResult
    /// The shards, in order.
    public let shards: [Shard]

    /// Checks and reads `folders` and merges them.
    public static func merge(folders: [String]) throws(MergeError) -> RunMerge {
        guard !folders.isEmpty else { throw .noFolders }
        // The cheap checks first (run.csv and the kept scenario), so a wrong set is refused before anything heavy is read.
        var parts: [(folder: String, info: RecordedRunInfo, shard: Shard)] = []
        for path in folders {
            let folder = RunFolder(path)
            let info: RecordedRunInfo?
            do { info = try folder.recordedInfo() } catch { throw .notARun(error.asNotARun) }
            guard let info else { throw .notARun(.notARun(path: path, reason: "no run.csv (pass the folders `roost run --shard` wrote)")) }
            guard info.state == .complete else {
                throw .notARun(.notARun(path: path, reason: "the run is \(info.state.rawValue), not complete (run.csv)"))
            }
            guard let shard = info.shard else { throw .notAShard(folder: path) }
            parts.append((path, info, shard))
        }
        try same("scenarios", parts.map { ($0.folder, $0.info[RunInfo.Key.scenario] ?? "") })
        try same("scenario files", parts.map { ($0.folder, scenarioDigest(RunFolder($0.folder))) })
        try same("Roost versions", parts.map { ($0.folder, $0.info[RunInfo.Key.roostVersion] ?? "") })
        try same("builds", parts.map { part in
            (part.folder, [RunInfo.Key.gitCommit, RunInfo.Key.gitDirty, RunInfo.Key.buildConfiguration, RunInfo.Key.buildID]
                .map { "\($0) \(part.info[$0] ?? "unknown")" }.joined(separator: ", "))
        })
        try same("shard counts", parts.map { ($0.folder, String($0.shard.count)) })
        try same("seeds", parts.map { ($0.folder, $0.info[RunInfo.Key.seed] ?? "") })
        let count = parts[0].shard.count
        for index in 1...count {
            let holders = parts.filter { $0.shard.index == index }
            if holders.count > 1 { throw .repeated(holders[0].shard, folders: holders.map(\.folder)) }
        }
        for index in 1...count where !parts.contains(where: { $0.shard.index == index }) {
            throw .missing(Shard(index: index, count: count)!)
        }
        parts.sort { $0.shard.index < $1.shard.index }

        var recorded: [RecordedRun] = []
        for part in parts {
            do { recorded.append(try RecordedRun.read(RunFolder(part.folder))) } catch { throw .notARun(error.asNotARun) }
        }
        return RunMerge(result: combine(recorded), shards: parts.map(\.shard))
    }

    /// Throws unless every folder has the same value.
    private static func same(_ what: String, _ values: [(String, String)]) throws(MergeError) {
        guard Set(values.map(\.1)).count > 1 else { return }
        throw .mismatch(what: what, values: values.map { (folder: $0.0, value: $0.1) })
    }

    /// The kept scenario file's text (what the shards played), or "" when absent.
    private static func scenarioDigest(_ folder: RunFolder) -> String { folder.text(RunFolder.scenarioFile) ?? "" }

    /// The shards' runs as one.
    static func combine(_ shards: [RecordedRun]) -> RunResult {
        let scenario = shards[0].scenario
        var variants: [VariantResult] = []
        let played = scenario.variants.map(\.name).filter { name in shards.contains { $0.variants.contains { $0.variant == name } } }
        for name in played {
            let parts = shards.compactMap { shard in shard.variants.first { $0.variant == name } }
            variants.append(parts.count == 1 ? parts[0] : VariantMerge.merge(parts))
        }
        var instructions: InstructionCounts?
        for shard in shards {
            guard let counts = shard.instructions else { continue }
            if instructions == nil { instructions = counts } else { instructions!.merge(counts) }
        }
        let formatter = ISO8601DateFormatter()
        let starts = shards.compactMap { $0.info[RunInfo.Key.start].flatMap(formatter.date(from:)) }
        let ends = shards.compactMap { $0.info[RunInfo.Key.end].flatMap(formatter.date(from:)) }
        var result = RunResult.judged(scenario: scenario, variants: variants, instructions: instructions,
                                      started: starts.min() ?? Date(), ended: ends.max() ?? Date(), wasInterrupted: false)
        result.mergedFrom = shards.map(\.folder.path)
        // The build's facts are every shard's (checked); where the shards ran, each host once.
        // (The command line is the merge's own; `merged_from` names the shards' folders.)
        var kept = shards[0].info.values.filter {
            RunInfo.Key.kept.contains($0.key) && ![RunInfo.Key.shard, RunInfo.Key.commandLine].contains($0.key)
        }
        for key in [RunInfo.Key.host, RunInfo.Key.cores] {
            kept[key] = shards.compactMap { $0.info[key] }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                .joined(separator: " ")
        }
        result.recordedRunInfo = kept
        return result
    }
}
