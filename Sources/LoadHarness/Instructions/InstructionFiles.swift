import Foundation

/// The files `roost run --instructions` adds to a run folder (design section 12):
/// `instructions.csv` (per variant, step and function: own and inclusive instructions over
/// the step's executions), `profiles/<variant>.instructions.folded`, the metrics
/// `instructions(step)` (mean per execution) and `instructions_p50(step)` (median) in
/// `summary.csv`, `measured_under,callgrind` in `run.csv`, and a section in `report.html`.
enum InstructionFiles {
    static let header = ["scenario", "variant", "step", "function", "executions", "self_instructions", "inclusive_instructions"]
    /// The metrics added to `summary.csv`, per step.
    static let meanMetric = "instructions", medianMetric = "instructions_p50"
    /// `run.csv`'s key saying the latencies were measured under callgrind (never judged).
    static let measuredUnderKey = "measured_under"

    /// `instructions.csv` of one scenario's run.
    static func functions(scenario: String, _ profile: InstructionProfile) -> String {
        var csv = CSV(header: header)
        for key in profile.order {
            guard let step = profile.steps[key] else { continue }
            for function in step.functions() {
                csv.append([scenario, key.variant, key.step, function.function, String(step.executions.count),
                            String(function.selfInstructions), String(function.inclusiveInstructions)])
            }
        }
        return csv.text
    }

    /// One variant's folded stacks: the step as the root frame, then the functions root first.
    static func folded(variant: String, _ profile: InstructionProfile) -> String {
        var text = ""
        for key in profile.order where key.variant == variant {
            for stack in profile.steps[key]?.foldedStacks() ?? [] {
                text += ([key.step] + stack.frames).joined(separator: ";") + " \(stack.value)\n"
            }
        }
        return text
    }

    static func foldedPath(variant: String) -> String { "profiles/\(variant).instructions.folded" }

    /// The rows `summary.csv` gains: per variant and step, the mean and the median per execution.
    static func summaryRows(scenario: String, _ profile: InstructionProfile) -> [[String]] {
        profile.order.flatMap { key -> [[String]] in
            guard let step = profile.steps[key] else { return [] }
            return [[scenario, key.variant, "\(meanMetric)(\(key.step))", CSV.number(step.mean), "count"],
                    [scenario, key.variant, "\(medianMetric)(\(key.step))", CSV.number(step.median), "count"]]
        }
    }

    /// Writes the files into `folder` (a run `roost run` just wrote) and adds the rows and the
    /// report section to its summary.csv, run.csv and report.html.
    /// Returns the verdicts of the scenario's instruction thresholds (also added to thresholds.csv).
    @discardableResult
    static func write(_ profile: InstructionProfile, scenario run: Scenario, to folder: String) throws -> [ThresholdVerdict] {
        let scenario = run.name
        try FileManager.default.createDirectory(atPath: folder + "/profiles", withIntermediateDirectories: true)
        try ReportWriter.save(functions(scenario: scenario, profile), to: folder + "/instructions.csv")
        for variant in profile.variants {
            try ReportWriter.save(folded(variant: variant, profile), to: folder + "/" + foldedPath(variant: variant))
        }
        try append(summaryRows(scenario: scenario, profile).map(CSV.line).joined(), to: folder + "/summary.csv")
        try append(CSV.line([measuredUnderKey, "callgrind"]), to: folder + "/run.csv")
        let verdicts = InstructionThresholds.evaluate(run.thresholds, profile)
        if !verdicts.isEmpty {
            try append(InstructionThresholds.rows(scenario: scenario, verdicts, variantCount: run.variants.count)
                .map(CSV.line).joined(), to: folder + "/thresholds.csv")
        }
        let report = folder + "/report.html"
        if let page = FileManager.default.contents(atPath: report) {
            let html = String(decoding: page, as: UTF8.self)
            try ReportWriter.save(InstructionSection.inserted(into: html, scenario: scenario, profile), to: report)
        }
        return verdicts
    }

    /// `text` added at the end of the file at `path` (written whole to a temporary name and renamed).
    private static func append(_ text: String, to path: String) throws {
        let old = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try ReportWriter.save(old + (old.isEmpty || old.hasSuffix("\n") ? "" : "\n") + text, to: path)
    }

    /// `1,234`, `12.3k`, `4.56M`, `7.89G`: an instruction count for people.
    static func count(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e9 { return String(format: "%.2fG", value / 1e9) }
        if magnitude >= 1e6 { return String(format: "%.2fM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.1fk", value / 1e3) }
        return String(format: "%.0f", value)
    }

    /// The summary `roost run --instructions` prints: per variant and step, mean and median per execution.
    static func text(scenario: String, _ profile: InstructionProfile) -> String {
        var lines = ["instructions per execution (callgrind, measured steps only) for \(scenario):"]
        let width = max(4, profile.order.map(\.step.count).max() ?? 4)
        for variant in profile.variants {
            lines.append("  \(variant)")
            for key in profile.order where key.variant == variant {
                guard let step = profile.steps[key] else { continue }
                lines.append("    " + key.step.padding(toLength: width, withPad: " ", startingAt: 0)
                             + "  mean " + count(step.mean).leftPadded(9) + "  median " + count(step.median).leftPadded(9)
                             + "  (\(step.executions.count) executions)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
