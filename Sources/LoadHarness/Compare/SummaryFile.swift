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
        guard let rows = try RunFolderCSV.rows(path, header: header) else {
            throw ComparisonError.unreadable(path: path, reason: "no summary.csv here: pass a folder `roost run` wrote")
        }
        var values: [Key: Double] = [:]
        for (line, row) in rows {
            guard let value = Double(row[3]) else {
                throw ComparisonError.badSummary(path: path, line: line,
                                                 reason: "expected a number in 'value', got \(row.joined(separator: ","))")
            }
            values[Key(scenario: row[0], variant: row[1], metric: row[2])] = value
        }
        return SummaryFile(values: values)
    }
}

/// Per scenario, variant and step, how many times the step ran (`steps.csv`): how far a
/// percentile can be trusted. Empty when the folder has no steps.csv.
struct StepCounts {
    let counts: [SummaryFile.Key: Int]

    /// steps.csv's header, and the older ones it began as (before `allocs_p50,bytes_p50`,
    /// before the statement columns): every one of its beginnings from `bytes_per_op` on.
    static let headers = (14...ReportFiles.stepsHeader.count).reversed().map { Array(ReportFiles.stepsHeader.prefix($0)) }

    /// The count of `step` (nil: every step of the variant).
    func count(scenario: String, variant: String, step: String?) -> Int? {
        if let step { return counts[SummaryFile.Key(scenario: scenario, variant: variant, metric: step)] }
        let all = counts.filter { $0.key.scenario == scenario && $0.key.variant == variant }
        return all.isEmpty ? nil : all.values.reduce(0, +)
    }

    static func read(folder: String) throws -> StepCounts {
        let path = (folder as NSString).appendingPathComponent("steps.csv")
        var counts: [SummaryFile.Key: Int] = [:]
        for (line, row) in try RunFolderCSV.rows(path, headers: headers) ?? [] {
            guard let count = Int(row[3]) else {
                throw ComparisonError.badSummary(path: path, line: line, reason: "expected a whole number in 'count', got '\(row[3])'")
            }
            counts[SummaryFile.Key(scenario: row[0], variant: row[1], metric: row[2])] = count
        }
        return StepCounts(counts: counts)
    }
}

/// The leaked types of a run and their cycles (`leaks.csv`), to name them beside a leak
/// regression. Empty when the folder has no leaks.csv.
struct LeakLines {
    struct Leak: Hashable, Sendable {
        let scenario: String, variant: String, type: String
        let created: Int, leaked: Int
        let cycle: String
    }

    let leaks: [Leak]

    static let header = ["scenario", "variant", "type", "created", "leaked", "leaked_bytes", "cycle", "retained_bytes"]

    static func read(folder: String) throws -> LeakLines {
        let path = (folder as NSString).appendingPathComponent("leaks.csv")
        // Runs written before `retained_bytes` have the header without it.
        let rows = try (try? RunFolderCSV.rows(path, header: header)) ?? RunFolderCSV.rows(path, header: Array(header.dropLast())) ?? []
        return LeakLines(leaks: rows.compactMap { _, row in
            guard let created = Int(row[3]), let leaked = Int(row[4]), leaked > 0 else { return nil }
            return Leak(scenario: row[0], variant: row[1], type: row[2], created: created, leaked: leaked, cycle: row[6])
        })
    }
}

/// Reading one of a run folder's CSV files back.
enum RunFolderCSV {
    /// The data rows with their line numbers, after checking the header and every row's
    /// width; blank lines are skipped. nil when the file is absent.
    static func rows(_ path: String, header: [String]) throws -> [(line: Int, row: [String])]? {
        try rows(path, headers: [header])
    }

    /// The same, for a file that may carry any of `headers` (the first is the current one).
    static func rows(_ path: String, headers: [[String]]) throws -> [(line: Int, row: [String])]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let rows = CSV.parse(String(decoding: data, as: UTF8.self))
        guard let header = headers.first(where: { $0 == rows.first }) else {
            throw ComparisonError.badSummary(path: path, line: 1, reason: "expected the header \(headers[0].joined(separator: ","))")
        }
        var result: [(line: Int, row: [String])] = []
        for (offset, row) in rows.enumerated().dropFirst() where row != [""] {
            guard row.count == header.count else {
                throw ComparisonError.badSummary(path: path, line: offset + 1,
                                                 reason: "expected \(header.count) fields, got \(row.count): \(row.joined(separator: ","))")
            }
            result.append((offset + 1, row))
        }
        return result
    }
}
