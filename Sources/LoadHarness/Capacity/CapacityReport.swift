/// A capacity search's `report.html`: the answer, every probe, and for each step its latency
/// (p99 solid, p50 dashed) against the throughput each probe achieved: the knee where latency
/// leaves the floor is where the stack runs out. Self-contained, as the run's page is.
enum CapacityReport {
    static func page(_ result: CapacityResult) -> String {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>roost capacity: \(HTMLText.escape(result.scenario.name))</title>\n<style>\(HTMLReport.style)</style>\n</head>\n<body>\n"
        html += "<header><h1>\(HTMLText.escape(result.scenario.name)): capacity</h1>\n"
        html += "<p class=\"description\">\(HTMLText.escape(result.answer))</p>\n"
        html += "<p class=\"facts\">Variant \(HTMLText.escape(result.variant)); \(HTMLText.count(result.probes.count)) probes of "
            + "\(HTMLText.escape(HTMLText.duration(result.settings.settle.seconds))) settling, then "
            + "\(HTMLText.escape(HTMLText.duration(result.settings.level.seconds))) judged (three levels to confirm); precision "
            + "\(HTMLText.trimmed(result.settings.precision * 100, decimals: 1))%; "
            + "\(HTMLText.escape(HTMLText.duration(result.ended.timeIntervalSince(result.started)))) in all.</p>\n</header>\n"
        html += "<section id=\"knee\"><h2>Latency against achieved throughput</h2>\n<p class=\"note\">One point per probe "
            + "(its judged stage): p99 solid, p50 dashed; hover a point for its probe and verdict.</p>\n"
            + "<div class=\"charts\">\n" + stepNames(result).map { figure(step: $0, result) }.joined() + "</div>\n</section>\n"
        html += "<section id=\"probes\"><h2>Probes</h2>\n" + probesTable(result) + "</section>\n"
        return html + "</body>\n</html>\n"
    }

    static func stepNames(_ result: CapacityResult) -> [String] {
        result.probes.flatMap { $0.steps.map(\.step) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    private static func figure(step name: String, _ result: CapacityResult) -> String {
        let probes = result.probes.filter { $0.verdict != .interrupted }
            .compactMap { probe in probe.steps.first { $0.step == name }.map { (probe, $0) } }
            .sorted { $0.0.achievedRate < $1.0.achievedRate }
        func series(_ measure: String, dashed: Bool, _ value: (StageResult.Step) -> Double) -> SVGChart.Series {
            SVGChart.Series(name: measure, colorIndex: 0, points: probes.map { SVGChart.Point(x: $0.0.achievedRate, y: value($0.1) * 1_000) },
                            title: "\(name) \(measure)",
                            pointTitles: probes.map { probe, step in
                                "probe \(probe.number): \(CapacityRun.rate(probe.targetRate)) target, "
                                    + "\(CapacityRun.rate(probe.achievedRate)) achieved, \(measure) "
                                    + "\(RunSummary.observed(.time, value(step))): \(probe.verdict.rawValue)"
                            }, dashed: dashed, measure: measure)
        }
        let lines = [series("p99", dashed: false) { $0.p99Microseconds }, series("p50", dashed: true) { $0.p50Microseconds }]
        let chart: SVGChart? = probes.isEmpty ? nil : SVGChart(
            kind: "capacity", attributes: [("step", name)], label: "Latency of \(name) against achieved throughput",
            x: .nice(covering: probes.map(\.0.achievedRate), unit: .count, includeZero: true),
            y: .nice(covering: lines.flatMap { $0.points.map(\.y) }, unit: .nanoseconds, includeZero: true),
            xTitle: "achieved iterations per second", yTitle: "latency", series: lines)
        return ChartFigure.html(kind: "capacity", attributes: [("step", name)], caption: "\(name): latency against throughput",
                                legend: [], chart: chart, empty: "no probe ran \(name).")
    }

    private static func probesTable(_ result: CapacityResult) -> String {
        let rows = result.probes.map { probe -> [HTMLTables.Cell] in
            [.number(String(probe.number)), .number(CapacityRun.rate(probe.targetRate)), .number(HTMLText.count(probe.users)),
             .number(String(probe.levels)), .number(CapacityRun.rate(probe.achievedRate)), .number(HTMLText.count(probe.dropped)),
             .number(probe.lagP99.map { RunSummary.observed(.time, $0) } ?? "-"),
             HTMLTables.Cell(html: HTMLText.escape(probe.verdict.rawValue), cssClass: probe.verdict == .pass ? "pass" : "fail"),
             .text(probe.failed.joined(separator: "; "))]
        }
        return HTMLTables.table(["probe", "target", "users", "levels", "achieved", "dropped", "schedule lag p99", "verdict", "failed"],
                                rows, cssClass: "probes")
    }
}
