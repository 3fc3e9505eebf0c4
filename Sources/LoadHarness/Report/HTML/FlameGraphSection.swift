/// The report's allocation flame graphs: per variant and measured step, one of the bytes the
/// step allocated, one of the bytes still live at the variant's end and one of the bytes live
/// at the peak of the step's median execution ("at the peak", design 19), each in a
/// `<details>` element (no script needed to fold them). The step of each variant that
/// allocated most, and the one that retained most, start open.
enum FlameGraphSection {
    static func html(_ run: RunResult) -> String {
        let profiled = run.variants.compactMap { variant in FlameGraphStacks.of(variant).map { (variant, $0) } }
        guard !profiled.isEmpty else {
            return "<p class=\"nodata\">No data: the run recorded no allocation profile (allocation_profile: off).</p>\n"
        }
        var html = "<p class=\"note\">Per variant and measured step, where its bytes were allocated (profiles/&lt;variant&gt;"
            + ".bytes.folded), where the bytes still live when the variant ended were allocated (.retained.folded), and "
            + "what was live at the peak of the step's median execution, the one whose peak is peak_bytes_p50 (.peak.folded: "
            + "one execution, not a total; it adds up to the peak plus what the step had freed by then of blocks made "
            + "before it): the "
            + "step at the top, each function's callees below it, a box as wide as its bytes. Hover a box for its whole name "
            + "and value. Frames narrower than \(HTMLText.trimmed(FlameGraph.minimumPixels, decimals: 1)) px, and the narrowest "
            + "frames beyond the page's budget of \(HTMLText.count(FlameGraph.pageBoxBudget)) boxes, are merged into one box "
            + "per parent (or left out when still too narrow); stacks deeper than \(FlameGraph.maximumDepth) frames are cut "
            + "(the box says so). The folded files hold every stack.</p>\n"
        html += "<p class=\"flame-key\">" + FlameGraph.Family.allCases.map { family in
            "<span class=\"key\"><span class=\"swatch \(family.rawValue)\"></span>\(HTMLText.escape(family.legend))</span>"
        }.joined(separator: " ") + "</p>\n"
        let budgets = Budget.shares(profiled)
        for variant in run.variants {
            guard let stacks = FlameGraphStacks.of(variant) else {
                html += "<p class=\"nodata\">No data: \(HTMLText.escape(variant.variant)) recorded no allocation profile.</p>\n"
                continue
            }
            html += variantGraphs(run, variant, stacks, budgets: budgets)
        }
        return html
    }

