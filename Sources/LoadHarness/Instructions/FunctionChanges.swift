import Foundation

/// Per step whose instructions per execution got worse or better in `roost compare` (or moved
/// only in the runtime's metadata lookups, `RuntimeLookups`): the
/// functions whose own instructions per execution moved most (from both runs'
/// `instructions.csv`), with their inclusive counts beside them.
public struct FunctionChanges: Sendable, Hashable {
    /// One function's change, per execution of its step.
    public struct Function: Sendable, Hashable {
        public let function: String
        /// Own instructions per execution before and after (0 where the function did not run).
        public let selfBefore: Double, selfAfter: Double
        /// Inclusive instructions per execution before and after.
        public let inclusiveBefore: Double, inclusiveAfter: Double
        /// Ran in one run only: "new" or "gone".
        public var presence: String? {
            inclusiveBefore == 0 ? "new" : inclusiveAfter == 0 ? "gone" : nil
        }
    }

    public let scenario: String, variant: String, step: String
    /// The functions that moved most, by the size of their own change.
    public let functions: [Function]
    /// How many functions changed at all.
    public let changedFunctions: Int

    /// How many functions are named per step.
    public static let shown = 5

    /// Per step of a judged instruction change, the functions that moved; empty when either
    /// folder has no instructions.csv.
    static func of(_ changes: [RunComparison.Change], baseline: ComparedRun, current: ComparedRun) throws -> [FunctionChanges] {
        guard let before = try read(baseline), let after = try read(current) else { return [] }
        var keys = Set<[String]>()
        for change in changes where [.regression, .improvement, .runtimeLookups].contains(change.verdict) {
            guard let key = MetricKey(parsing: change.metric), InstructionComparison.metrics.contains(key.name),
                  let step = key.runStep else { continue }
            keys.insert([change.scenario, change.variant, step])
        }
        return keys.sorted { $0.joined(separator: "\t") < $1.joined(separator: "\t") }.compactMap { key in
            let old = before[key] ?? [:], new = after[key] ?? [:]
            let moved = Set(old.keys).union(new.keys).compactMap { name -> Function? in
                let a = old[name] ?? (0, 0), b = new[name] ?? (0, 0)
                guard a != b else { return nil }
                return Function(function: name, selfBefore: a.0, selfAfter: b.0, inclusiveBefore: a.1, inclusiveAfter: b.1)
            }.sorted { (abs($0.selfAfter - $0.selfBefore), $1.function) > (abs($1.selfAfter - $1.selfBefore), $0.function) }
            guard !moved.isEmpty else { return nil }
            return FunctionChanges(scenario: key[0], variant: key[1], step: key[2], functions: Array(moved.prefix(shown)),
                                   changedFunctions: moved.count)
        }
    }

    /// instructions.csv per scenario, variant and step: each function's (own, inclusive) per execution.
    static func read(_ run: ComparedRun) throws -> [[String]: [String: (Double, Double)]]? {
        guard let rows = try ComparisonError.reading({ () throws(RunFolderError) in try InstructionFiles.read(run.folder) }) else {
            return nil
        }
        var steps: [[String]: [String: (Double, Double)]] = [:]
        for row in rows {
            let key = [row.scenario, row.variant, row.step], executions = Double(row.executions)
            let old = steps[key, default: [:]][row.function.function] ?? (0, 0)
            steps[key, default: [:]][row.function.function] = (old.0 + Double(row.function.selfInstructions) / executions,
                                                               old.1 + Double(row.function.inclusiveInstructions) / executions)
        }
        return steps
    }

    /// Text lines for `roost compare` (markdown: a table per step).
    static func render(_ all: [FunctionChanges], markdown: Bool) -> [String] {
        guard !all.isEmpty else { return [] }
        func n(_ value: Double) -> String { CSV.number(value.rounded()) }
        func delta(_ a: Double, _ b: Double) -> String { (b >= a ? "+" : "") + n(b - a) }
        var lines: [String] = []
        if !markdown { lines.append("functions whose instructions changed most (per execution of the step, from instructions.csv):") }
        for step in all {
            let title = "\(step.scenario)/\(step.variant) \(step.step): \(step.changedFunctions) changed function"
                + (step.changedFunctions == 1 ? "" : "s")
            if markdown {
                lines.append("#### Functions that changed most in \(step.scenario)/\(step.variant) `\(step.step)` "
                    + "(instructions per execution; \(step.changedFunctions) changed)")
                lines.append("| function | own | inclusive |")
                lines.append("|---|---:|---:|")
            } else {
                lines.append("  " + title)
            }
            for function in step.functions {
                let presence = function.presence.map { " (\($0))" } ?? ""
                if markdown {
                    lines.append("| `\(function.function)`\(presence) | \(n(function.selfBefore)) -> \(n(function.selfAfter)) "
                        + "(\(delta(function.selfBefore, function.selfAfter))) | \(n(function.inclusiveBefore)) -> "
                        + "\(n(function.inclusiveAfter)) (\(delta(function.inclusiveBefore, function.inclusiveAfter))) |")
                } else {
                    lines.append("    \(delta(function.selfBefore, function.selfAfter)) own, "
                        + "\(delta(function.inclusiveBefore, function.inclusiveAfter)) inclusive  \(function.function)\(presence)"
                        + "  (own \(n(function.selfBefore)) -> \(n(function.selfAfter)))")
                }
            }
        }
        return lines
    }
}
