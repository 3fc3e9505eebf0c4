/// The knee's wall-clock profiles on the capacity page: for the last passing and the first
/// failing probe, per step, a flame graph of the users' sampled stacks (on CPU and off), with
/// how many samples found the thread waiting and the frame most of them sit under.
enum KneeProfiles {
    static func html(_ result: CapacityResult) -> String {
        let knee = [result.passingProbe, result.failingProbe].compactMap { $0 }
        guard !knee.isEmpty else { return "<p class=\"nodata\">No data: no probe passed or failed, so there is no knee.</p>\n" }
        var html = "<p class=\"note\">The virtual users' threads, sampled on a wall clock whether on CPU or not (async-profiler's "
            + "wall mode), each sample under the step its user was playing: the step at the top, each function's callees below it, "
            + "a box as wide as its samples. The folded files (profiles/probe&lt;N&gt;.wall.folded) hold every stack.</p>\n"
        html += "<p class=\"flame-key\">" + FlameGraph.Family.allCases.map { family in
            "<span class=\"key\"><span class=\"swatch \(family.rawValue)\"></span>\(HTMLText.escape(family.legend))</span>"
        }.joined(separator: " ") + "</p>\n"
        for probe in knee { html += probeHTML(probe, variant: result.variant) }
        return html
    }

    private static func probeHTML(_ probe: CapacityProbe, variant: String) -> String {
        var html = "<h3>Probe \(probe.number): \(HTMLText.escape(CapacityRun.rate(probe.targetRate))), "
            + "\(HTMLText.escape(probe.verdict.rawValue))</h3>\n"
        guard let profile = probe.wallProfile else {
            return html + "<p class=\"nodata\">No data: this probe was not sampled.</p>\n"
        }
        if let note = profile.note { html += "<p class=\"note\">\(HTMLText.escape(note))</p>\n" }
        for step in probe.steps {
            guard let sampled = profile.step(step.step), sampled.samples > 0 else {
                html += "<p class=\"nodata\">No data: no sample found a user in \(HTMLText.escape(step.step)).</p>\n"
                continue
            }
            let lines = sampled.folded.map { stack, count in
                FlameGraphStacks.Line(step: step.step, frames: stack.split(separator: ";").map(String.init), value: count)
            }.sorted { $0.frames.lexicographicallyPrecedes($1.frames) }
            let graph = FlameGraph(variant: variant, step: step.step, measure: .samples, stacks: lines, executions: step.count,
                                   isSampled: true, maximumBoxes: 400)
            var caption = "\(step.step): \(HTMLText.count(sampled.samples)) samples, "
                + "\(ProbeJudgement.percent(Double(sampled.offCPU) / Double(sampled.samples))) off CPU"
            if let site = sampled.waitingSite {
                caption += "; waiting under \(site.path) (\(ProbeJudgement.percent(site.share)) of the waiting samples)"
            }
            html += "<figure class=\"flamegraph\" data-probe=\"\(probe.number)\" data-step=\"\(HTMLText.escape(step.step))\">"
                + "<figcaption>\(HTMLText.escape(caption))</figcaption>\n" + graph.render() + "</figure>\n"
        }
        return html
    }
}