    private static func variantGraphs(_ run: RunResult, _ variant: VariantResult, _ stacks: FlameGraphStacks,
                                      budgets: [String: [Budget.Key: Int]]) -> String {
        let bytes = Dictionary(grouping: stacks.bytes, by: \.step), retained = Dictionary(grouping: stacks.retained, by: \.step)
        let peak = Dictionary(grouping: stacks.peak ?? [], by: \.step)
        func total(_ lines: [FlameGraphStacks.Line]?) -> Int { lines?.reduce(0) { $0 + $1.value } ?? 0 }
        // Steps in the variant's order; steps only the profile knows (none, normally) after them.
        let steps = variant.steps.map(\.step) + Set(bytes.keys).union(retained.keys).subtracting(variant.steps.map(\.step)).sorted()
        let mostBytes = steps.filter { total(bytes[$0]) > 0 }.max { total(bytes[$0]) < total(bytes[$1]) }
        let mostRetained = steps.filter { total(retained[$0]) > 0 }.max { total(retained[$0]) < total(retained[$1]) }
        let colorIndex = run.variants.firstIndex { $0.variant == variant.variant } ?? 0
        var html = ""
        let budget = budgets[variant.variant] ?? [:]
        for step in steps {
            let executions = variant.steps.first { $0.step == step }?.count ?? 0
            let allocated = total(bytes[step]), kept = total(retained[step]), atPeak = total(peak[step])
            let open = step == mostBytes || step == mostRetained
            html += "<details class=\"flames\" data-variant=\"\(HTMLText.escape(variant.variant))\" data-step=\"\(HTMLText.escape(step))\""
                + (open ? " open" : "") + "><summary>" + VariantPalette.swatch(colorIndex) + "<b>"
                + HTMLText.escape("\(variant.variant) / \(step)") + "</b> — \(RunSummary.bytes(Double(allocated))) allocated, "
                + "\(RunSummary.bytes(Double(kept))) retained over \(HTMLText.count(executions)) execution"
                + (executions == 1 ? "" : "s") + (stacks.peak == nil ? "" : ", \(RunSummary.bytes(Double(atPeak))) live at the peak")
                + (stacks.isSampled ? " (sampled estimates)" : "") + "</summary>\n"
            for (measure, lines, total) in [(FlameGraph.Measure.bytes, bytes[step] ?? [], allocated),
                                            (.retained, retained[step] ?? [], kept), (.peak, peak[step] ?? [], atPeak)] {
                let graph = FlameGraph(variant: variant.variant, step: step, measure: measure, stacks: lines,
                                       executions: executions, isSampled: stacks.isSampled,
                                       maximumBoxes: budget[Budget.Key(step: step, measure: measure)] ?? FlameGraph.minimumBoxes)
                html += "<figure class=\"flame\" data-measure=\"\(measure.rawValue)\"><figcaption>\(HTMLText.escape(graph.title))"
                    + "</figcaption>\n"
                if total > 0 {
                    html += graph.render()
                } else {
                    html += "<p class=\"nodata\">No data: " + noData(measure, hasPeaks: stacks.peak != nil) + "</p>"
                }
                html += "</figure>\n"
            }
            html += "</details>\n"
        }
        return html
    }

    /// Why a graph of `measure` has nothing to draw.
    private static func noData(_ measure: FlameGraph.Measure, hasPeaks: Bool) -> String {
        switch measure {
        case .bytes: "no allocation of this step was recorded."
        case .retained: "nothing this step allocated was still live when the variant ended."
        default: hasPeaks
            ? "nothing recorded of this step was live at its median execution's peak (a peak of 0 B, or no sample live then)."
            : "the run recorded no sites at the peak (a run folder written before them)."
        }
    }

    /// The page's box budget shared among its graphs: every graph at least
    /// `FlameGraph.minimumBoxes`, the rest by the square root of its total, so the steps that
    /// allocate most are drawn in most detail without starving the others.
    enum Budget {
        struct Key: Hashable {
            let step: String
            let measure: FlameGraph.Measure
        }

        static func shares(_ profiled: [(VariantResult, FlameGraphStacks)]) -> [String: [Key: Int]] {
            var totals: [(variant: String, key: Key, total: Int)] = []
            for (variant, stacks) in profiled {
                for (measure, lines) in [(FlameGraph.Measure.bytes, stacks.bytes), (.retained, stacks.retained), (.peak, stacks.peak ?? [])] {
                    for (step, total) in Dictionary(lines.map { ($0.step, $0.value) }, uniquingKeysWith: +) where total > 0 {
                        totals.append((variant.variant, Key(step: step, measure: measure), total))
                    }
                }
            }
            let spare = max(0, FlameGraph.pageBoxBudget - totals.count * FlameGraph.minimumBoxes)
            let weights = totals.map { Double($0.total).squareRoot() }, sum = weights.reduce(0, +)
            var shares: [String: [Key: Int]] = [:]
            for (index, entry) in totals.enumerated() {
                shares[entry.variant, default: [:]][entry.key] =
                    FlameGraph.minimumBoxes + (sum > 0 ? Int(Double(spare) * weights[index] / sum) : 0)
            }
            return shares
        }
    }

    /// The section's part of the page's style sheet.
    static let style = FlameGraph.style + """
        details.flames{margin:4px 0;border-top:1px solid #eee;padding-top:2px}details.flames summary{cursor:pointer}
        figure.flame{margin:6px 0 0}.flame-key{font-size:12px;color:#444}.flame-key .key{white-space:nowrap;margin-right:8px}
        .flame-key .swatch{border:1px solid #bbb}
        """
}
