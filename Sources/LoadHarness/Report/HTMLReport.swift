/// `report.html`: one self-contained page per run (no script, no external style, font or
/// image; charts are inline SVG). In order: header, thresholds, latency percentile curves,
/// steps table, memory over time, retained bytes per close, leaks, database work per step,
/// allocation flame graphs.
/// Each variant keeps its colour in every chart and table.
enum HTMLReport {
    static func page(_ run: RunResult) -> String {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>roost: \(HTMLText.escape(run.scenario.name))</title>\n<style>\(style)\(FlameGraphSection.style)\(QueriesSection.style)</style>\n</head>\n<body>\n"
        html += HTMLTables.header(run)
        html += section("thresholds", "Thresholds", HTMLTables.thresholds(run))
        html += section("latency", "Latency percentiles",
                        "<p class=\"note\">Per measured step, one line per variant: latency at each percentile, on the "
                            + "HdrHistogram log scale (x = log10(1 / (1 - p))). A line ends at the last percentile its "
                            + "operations resolve, where it reaches the maximum; dotted beyond it (every higher "
                            + "percentile is the maximum).</p>\n" + LatencyChart.figures(run))
        html += section("steps", "Steps", HTMLTables.steps(run))
        html += section("memory", "Memory over time",
                        "<p class=\"note\">Process-wide, sampled every 100 ms and after every close; each variant's time "
                            + "starts at 0. Hollow dots mark the closes.</p>\n" + MemoryChart.figures(run))
        html += section("over-time", "Throughput, latency, errors and load over time",
                        "<p class=\"note\">Per second of the measured phase (timeseries.csv), on the memory charts' time axis: "
                            + "executions per second, the second's p99 (solid) and p50 (dashed), and failed executions "
                            + "per second over all steps. A last second shorter than half a second is left out of throughput. "
                            + "Under them, the load: active virtual users, iterations started per second against the "
                            + "schedule's target, and in an open model how late the schedule started them and what it dropped."
                            + "</p>\n" + ErrorChart.figure(run) + TimeSeriesChart.figures(run)
                            + LoadChart.figures(run))
        html += section("retention", "Retained bytes per close",
                        "<p class=\"note\">Bytes the measured steps allocated and did not free, after each close; the "
                            + "dashed line is the least-squares fit.</p>\n<div class=\"charts\">\n"
                            + RetentionChart.figure(run) + "</div>\n")
        html += section("leaks", "Leaks", HTMLTables.leaks(run))
        html += section("queries", "Database work per step", QueriesSection.html(run))
        html += section("profiles", "Where the bytes were allocated", FlameGraphSection.html(run))
        if let counts = run.instructions { html += InstructionSection.section(counts) }
        return html + "</body>\n</html>\n"
    }

    private static func section(_ id: String, _ title: String, _ body: String) -> String {
        "<section id=\"\(id)\"><h2>\(HTMLText.escape(title))</h2>\n\(body)</section>\n"
    }

    /// The page's whole style sheet.
    static let style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#fff;\
        max-width:1160px;margin:0 auto;padding:16px 20px 48px}
        h1{font-size:26px;margin:8px 0 4px}h2{font-size:19px;margin:28px 0 8px;padding-bottom:4px;border-bottom:1px solid #ddd}
        p{margin:6px 0}.description{font-size:16px;color:#444}.facts,.note{color:#666}
        .interrupted{background:#fff3cd;border:1px solid #e0c36c;padding:6px 10px;border-radius:4px;font-weight:600}
        .nodata{color:#777;font-style:italic}.ok{color:#2e7d32;font-weight:600}.bad{color:#c62828;font-weight:600}
        table{border-collapse:collapse;margin:8px 0 12px;font-variant-numeric:tabular-nums}
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;vertical-align:top}
        th{background:#f3f3f3;font-weight:600}td.l,th.l{text-align:left}
        td.pass{background:#e6f4ea;color:#1e6b30;font-weight:600}td.fail{background:#fde8e8;color:#b71c1c;font-weight:600}
        td.cycle{max-width:520px;overflow-wrap:anywhere}code{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;vertical-align:baseline}
        .charts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px 20px}
        .figure{margin:0;min-width:0}figcaption{font-weight:600;margin:4px 0}
        .legend{list-style:none;margin:0 0 4px;padding:0;font-size:12px;color:#444}.legend li{margin:1px 0}
        svg.chart{display:block;width:100%;height:auto;font-size:11px}
        svg.chart .plot{fill:#fafafa;stroke:#ccc}svg.chart .grid line{stroke:#e6e6e6}
        svg.chart text{fill:#555}svg.chart .axis-title{fill:#333;font-size:12px}
        svg.chart[data-chart=rss] .series{stroke-opacity:.75}
        .figure.wide{grid-column:1/-1;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);column-gap:20px;\
        grid-template-areas:"cap cap" "chart legend";align-items:start}
        .figure.wide figcaption{grid-area:cap}.figure.wide svg.chart,.figure.wide .nodata{grid-area:chart}
        .figure.wide .legend{grid-area:legend;font-size:13px;margin-top:12px}.figure.wide .legend li{margin:0 0 8px}
        """
}
