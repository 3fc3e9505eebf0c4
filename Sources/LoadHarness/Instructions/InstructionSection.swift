/// The part of `report.html` a run with `--instructions` gains: per variant and step the
/// instructions per execution (mean, median, fewest, most), and a flame graph of each step's
/// instructions (`profiles/<variant>.instructions.folded`), the step of each variant that
/// costs most open. `HTMLReport` puts it last, after the allocation flame graphs.
enum InstructionSection {
    /// Boxes one instruction flame graph may draw (the page's allocation graphs keep their own budget).
    static let boxesPerGraph = 60

    /// The whole section.
    static func section(_ counts: InstructionCounts) -> String {
        "<section id=\"instructions\"><h2>Instructions per step (callgrind)</h2>\n" + html(counts) + "</section>\n"
    }

    static func html(_ profile: InstructionCounts) -> String {
        var html = "<p class=\"note\">Played under valgrind's callgrind, counting only inside measured steps: the "
            + "instructions each execution ran (deterministic for a build, scenario and seed). The latencies on this page were "
            + "measured under callgrind, tens of times slower than a plain run: <b>not comparable, never judged</b>. "
            + "Flame graphs: the step at the top, each function's callees below it, a box as wide as its instructions; "
            + "drawn from callgrind's call graph (a function called from several places splits its callees among its "
            + "callers in proportion).</p>\n"
        html += "<table><tr><th class=\"l\">variant</th><th class=\"l\">step</th><th>executions</th><th>mean</th>"
            + "<th>median</th><th>fewest</th><th>most</th></tr>\n"
        for key in profile.order {
            guard let step = profile.steps[key] else { continue }
            html += "<tr><td class=\"l\">\(HTMLText.escape(key.variant))</td><td class=\"l\">\(HTMLText.escape(key.step))</td>"
                + "<td>\(HTMLText.count(step.count))</td><td>\(HTMLText.count(Int(step.mean.rounded())))</td>"
                + "<td>\(HTMLText.count(Int(step.median.rounded())))</td>"
                + "<td>\(HTMLText.count(step.fewest))</td><td>\(HTMLText.count(step.most))</td></tr>\n"
        }
        html += "</table>\n"
        for variant in profile.variants {
            let keys = profile.order.filter { $0.variant == variant }
            let costliest = keys.max { (profile.steps[$0]?.total ?? 0) < (profile.steps[$1]?.total ?? 0) }
            for key in keys {
                guard let step = profile.steps[key] else { continue }
                let lines = step.stacks.map { FlameGraphStacks.Line(step: key.step, frames: $0.frames, value: Int($0.value)) }
                let graph = FlameGraph(variant: variant, step: key.step, measure: .instructions, stacks: lines,
                                       executions: step.count, isSampled: false, maximumBoxes: boxesPerGraph)
                html += "<details class=\"flames\" data-variant=\"\(HTMLText.escape(variant))\" data-step=\"\(HTMLText.escape(key.step))\""
                    + " data-measure=\"instructions\"" + (key == costliest ? " open" : "") + "><summary><b>"
                    + HTMLText.escape("\(variant) / \(key.step)") + "</b> — \(InstructionFiles.count(step.mean)) instructions per "
                    + "execution (mean), \(InstructionFiles.count(step.median)) (median)</summary>\n"
                    + "<figure class=\"flame\" data-measure=\"instructions\"><figcaption>\(HTMLText.escape(graph.title))</figcaption>\n"
                    + (graph.total > 0 ? graph.render() : "<p class=\"nodata\">No data: no instruction of this step was counted.</p>")
                    + "</figure>\n</details>\n"
            }
        }
        return html
    }
}
