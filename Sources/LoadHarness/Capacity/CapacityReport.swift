/// A capacity search's `report.html`: the answer and its bottleneck, for each step its latency
/// against the throughput each probe achieved (the knee: passing probes joined in the order of
/// their throughput, failing ones apart, the capacity and the failing threshold marked), what
/// the cores and the users did in every probe, and where the users' time went at the knee
/// (wall-clock flame graphs per step). Self-contained, as the run's page is.
enum CapacityReport {
    static func page(_ result: CapacityResult) -> String {
        var html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>roost capacity: \(HTMLText.escape(result.scenario.name))</title>\n<style>\(HTMLReport.style)\(FlameGraph.style)</style>\n"
            + "</head>\n<body>\n"
        html += "<header><h1>\(HTMLText.escape(result.scenario.name)): capacity</h1>\n"
        html += "<p class=\"description\">\(HTMLText.escape(result.searchAnswer))</p>\n"
        if let bottleneck = result.bottleneck {
            html += "<p class=\"description\" data-bottleneck=\"\(HTMLText.escape(bottleneck.kind.rawValue))\"><b>Bottleneck:</b> "
                + "\(HTMLText.escape(bottleneck.line))</p>\n"
        }
        html += "<p class=\"facts\">Variant \(HTMLText.escape(result.variant)); \(HTMLText.count(result.probes.count)) probes of "
            + "\(HTMLText.escape(HTMLText.duration(result.settings.settle.seconds))) settling, then "
            + "\(HTMLText.escape(HTMLText.duration(result.settings.level.seconds))) judged (three levels to confirm); precision "
            + "\(HTMLText.trimmed(result.settings.precision * 100, decimals: 1))%; "
            + "\(HTMLText.escape(HTMLText.duration(result.ended.timeIntervalSince(result.started)))) in all.</p>\n</header>\n"
        html += "<section id=\"knee\"><h2>Latency against achieved throughput</h2>\n<p class=\"note\">One point per probe "
            + "(its judged stage) at the throughput it achieved: passing probes joined (p99 solid, p50 dashed), failing ones as "
            + "hollow rings; the capacity is the dotted upright line and a failing latency threshold the dashed level one. Hover a "
            + "point for its probe and verdict.</p>\n"
            + "<div class=\"charts\">\n" + stepNames(result).map { KneeChart.figure(step: $0, result) }.joined() + "</div>\n</section>\n"
        html += "<section id=\"probes\"><h2>Probes: what the cores and the users did</h2>\n" + probesTable(result)
            + stepsTable(result) + "</section>\n"
        html += "<section id=\"wall\"><h2>Where the time went at the knee</h2>\n" + KneeProfiles.html(result) + "</section>\n"
        return html + "</body>\n</html>\n"
    }

    static func stepNames(_ result: CapacityResult) -> [String] {
        result.probes.flatMap { $0.steps.map(\.step) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// A verdict's cell colour: a pass green, a limit (the stack's or the harness's) red, a
    /// probe played again with more users or interrupted plain.
    private static func cssClass(_ verdict: CapacityProbe.Verdict) -> String {
        switch verdict {
        case .pass: "pass"
        case .fail, .generatorLimited: "fail"
        case .moreUsers, .interrupted: ""
        }
    }

    private static func share(_ value: Double?) -> String { value.map { ProbeJudgement.percent($0) } ?? "-" }

    private static func probesTable(_ result: CapacityResult) -> String {
        let rows = result.probes.map { probe -> [HTMLTables.Cell] in
            [.number(String(probe.number)), .number(CapacityRun.rate(probe.targetRate)), .number(CapacityRun.rate(probe.achievedRate)),
             .number(HTMLText.count(probe.dropped)), .number(probe.lagP99.map { RunSummary.observed(.time, $0) } ?? "-"),
             .number(HTMLText.trimmed(probe.busyUsers, decimals: 1) + " of " + HTMLText.count(probe.users)),
             .number(share(probe.usage?.busyShare)), .number(share(probe.usage?.harnessShare)),
             .number(probe.usage?.waitingThreads.map { HTMLText.trimmed($0, decimals: 1) } ?? "-"),
             .number(share(probe.usage?.writerBusyShare)), .number(String(probe.levels)),
             HTMLTables.Cell(html: HTMLText.escape(probe.verdict.rawValue), cssClass: cssClass(probe.verdict)),
             .text((probe.failed + (probe.reason.map { [$0] } ?? [])).joined(separator: "; "))]
        }
        return HTMLTables.table(["probe", "target", "achieved", "dropped", "schedule lag p99", "users busy", "cores busy",
                                 "harness share", "run queue", "writer busy", "levels", "verdict", "why"], rows, cssClass: "probes")
    }

    /// Per probe and step: latency, on-CPU time and the waiting share of the median execution.
    private static func stepsTable(_ result: CapacityResult) -> String {
        let rows = result.probes.flatMap { probe in
            probe.steps.map { step -> [HTMLTables.Cell] in
                [.number(String(probe.number)), .number(CapacityRun.rate(probe.targetRate)), .text(step.step),
                 .number(HTMLText.count(step.count)), .number(RunSummary.observed(.time, step.p50Microseconds)),
                 .number(RunSummary.observed(.time, step.p99Microseconds)),
                 .number(step.cpuMedianMicroseconds.map { RunSummary.observed(.time, $0) } ?? "-"), .number(share(step.waitShare))]
            }
        }
        return "<p class=\"note\">Each step's median execution: its on-CPU time (its thread's CPU clock) and the share of its "
            + "wall time it spent off CPU (waiting for a lock, SQLite's writer, a queue or a core).</p>\n"
            + HTMLTables.table(["probe", "target", "step", "count", "p50", "p99", "on CPU p50", "waiting"], rows, cssClass: "probe-steps")
    }
}
