import Foundation

/// The report's header and tables: run facts, variants, thresholds, steps, leaks.
enum HTMLTables {
    /// A table cell: numbers right-aligned, text left (`class="l"`).
    struct Cell {
        var html: String
        var isText = false
        var cssClass = ""

        static func text(_ text: String) -> Cell { Cell(html: HTMLText.escape(text), isText: true) }
        static func number(_ text: String) -> Cell { Cell(html: HTMLText.escape(text)) }
    }

    static func table(_ header: [String], _ rows: [[Cell]], cssClass: String) -> String {
        // A column is aligned like its first cell.
        let textColumns = rows.first.map { $0.map(\.isText) } ?? []
        var html = "<table class=\"\(cssClass)\"><thead><tr>" + header.enumerated().map { offset, name in
            (offset < textColumns.count && textColumns[offset] ? "<th class=\"l\">" : "<th>") + HTMLText.escape(name) + "</th>"
        }.joined() + "</tr></thead><tbody>\n"
        for row in rows {
            html += "<tr>" + row.map { cell in
                let classes = ((cell.isText ? ["l"] : []) + (cell.cssClass.isEmpty ? [] : [cell.cssClass])).joined(separator: " ")
                return (classes.isEmpty ? "<td>" : "<td class=\"\(classes)\">") + cell.html + "</td>"
            }.joined() + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// A variant's name after its colour.
    static func variantCell(_ run: RunResult, _ name: String) -> Cell {
        guard let index = run.variants.firstIndex(where: { $0.variant == name }) else { return .text(name) }
        return Cell(html: VariantPalette.swatch(index) + HTMLText.escape(name), isText: true)
    }

    /// Scenario, description, when it ran, and what each variant did.
    static func header(_ run: RunResult) -> String {
        var html = "<header><h1>\(HTMLText.escape(run.scenario.name))</h1>\n"
        if !run.scenario.description.isEmpty { html += "<p class=\"description\">\(HTMLText.escape(run.scenario.description))</p>\n" }
        let seconds = run.ended.timeIntervalSince(run.started)
        html += "<p class=\"facts\">Started \(HTMLText.escape(HTMLText.date(run.started))), ended "
            + "\(HTMLText.escape(HTMLText.date(run.ended))) (\(HTMLText.escape(HTMLText.duration(seconds)))); seed "
            + "\(run.scenario.seed); \(run.variants.count) variant\(run.variants.count == 1 ? "" : "s").</p>\n"
        if let rebuilder = run.rebuiltBy {
            let unchecked = run.variants.filter { !$0.leaksChecked }.map(\.variant)
            html += "<p class=\"interrupted\">Incomplete: the run was killed; \(HTMLText.escape(rebuilder)) rebuilt this report "
                + "from what it streamed up to its last second."
                + (unchecked.isEmpty ? "" : " No lifetime check ran for " + HTMLText.escape(unchecked.joined(separator: ", "))
                    + ": its leaks are unknown, not zero.") + "</p>\n"
        } else if run.wasInterrupted {
            html += "<p class=\"interrupted\">Interrupted: the run was stopped early; the report covers what ran.</p>\n"
        }
        html += "</header>\n"
        guard !run.variants.isEmpty else {
            return html + "<p class=\"nodata\">No data: no variant ran.</p>\n"
        }
        let rows = run.variants.map { variant -> [Cell] in
            let retained = variant.retention.last.map { RunSummary.bytes(Double($0.retainedBytes)) } ?? "-"
            return [variantCell(run, variant.variant), .number(HTMLText.count(variant.iterations)),
                    .number(HTMLText.count(variant.droppedIterations)),
                    .number(HTMLText.duration(Double(variant.elapsedNanoseconds) / 1e9)),
                    .number(RunSummary.bytes(Double(variant.peakResidentBytes))), .number(HTMLText.count(variant.retentionFit?.closes ?? variant.retention.count)),
                    .number(retained),
                    variant.leaksChecked ? Cell(html: HTMLText.count(variant.leakedObjects), cssClass: variant.leakedObjects > 0 ? "bad" : "")
                        : .number("unknown"),
                    .number(variant.leaksChecked ? RunSummary.bytes(Double(variant.leakedBytes)) : "unknown")]
        }
        return html + table(["variant", "iterations", "dropped", "elapsed", "peak RSS", "closes", "retained at last close",
                             "leaked objects", "leaked bytes"], rows, cssClass: "variants")
    }

    /// Each threshold per variant: passed or failed, and the observed value in its unit.
    static func thresholds(_ run: RunResult) -> String {
        guard !run.thresholds.isEmpty || !run.unjudged.isEmpty else { return "<p class=\"nodata\">No thresholds in this scenario.</p>\n" }
        let failed = run.thresholds.filter { !$0.passed }.count
        var html = "<p class=\"\(failed == 0 ? "ok" : "bad")\">" + (failed == 0 ? "All \(run.thresholds.count) passed."
            : "\(failed) of \(run.thresholds.count) failed.") + "</p>\n"
        let rows = run.thresholds.map { verdict -> [Cell] in
            let name = verdict.threshold.variant == nil && run.variants.count > 1
                ? "\(verdict.threshold.source) [\(verdict.variant)]" : verdict.threshold.source
            return [.text(name), variantCell(run, verdict.variant),
                    .number(verdict.observed.map { observed(verdict.threshold.metric.unit, $0) } ?? "not measured"),
                    Cell(html: verdict.passed ? "true" : "false", cssClass: verdict.passed ? "pass" : "fail")]
        }
        html += table(["threshold", "variant", "observed", "passed"], rows, cssClass: "thresholds")
        if !run.unjudged.isEmpty {
            html += "<p class=\"nodata\">Skipped (their variant did not run): "
                + run.unjudged.map { HTMLText.escape($0.source) }.joined(separator: ", ") + "</p>\n"
        }
        return html
    }

    /// An observed value in the threshold's unit (times are microseconds, sizes bytes).
    static func observed(_ unit: Threshold.Unit, _ value: Double) -> String { RunSummary.observed(unit, value) }

    /// Per variant and step: count, errors, percentiles, throughput and allocations.
    static func steps(_ run: RunResult) -> String {
        let rows = run.variants.flatMap { variant in
            let seconds = max(Double(variant.elapsedNanoseconds) / 1e9, 1e-9)
            return variant.steps.map { step -> [Cell] in
                let empty = step.count == 0
                func time(_ percentile: Double) -> Cell { .number(empty ? "-" : RunSummary.time(step.percentileMicroseconds(percentile))) }
                return [variantCell(run, variant.variant), .text(step.step), .number(HTMLText.count(step.count)),
                        Cell(html: HTMLText.count(step.errorCount), cssClass: step.errorCount > 0 ? "bad" : ""),
                        time(50), time(90), time(99), .number(empty ? "-" : RunSummary.time(step.maxMicroseconds)),
                        .number(HTMLText.trimmed(Double(step.count) / seconds, decimals: 1)),
                        .number(HTMLText.trimmed(step.allocationsPerOperation, decimals: 1)),
                        .number(RunSummary.bytes(step.bytesPerOperation))]
            }
        }
        guard !rows.isEmpty else { return "<p class=\"nodata\">No data: no measured step ran.</p>\n" }
        return table(["variant", "step", "count", "errors", "p50", "p90", "p99", "max", "ops/s", "allocs/op", "bytes/op"], rows,
                     cssClass: "steps")
    }

    /// Tracked types per variant: how many were created and survived, and the retain cycle.
    static func leaks(_ run: RunResult) -> String {
        let rows = run.variants.flatMap { variant in
            variant.leaks.map { leak -> [Cell] in
                [variantCell(run, variant.variant), .text(leak.type), .number(HTMLText.count(leak.created)),
                 Cell(html: HTMLText.count(leak.leaked), cssClass: leak.leaked > 0 ? "bad" : ""),
                 .number(RunSummary.bytes(Double(leak.leakedBytes))),
                 Cell(html: leak.cycle.isEmpty ? "" : "<code>\(HTMLText.escape(leak.cycle))</code>", isText: true, cssClass: "cycle")]
            }
        }
        guard !rows.isEmpty else { return "<p class=\"nodata\">No data: no object was tracked.</p>\n" }
        return table(["variant", "type", "created", "leaked", "leaked bytes", "cycle"], rows, cssClass: "leaks")
    }
}
