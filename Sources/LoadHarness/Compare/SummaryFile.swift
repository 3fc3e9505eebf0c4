import Foundation

/// A run folder's `summary.csv`, read back.
struct SummaryFile {
    struct Key: Hashable, Comparable {
        let scenario: String
        let variant: String
        let metric: String

        static func < (a: Key, b: Key) -> Bool {
            (a.scenario, a.variant, a.metric) < (b.scenario, b.variant, b.metric)
        }
    }

    let values: [Key: Double]
    var keys: [Key] { Array(values.keys) }

    static let header = ["scenario", "variant", "metric", "value", "unit"]

    static func read(folder: String) throws -> SummaryFile {
        let path = (folder as NSString).appendingPathComponent("summary.csv")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ComparisonError.unreadable(path: path, reason: "no summary.csv here: pass a folder `roost run` wrote")
        }
        let rows = CSV.parse(String(decoding: data, as: UTF8.self))
        guard rows.first == header else {
            throw ComparisonError.badSummary(path: path, line: 1, reason: "expected the header \(header.joined(separator: ","))")
        }
        var values: [Key: Double] = [:]
        for (offset, row) in rows.dropFirst().enumerated() {
            guard row.count == header.count, let value = Double(row[3]) else {
                throw ComparisonError.badSummary(path: path, line: offset + 2,
                                                 reason: "expected 5 fields with a number in 'value', got \(row.joined(separator: ","))")
            }
            values[Key(scenario: row[0], variant: row[1], metric: row[2])] = value
        }
        return SummaryFile(values: values)
    }
}
