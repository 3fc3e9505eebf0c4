import Foundation
import SocialStack

/// `run.csv`'s dataset rows for a run whose datasets `roost run --instructions` built before
/// the counted process started (`DatasetCache.prepare(for:)`). The counted process found
/// them in the cache and says `cache`; for each variant whose entry was built, this says `built`
/// and adds the build's seconds, as a plain run that built its datasets first says
/// (`DatasetPrebuild`). Done afterwards, here, not by telling the counted process: anything it
/// does differently before measuring moves its counts (docs/cpu-cost.md).
enum PreparedDatasets {
    /// Rewrites `folder`'s run.csv for `built` (seconds by cache entry name); nothing when
    /// `built` is empty or run.csv has no dataset rows.
    static func record(_ built: [String: Double], scenario: Scenario, in folder: String) throws {
        guard !built.isEmpty else { return }
        let path = (folder as NSString).appendingPathComponent("run.csv")
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let rows = CSV.parse(String(decoding: data, as: UTF8.self))
        let updated = try recorded(built, scenario: scenario, rows: rows)
        guard updated != rows else { return }
        try ReportWriter.save(updated.map(CSV.line).joined(), to: path)
    }

    /// `rows` (run.csv's, header first) with `dataset_source` and `dataset_seconds` updated.
    static func recorded(_ built: [String: Double], scenario: Scenario, rows: [[String]]) throws -> [[String]] {
        func value(_ key: String) -> (index: Int, words: [String])? {
            guard let index = rows.firstIndex(where: { $0.count == 2 && $0[0] == key }) else { return nil }
            return (index, rows[index][1].split(separator: " ").map(String.init))
        }
        guard let variants = value("completed_variants"), let sources = value("dataset_source"),
              let seconds = value("dataset_seconds"), sources.words.count == variants.words.count,
              seconds.words.count == variants.words.count else { return rows }
        let schema = try SocialStack.schemaDigest()
        var newSources = sources.words, newSeconds = seconds.words
        for (position, name) in variants.words.enumerated() {
            guard let variant = scenario.variants.first(where: { $0.name == name }) else { continue }
            let key = DatasetCacheKey(scenario: scenario, settings: variant.stack ?? scenario.stack, schemaDigest: schema)
            guard newSources[position] == DatasetSource.cache.rawValue, let buildSeconds = built[key.name] else { continue }
            newSources[position] = DatasetSource.built.rawValue
            newSeconds[position] = String(format: "%.3f", (Double(newSeconds[position]) ?? 0) + buildSeconds)
        }
        var updated = rows
        updated[sources.index][1] = newSources.joined(separator: " ")
        updated[seconds.index][1] = newSeconds.joined(separator: " ")
        return updated
    }
}
