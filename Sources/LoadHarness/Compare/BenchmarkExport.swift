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
            let path = (folder as NSString).appendingPathComponent("summary.csv")
            guard let rows = try RunFolderCSV.rows(path, header: SummaryFile.header) else {
                throw ComparisonError.unreadable(path: path, reason: "no summary.csv here: pass a folder `roost run` wrote")
            }
            for (line, row) in rows {
                let metric = row[2], base = metric.split(separator: "(").first.map(String.init) ?? metric
                let perStep = metric.contains("(")
                guard perStep ? stepMetrics.contains(base) : variantMetrics.contains(base) else { continue }
                guard let value = Double(row[3]) else {
                    throw ComparisonError.badSummary(path: path, line: line, reason: "expected a number in 'value', got '\(row[3])'")
                }
                entries.append(Entry(name: "\(row[0]) \(row[1]) \(metric)", unit: row[4], value: value))
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
