import Foundation

/// What `roost run --instructions` adds to a run folder (design section 12), written by the
/// run's one writer with every other file: `instructions.csv` (`RunTable.instructions`: per
/// variant, step and function, own and inclusive instructions over the step's executions),
/// `profiles/<variant>.instructions.folded`, the metrics `instructions(step)` (mean per
/// execution) and `instructions_p50(step)` (median) in `summary.csv`, `measured_under,callgrind`
/// in `run.csv`, and a section in `report.html`.
enum InstructionFiles {
    static var header: [String] { RunTable.instructions.header }
    /// The metrics added to `summary.csv`, per step.
    static let meanMetric = "instructions", medianMetric = "instructions_p50"
    /// The kind of folded file (`profiles/<variant>.instructions.folded`).
    static let foldedKind = "instructions"

    /// `instructions.csv`'s rows of one scenario's run.
    static func rows(scenario: String, _ counts: InstructionCounts) -> [[String]] {
        counts.order.flatMap { key -> [[String]] in
            guard let step = counts.steps[key] else { return [] }
            return step.functions.map { function in
                [scenario, key.variant, key.step, function.function, String(step.count), String(function.selfInstructions),
                 String(function.inclusiveInstructions)]
            }
        }
    }

    /// `instructions.csv` of one scenario's run.
    static func functions(scenario: String, _ counts: InstructionCounts) -> String {
        RunTable.instructions.text(rows(scenario: scenario, counts))
    }

    static func functions(scenario: String, _ profile: InstructionProfile) -> String {
        functions(scenario: scenario, InstructionCounts(profile))
    }

    /// One variant's folded stacks: the step as the root frame, then the functions root first.
    static func folded(variant: String, _ counts: InstructionCounts) -> String {
        var text = ""
        for key in counts.order where key.variant == variant {
            for stack in counts.steps[key]?.stacks ?? [] {
                text += ([key.step] + stack.frames).joined(separator: ";") + " \(stack.value)\n"
            }
        }
        return text
    }

    static func folded(variant: String, _ profile: InstructionProfile) -> String { folded(variant: variant, InstructionCounts(profile)) }

    static func foldedPath(variant: String) -> String { RunFolder.folded(variant: variant, kind: foldedKind) }

    /// The rows `summary.csv` gains: per variant and step, the mean and the median per execution.
    static func summaryRows(scenario: String, _ counts: InstructionCounts) -> [[String]] {
        counts.order.flatMap { key -> [[String]] in
            guard let step = counts.steps[key] else { return [] }
            return [[scenario, key.variant, MetricKey(meanMetric, step: key.step).description, CSV.number(step.mean), "count"],
                    [scenario, key.variant, MetricKey(medianMetric, step: key.step).description, CSV.number(step.median), "count"]]
        }
    }

    static func summaryRows(scenario: String, _ profile: InstructionProfile) -> [[String]] {
        summaryRows(scenario: scenario, InstructionCounts(profile))
    }

    /// One row of instructions.csv read back.
    struct Row: Sendable {
        let scenario: String, variant: String, step: String
        let function: InstructionProfile.Step.FunctionCost
        let executions: Int
    }

    /// The folder's instructions.csv; nil when it has none (a run without `--instructions`).
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row]? {
        guard let table = try folder.read(.instructions) else { return nil }
        var rows: [Row] = []
        for row in table.rows {
            let executions: Int, own: UInt64, inclusive: UInt64
            do {
                executions = try row.number("executions")
                own = try row.number("self_instructions")
                inclusive = try row.number("inclusive_instructions")
                guard executions > 0 else { throw row.problem("") }
            } catch {
                throw row.problem("expected numbers in 'executions' (above 0), 'self_instructions' and 'inclusive_instructions', "
                    + "got \(row.fields.joined(separator: ","))")
            }
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), step: try row.text("step"),
                            function: .init(function: try row.text("function"), selfInstructions: own, inclusiveInstructions: inclusive),
                            executions: executions))
        }
        return rows
    }

    /// `1,234`, `12.3k`, `4.56M`, `7.89G`: an instruction count for people.
    static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return String(format: "%.2fG", value / 1e9) }
        if magnitude >= 1e6 { return String(format: "%.2fM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.1fk", value / 1e3) }
        return String(format: "%.0f", value)
    }

    /// What `roost run --instructions` prints: per variant and step, mean and median per execution.
    static func text(scenario: String, _ counts: InstructionCounts) -> String {
        var lines = ["instructions per execution (callgrind, measured steps only) for \(scenario):"]
        let width = max(4, counts.order.map(\.step.count).max() ?? 4)
        for variant in counts.variants {
            lines.append("  \(variant)")
            for key in counts.order where key.variant == variant {
                guard let step = counts.steps[key] else { continue }
                lines.append("    " + key.step.padding(toLength: width, withPad: " ", startingAt: 0)
                             + "  mean " + count(step.mean).leftPadded(9) + "  median " + count(step.median).leftPadded(9)
                             + "  (\(step.count) executions)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
