import Foundation

/// A run folder's `allocations.csv` read back: per scenario, variant and step, each site's
/// allocations and bytes per execution, and the profile's mode from `run.csv`. nil when the
/// run carries no profile.
struct AllocationSites {
    /// One step of one variant.
    struct StepKey: Hashable, Comparable, Sendable {
        let scenario: String, variant: String, step: String

        static func < (a: StepKey, b: StepKey) -> Bool {
            (a.scenario, a.variant, a.step) < (b.scenario, b.variant, b.step)
        }
    }

    /// A site's allocations and bytes per execution of its step.
    struct PerOp: Hashable, Sendable {
        var allocations: Double
        var bytes: Double
    }

    let steps: [StepKey: [String: PerOp]]
    /// `exact` or `sampled` (run.csv's `allocation_profile`); nil for a run written before it was recorded.
    let mode: String?

    static let header = ["scenario", "variant", "step", "site", "executions", "allocs", "bytes", "retained_allocs", "retained_bytes"]

    static func read(folder: String) throws -> AllocationSites? {
        let path = (folder as NSString).appendingPathComponent("allocations.csv")
        guard let rows = try RunFolderCSV.rows(path, header: header) else { return nil }
        var steps: [StepKey: [String: PerOp]] = [:]
        for (line, row) in rows {
            guard let executions = Double(row[4]), executions > 0, let allocations = Double(row[5]), let bytes = Double(row[6]) else {
                throw ComparisonError.badSummary(path: path, line: line,
                                                 reason: "expected numbers in 'executions' (above 0), 'allocs' and 'bytes', got \(row.joined(separator: ","))")
            }
            let key = StepKey(scenario: row[0], variant: row[1], step: row[2])
            // The same site twice in one step (a file written by hand): their sum.
            steps[key, default: [:]][row[3], default: PerOp(allocations: 0, bytes: 0)].allocations += allocations / executions
            steps[key, default: [:]][row[3], default: PerOp(allocations: 0, bytes: 0)].bytes += bytes / executions
        }
        return AllocationSites(steps: steps, mode: try runInfoValue("allocation_profile", folder: folder))
    }

    /// One row's value of the folder's `run.csv`, nil when the file or the row is absent.
    private static func runInfoValue(_ key: String, folder: String) throws -> String? {
        let path = (folder as NSString).appendingPathComponent("run.csv")
        return try RunFolderCSV.rows(path, header: ["key", "value"])?.first { $0.row[0] == key }?.row[1]
    }
}
