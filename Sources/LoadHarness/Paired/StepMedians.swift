import Foundation

/// What a paired round compares of one run: each variant's step's median latency (p50,
/// microseconds) from `steps.csv` and, when the run wrote `latencies.csv` (`roost run
/// --timings-only` since it has), every execution's latency. Columns are found by name
/// (`RunTable.read(text:path:requiring:)`), so a folder written by an older `roost` (fewer
/// columns, no latencies.csv) reads as well.
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
        let table: RunTableRows
        do {
            table = try RunTable.steps.read(text: text, path: path, requiring: ["variant", "step", "count", "p50_us"])
        } catch {
            throw PairedError.unreadableRun(path: path, reason: Self.reason(error))
        }
        var pairs: [(Key, Double)] = []
        for row in table.rows {
            guard let value = row["p50_us"].flatMap(Double.init), let executions = row["count"].flatMap(Int.init) else {
                throw PairedError.unreadableRun(path: path, reason: "line \(row.line): expected \(table.header.count) fields with numbers in count and p50_us")
            }
            if executions > 0 && value > 0 { pairs.append((Key(variant: row["variant"]!, step: row["step"]!), value)) }
        }
        self.init(pairs)
    }

    /// Reads `latencies.csv` text (`variant`, `step`, `vu`, `latency_ns`, found by name) into
    /// `executions`; `path` names it in errors.
    public mutating func readExecutions(latenciesCSV text: String, path: String) throws {
        let table: RunTableRows
        do {
            table = try RunTable.latencies.read(text: text, path: path, requiring: ["variant", "step", "vu", "latency_ns"])
        } catch {
            throw PairedError.unreadableRun(path: path, reason: Self.reason(error))
        }
        var byUser: [Key: [Int: [Double]]] = [:]
        for row in table.rows {
            guard let nanoseconds = row["latency_ns"].flatMap(Double.init), let index = row["vu"].flatMap(Int.init) else {
                throw PairedError.unreadableRun(path: path, reason: "line \(row.line): expected \(table.header.count) fields with numbers in vu and latency_ns")
            }
            byUser[Key(variant: row["variant"]!, step: row["step"]!), default: [:]][index, default: []].append(nanoseconds / 1_000)
        }
        executions = byUser.mapValues { users in users.sorted { $0.key < $1.key }.flatMap(\.value) }
    }

    /// Reads `<folder>/steps.csv` and, when there is one, `<folder>/latencies.csv`.
    public static func read(folder: String) throws -> StepMedians {
        let run = RunFolder(folder)
        guard let steps = run.text(RunTable.steps.name) else {
            throw PairedError.unreadableRun(path: run.file(.steps), reason: "the run wrote no steps.csv")
        }
        var medians = try StepMedians(stepsCSV: steps, path: run.file(.steps))
        if let latencies = run.text(RunTable.latencies.name) {
            try medians.readExecutions(latenciesCSV: latencies, path: run.file(.latencies))
        }
        return medians
    }

    /// A reading problem said as `line N: reason`.
    private static func reason(_ error: RunFolderError) -> String {
        if case let .badLine(_, line, reason) = error { return line == 1 ? reason : "line \(line): \(reason)" }
        return error.description
    }
}
