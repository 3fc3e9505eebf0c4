/// `report.html`: one self-contained page of plain tables (latency per step and variant,
/// leaks with their cycles, thresholds, memory samples). Charts come with the bundled
/// scenarios.
enum HTMLReport {
    static func page(_ run: RunResult) -> String {
        var html = """
            <!doctype html><html><head><meta charset="utf-8"><title>roost: \(escape(run.scenario.name))</title>
            <style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#eee}td.l{text-align:left}</style>
            </head><body><h1>\(escape(run.scenario.name))</h1><p>\(escape(run.scenario.description))</p>
            <h2>Steps</h2>
            """
        html += table(CSV.parse(ReportFiles.steps(run)))
        html += "<h2>Leaks</h2>" + table(CSV.parse(ReportFiles.leaks(run)))
        html += "<h2>Thresholds</h2>" + table(CSV.parse(ReportFiles.thresholds(run)))
        html += "<h2>Memory</h2>" + table(CSV.parse(ReportFiles.memory(run)))
        return html + "</body></html>\n"
    }

    private static func table(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var html = "<table><tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        for row in rows.dropFirst() {
            html += "<tr>" + row.map { cell in
                Double(cell) == nil ? "<td class=\"l\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>"
            }.joined() + "</tr>"
        }
        return html + "</table>\n"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
