/// `report.html`'s database section (design section 11): per variant and step, the step's
/// statements by VM steps per execution, a full scan and a temporary b-tree (a sort or a
/// DISTINCT no index gave) marked on the statement that has one.
enum QueriesSection {
    static func html(_ run: RunResult) -> String {
        guard QueriesFile.hasCounts(run) else {
            return "<p class=\"nodata\">No database counts: a run rebuilt from what a killed run streamed has none "
                + "(they are written when a variant ends).</p>\n"
        }
        var html = "<p class=\"note\">SQLite's own counts (sqlite3_stmt_status) of every statement each step ran, per "
            + "execution of the step, most VM steps first. <span class=\"mark scan\">full scan</span> marks a statement "
            + "that stepped through a whole table or index; <span class=\"mark temp\">temp b-tree</span> one whose plan "
            + "sorts or de-duplicates in a temporary b-tree.</p>\n"
        for (index, variant) in run.variants.enumerated() where !variant.statements.isEmpty {
            for step in variant.steps {
                guard let counts = variant.statements[step.step], counts.executions > 0, !counts.statements.isEmpty else { continue }
                html += "<h3 class=\"queries\">" + VariantPalette.swatch(index) + HTMLText.escape(variant.variant) + " · "
                    + HTMLText.escape(step.step) + " <span class=\"note\">(" + HTMLText.count(counts.executions)
                    + " executions; per execution: " + number(counts.mean(.statements)) + " statements, "
                    + number(counts.mean(.vmSteps)) + " VM steps)</span></h3>\n"
                html += table(counts, plans: variant.statementPlans, step: step.step, variant: variant.variant)
            }
        }
        return html
    }

    private static func table(_ counts: StepStatements, plans: [String: String], step: String, variant: String) -> String {
        let executions = Double(counts.executions)
        var html = "<table class=\"queries\"><thead><tr><th class=\"l\">statement</th><th>runs</th><th>VM steps</th>"
            + "<th>full-scan steps</th><th>sorts</th><th>autoindex rows</th><th class=\"l\">plan</th></tr></thead><tbody>\n"
        for (sql, totals) in QueriesFile.ranked(counts) {
            let plan = plans[sql] ?? StatementPlans.unknown
            let scan = totals.fullscanSteps > 0, temp = plan.contains("USE TEMP B-TREE")
            let marks = (scan ? " <span class=\"mark scan\">full scan</span>" : "") + (temp ? " <span class=\"mark temp\">temp b-tree</span>" : "")
            html += "<tr data-variant=\"\(HTMLText.escape(variant))\" data-step=\"\(HTMLText.escape(step))\""
                + " data-fullscan=\"\(scan)\" data-temp-btree=\"\(temp)\">"
                + "<td class=\"l sql\"><code>\(HTMLText.escape(sql))</code>\(marks)</td>"
                + [totals.runs, totals.vmSteps, totals.fullscanSteps, totals.sorts, totals.autoindexRows]
                    .map { "<td>" + number(Double($0) / executions) + "</td>" }.joined()
                + "<td class=\"l plan\"><code>\(HTMLText.escape(plan.isEmpty ? "(no plan: no table read)" : plan))</code></td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private static func number(_ value: Double) -> String { HTMLText.trimmed(value, decimals: 2) }

    /// The section's styles.
    static let style = """
        h3.queries{font-size:15px;margin:16px 0 4px}table.queries td.sql,table.queries td.plan{max-width:460px;overflow-wrap:anywhere}
        .mark{display:inline-block;font-size:11px;font-weight:600;padding:0 5px;border-radius:3px;margin-left:4px;white-space:nowrap}
        .mark.scan{background:#fde8e8;color:#b71c1c}.mark.temp{background:#fff3cd;color:#7a5b00}
        """
}
