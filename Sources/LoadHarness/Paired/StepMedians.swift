import Foundation

/// The median latency (p50, microseconds) of each variant's steps in one run folder's
/// `steps.csv`: what a paired round compares. Columns are found by name, so a folder written
/// by an older `roost` (fewer columns) reads as well.
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

    /// Medians as given, in `keys`' order.
    public init(_ pairs: [(Key, Double)]) {
        p50 = Dictionary(pairs, uniquingKeysWith: { _, last in last })
        keys = pairs.map(\.0)
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

    /// Reads `<folder>/steps.csv`.
    public static func read(folder: String) throws -> StepMedians {
        let path = (folder as NSString).appendingPathComponent("steps.csv")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PairedError.unreadableRun(path: path, reason: "the run wrote no steps.csv")
        }
        return try StepMedians(stepsCSV: String(decoding: data, as: UTF8.self), path: path)
    }
}
