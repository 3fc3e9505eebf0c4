import Foundation

/// The end-of-run summary `roost run` prints (k6-like): per variant and step, count,
/// errors, p50, p90, p99, max, ops/s, allocs/op, bytes/op; leaks; thresholds.
public enum RunSummary {
    /// Output styles.
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown
    }

    /// The summary of `run`, written to `folder`.
    public static func render(_ run: RunResult, folder: String?, format: Format) -> String {
        var lines: [String] = []
        let header = ["step", "count", "errors", "p50", "p90", "p99", "max", "ops/s", "allocs/op", "bytes/op", "allocs p50",
                      "bytes p50", "peak p50"]
        for variant in run.variants {
            let seconds = max(Double(variant.elapsedNanoseconds) / 1e9, 1e-9)
            lines.append(format == .markdown ? "### \(run.scenario.name) / \(variant.variant)" : "\(run.scenario.name) / \(variant.variant)"
                + "  (\(variant.iterations) iterations in \(String(format: "%.2f", seconds)) s"
                + (variant.droppedIterations > 0 ? ", \(variant.droppedIterations) dropped" : "") + ")")
            let rows = variant.steps.map { step in
                [step.step, String(step.count), String(step.errorCount), time(step.percentileMicroseconds(50)),
                 time(step.percentileMicroseconds(90)), time(step.percentileMicroseconds(99)), time(step.maxMicroseconds),
                 String(format: "%.1f", Double(step.count) / seconds), String(format: "%.1f", step.allocationsPerOperation),
                 bytes(step.bytesPerOperation), HTMLText.trimmed(step.allocationsMedian, decimals: 1), bytes(step.bytesMedian),
                 step.peakBytesMedian.map(bytes) ?? "-"]
            }
            lines += table(header: header, rows: rows, format: format)
            lines += ScheduleVerdict(variant, users: run.scenario.virtualUsers).lines
            let leaked = variant.leaks.filter { $0.leaked > 0 }
            if leaked.isEmpty {
                lines.append("leaked objects: 0")
            } else {
                lines.append("leaked objects: \(variant.leakedObjects) (\(bytes(Double(variant.leakedBytes))) shallow)")
                for leak in leaked {
                    lines.append("  \(leak.leaked) of \(leak.created) \(leak.type)" + (leak.cycle.isEmpty ? "" : ": \(leak.cycle)"))
                }
            }
            if let fit = variant.retentionFit {
                lines.append(retentionLine(fit))
            }
            for step in variant.steps {
                for (name, tally) in step.errorTallies.sorted(by: { $0.key < $1.key }) {
                    lines.append(errorLine(step: step.step, name: name, tally))
                }
            }
            lines.append("")
        }
        lines += retentionTable(run, format: format)
        if let counts = run.instructions { lines += [InstructionFiles.text(scenario: run.scenario.name, counts), ""] }
        if !run.thresholds.isEmpty || !run.unjudged.isEmpty {
            lines.append(format == .markdown ? "### thresholds" : "thresholds")
            for verdict in run.thresholds {
                let observed = verdict.observed.map { Self.observed(verdict.threshold.metric.unit, $0) } ?? "not measured"
                lines.append("  \(verdict.passed ? "pass" : "FAIL")  \(verdict.threshold.source)  [\(verdict.variant): \(observed)]")
            }
            for threshold in run.unjudged {
                lines.append("  skip  \(threshold.source)  [variant \(threshold.variant ?? "") did not run]")
            }
        }
        if run.wasInterrupted { lines.append("interrupted: the reports cover what ran") }
        if let rebuilder = run.rebuiltBy {
            lines.append("incomplete: the run was killed; \(rebuilder) rebuilt these reports from what it streamed")
        }
        if let folder { lines.append("reports: \(folder)") }
        return lines.joined(separator: "\n")
    }

    /// `errors: 300 x ScreenError.notSignedIn in open_post: no user is signed in: ... (first: vu 0, iteration 0)`.
    static func errorLine(step: String, name: String, _ tally: ErrorTally) -> String {
        let message = tally.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let first = tally.firstUser.flatMap { user in tally.firstIteration.map { "(first: vu \(user), iteration \($0))" } }
        return "errors: \(tally.count) x \(name) in \(step)" + (message.isEmpty ? "" : ": \(message)") + (first.map { " " + $0 } ?? "")
    }

    /// Memory kept across open/close cycles, one row per variant with two or more closes:
    /// the experiment's table (retained bytes are exact: what the steps allocated and did not
    /// free, up to each close).
    static func retentionTable(_ run: RunResult, format: Format) -> [String] {
        let rows: [[String]] = run.variants.compactMap { variant in
            guard let fit = variant.retentionFit, let first = variant.retention.first, let last = variant.retention.last else {
                return nil
            }
            return [variant.variant, String(fit.closes), bytes(Double(first.retainedBytes)), bytes(Double(last.retainedBytes)),
                    (fit.growthBytes < 0 ? "" : "+") + bytes(Double(fit.growthBytes)), bytes(fit.bytesPerClose),
                    String(format: "%.3f", fit.rSquared), String(variant.leakedObjects),
                    fit.verdict]
        }
        guard !rows.isEmpty else { return [] }
        let header = ["variant", "closes", "after 1st", "after last", "growth", "per close", "R²", "leaked", "memory"]
        return [format == .markdown ? "### retained memory per open/close cycle" : "retained memory per open/close cycle"]
            + table(header: header, rows: rows, format: format) + [""]
    }

    /// The experiment's line: bytes kept per open/close cycle and whether memory came back.
    static func retentionLine(_ fit: RetentionFit) -> String {
        let growth = (fit.growthBytes < 0 ? "" : "+") + bytes(Double(fit.growthBytes))
        return "retained after \(fit.closes) closes: \(growth) since the first close, "
            + "\(bytes(fit.bytesPerClose))/close (R² \(String(format: "%.3f", fit.rSquared))); "
            + "\(fit.verdict) (tolerance \(bytes(Double(fit.toleranceBytes))))"
    }

    private static func table(header: [String], rows: [[String]], format: Format) -> [String] {
        if format == .markdown {
            return ["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---:|" }.joined()]
                + rows.map { "| " + $0.joined(separator: " | ") + " |" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return [line(header)] + rows.map(line)
    }

    /// A threshold's observed value in its metric's unit: `200.5us`, `2.28ms`, `5.3KB`,
    /// `0.5%`, `797.4`.
    static func observed(_ unit: Threshold.Unit, _ value: Double) -> String {
        switch unit {
        case .time:
            abs(value) >= 1_000_000 ? HTMLText.trimmed(value / 1e6, decimals: 3) + "s"
                : abs(value) >= 1_000 ? HTMLText.trimmed(value / 1e3, decimals: 2) + "ms" : HTMLText.trimmed(value, decimals: 1) + "us"
        case .bytes:
            bytes(value)
        case .fraction:
            HTMLText.trimmed(value * 100, decimals: 2) + "%"
        case .count:
            HTMLText.trimmed(value, decimals: 2)
        }
    }

    static func time(_ microseconds: Double) -> String {
        microseconds >= 1_000_000 ? String(format: "%.2fs", microseconds / 1e6)
            : microseconds >= 1_000 ? String(format: "%.2fms", microseconds / 1e3) : String(format: "%.0fus", microseconds)
    }

    static func bytes(_ value: Double) -> String {
        let size = abs(value), sign = value < 0 ? "-" : ""
        return sign + (size >= 1_048_576 ? String(format: "%.1fMB", size / 1_048_576)
            : size >= 1_024 ? String(format: "%.1fKB", size / 1_024) : String(format: "%.0fB", size))
    }
}
