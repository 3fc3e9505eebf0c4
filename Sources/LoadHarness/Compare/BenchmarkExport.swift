import Foundation

/// A run folder's smaller-is-better metrics as github-action-benchmark's
/// `customSmallerIsBetter` JSON: `[{"name": ..., "unit": ..., "value": ...}]`, for its
/// charts across commits and its own alert threshold.
public enum BenchmarkExport {
    /// Per step: latency p50, p90, p99 (us), allocations and bytes per operation, SQLite's
    /// statements, VM steps and full-scan steps per operation; per variant: leaked objects and
    /// bytes, bytes retained per close. Throughput is left out (bigger is better).
    static let stepMetrics = ["p50", "p90", "p99", "allocs_per_op", "bytes_per_op", "statements", "vm_steps", "fullscan_steps"]
    static let variantMetrics = ["leaked_objects", "leaked_bytes", "retained_per_close"]

    /// One entry.
    public struct Entry: Codable, Hashable, Sendable {
        public let name: String
        public let unit: String
        public let value: Double
    }

    /// The entries of every folder's summary.csv, in folder order and then as written there.
    public static func entries(folders: [String]) throws -> [Entry] {
        var entries: [Entry] = []
        for folder in folders {
            let summary = try ComparedRun.read(folder).summary
            for key in summary.order {
                let metric = key.metricKey
                guard metric.step != nil ? stepMetrics.contains(metric.name) : variantMetrics.contains(metric.name),
                      let value = summary.values[key] else { continue }
                entries.append(Entry(name: "\(key.scenario) \(key.variant) \(key.metric)", unit: summary.units[key] ?? "", value: value))
            }
        }
        return entries
    }

    /// The JSON text, pretty-printed with sorted keys so it diffs well.
    public static func json(_ entries: [Entry]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }
}
