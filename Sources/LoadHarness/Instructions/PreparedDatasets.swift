import Foundation
import SocialStack

/// `run.csv`'s dataset rows for a run whose datasets `roost run --instructions` built before
/// the counted process started (`DatasetCache.prepare(for:)`). The counted process found
/// them in the cache and says `cache`; for each variant whose entry was built, run.csv says `built`
/// and adds the build's seconds, as a plain run that built its datasets first says
/// (`DatasetPrebuild`). The driving process, which writes the run's files, knows what it built;
/// the counted process is not told: anything it does differently before measuring moves its
/// counts (docs/cpu-cost.md).
enum PreparedDatasets {
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
