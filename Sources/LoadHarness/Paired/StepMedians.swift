import Foundation

/// What a paired round compares of one run: each variant's step's median latency (p50,
/// microseconds) from `steps.csv` and, when the run wrote `latencies.csv` (`roost run
/// --timings-only` since it has), every execution's latency. Columns are found by name, so a
/// folder written by an older `roost` (fewer columns, no latencies.csv) reads as well.
public struct StepMedians: Equatable, Sendable {
    /// A variant and a step of the scenario.
    public struct Key: Hashable, Comparable, Sendable {
        public let variant: String
        public let step: String

        /// A variant's step.
        public init(variant: String, step: String) {
            self.variant = variant
            self.step = step
        }

        public static func < (a: Key, b: Key) -> Bool { (a.variant, a.step) < (b.variant, b.step) }
    }

    /// p50 in microseconds per variant and step (steps that ran at least once).
    public let p50: [Key: Double]
    /// The keys in the file's order (the scenario's).
    public let keys: [Key]
    /// Every execution's latency in microseconds, per variant and step, each virtual user's in the
    /// order played (users in order); empty when the run wrote no latencies.csv.
    public private(set) var executions: [Key: [Double]] = [:]

    /// Medians as given, in `keys`' order, and executions if known.
    public init(_ pairs: [(Key, Double)], executions: [Key: [Double]] = [:]) {
        p50 = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        keys = pairs.map(\.0)
        self.executions = executions
    }

    /// Reads `steps.csv` text; `path` names it in errors.
    public init(stepsCSV text: String, path: String) throws {
        let rows = CSV.parse(text).filter { $0 != [""] }
        guard let header = rows.first,
              let variant = header.firstIndex(of: "variant"), let step = header.firstIndex(of: "step"),
              let count = header.firstIndex(of: "count"), let median = header.firstIndex(of: "p50_us") else {
            throw PairedError.unreadableRun(path: path, reason: "expected a steps.csv header with variant, step, count and p50_us")
        }
        var pairs: [(Key, Double)] = []
        for (offset, row) in rows.enumerated().dropFirst() {
            guard row.count == header.count, let value = Double(row[median]), let executions = Int(row[count]) else {
                throw PairedError.unreadableRun(path: path, reason: "line \(offset + 1): expected \(header.count) fields with numbers in count and p50_us")
            }
            if executions > 0 && value > 0 { pairs.append((Key(variant: row[variant], step: row[step]), value)) }
        }
        self.init(pairs)
    }

    /// Reads `latencies.csv` text (`variant`, `step`, `vu`, `latency_ns`, found by name) into
    /// `executions`; `path` names it in errors.
    public mutating func readExecutions(latenciesCSV text: String, path: String) throws {
        let rows = CSV.parse(text).filter { $0 != [""] }
        guard let header = rows.first,
              let variant = header.firstIndex(of: "variant"), let step = header.firstIndex(of: "step"),
              let user = header.firstIndex(of: "vu"), let latency = header.firstIndex(of: "latency_ns") else {
            throw PairedError.unreadableRun(path: path, reason: "expected a latencies.csv header with variant, step, vu and latency_ns")
        }
        var byUser: [Key: [Int: [Double]]] = [:]
        for (offset, row) in rows.enumerated().dropFirst() {
            guard row.count == header.count, let nanoseconds = Double(row[latency]), let index = Int(row[user]) else {
                throw PairedError.unreadableRun(path: path, reason: "line \(offset + 1): expected \(header.count) fields with numbers in vu and latency_ns")
            }
            byUser[Key(variant: row[variant], step: row[step]), default: [:]][index, default: []].append(nanoseconds / 1_000)
        }
        executions = byUser.mapValues { users in users.sorted { $0.key < $1.key }.flatMap(\.value) }
    }

    /// Reads `<folder>/steps.csv` and, when there is one, `<folder>/latencies.csv`.
    public static func read(folder: String) throws -> StepMedians {
        let path = (folder as NSString).appendingPathComponent("steps.csv")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PairedError.unreadableRun(path: path, reason: "the run wrote no steps.csv")
        }
        var medians = try StepMedians(stepsCSV: String(decoding: data, as: UTF8.self), path: path)
        let latencies = (folder as NSString).appendingPathComponent("latencies.csv")
        if let text = FileManager.default.contents(atPath: latencies) {
            try medians.readExecutions(latenciesCSV: String(decoding: text, as: UTF8.self), path: latencies)
        }
        return medians
    }
}
