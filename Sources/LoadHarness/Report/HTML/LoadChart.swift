/// The load over time, under the latency charts (design section 15): active virtual users,
/// target and achieved iterations per second, and (open models) how late the schedule started
/// them and what it dropped, a line per variant (and per population of it: design section
/// 20), on the shared time axis; then each stage's load (`stages.csv`) as a table.
enum LoadChart {
    /// Each variant's seconds with their load (the first step's row of each second has it), of
    /// one population (its steps' rows carry its load; nil: the first row of each second's).
    static func seconds(_ variant: VariantResult, population: String? = nil) -> [(second: Int, load: SecondLoad)] {
        var seen: Set<Int> = []
        return variant.timeSeries.compactMap { row in
            guard population.map({ PopulationStepName.split(row.step).population == $0 }) ?? true else { return nil }
            guard let load = row.load, seen.insert(row.second).inserted else { return nil }
            return (row.second, load)
        }.sorted { $0.second < $1.second }
    }

    /// The lines a variant draws: one per population it played (its name), or one ("").
    private static func populations(_ variant: VariantResult) -> [String] {
        variant.populations.isEmpty ? [""] : variant.populations.map(\.name)
    }

    static func figures(_ run: RunResult) -> String {
        guard run.variants.contains(where: { !seconds($0).isEmpty }) else { return "" }
        guard run.scenario.loadVariesOverTime else { return stagesTable(run) }
        let axis = TimeAxis.shared(run)
        var html = "<div class=\"charts\">\n"
        html += figure(kind: "virtual-users", caption: "Active virtual users (mean per second)", run: run, axis: axis,
                       unit: .count, yTitle: "virtual users") { [("users", $0.virtualUsers, false)] }
        html += figure(kind: "rates", caption: "Iterations per second: achieved (solid), target (dashed)", run: run, axis: axis,
                       unit: .count, yTitle: "iterations/s") { load in
            [("achieved", load.achievedRate, false)] + (load.targetRate.map { [("target", $0, true)] } ?? [])
        }
        if run.variants.contains(where: { $0.timeSeries.contains { $0.load?.lagP99 != nil } }) {
            html += figure(kind: "schedule-lag", caption: "Schedule lag p99 (solid), p50 (dashed)", run: run, axis: axis,
                           unit: .nanoseconds, yTitle: "lag") { load in
                (load.lagP99.map { [("p99", $0 * 1_000, false)] } ?? []) + (load.lagP50.map { [("p50", $0 * 1_000, true)] } ?? [])
            }
        }
        if run.variants.contains(where: { $0.droppedIterations > 0 }) {
            html += figure(kind: "dropped", caption: "Dropped iterations per second", run: run, axis: axis, unit: .count,
                           yTitle: "dropped") { [("dropped", Double($0.dropped), false)] }
        }
        return html + "</div>\n" + stagesTable(run)
    }

    /// One chart: for each variant, a line per measure `values` gives (name, value, dashed).
    private static func figure(kind: String, caption: String, run: RunResult, axis: ChartAxis, unit: ChartAxis.Unit,
                               yTitle: String, values: (SecondLoad) -> [(String, Double, Bool)]) -> String {
        var series: [SVGChart.Series] = [], legend: [ChartFigure.LegendEntry] = []
        let lines = run.variants.flatMap { variant in populations(variant).map { (variant, $0) } }
        for (index, (variant, population)) in lines.enumerated() {
            let name = population.isEmpty ? variant.variant : "\(variant.variant) / \(population)"
            var lines: [String: (points: [SVGChart.Point], dashed: Bool)] = [:], order: [String] = []
            for (second, load) in seconds(variant, population: population.isEmpty ? nil : population) {
                let x = TimeAxis.bucket(second, of: variant).x
                for (measure, value, dashed) in values(load) {
                    if lines[measure] == nil { order.append(measure) }
                    lines[measure, default: ([], dashed)].points.append(SVGChart.Point(x: x, y: value))
                }
            }
            guard !order.isEmpty else {
                legend.append(.init(colorIndex: index, name: name, text: "", hasData: false))
                continue
            }
            let peak = lines.values.flatMap { $0.points.map(\.y) }.max() ?? 0
            let shown = unit == .nanoseconds ? RunSummary.time(peak / 1_000) : HTMLText.trimmed(peak, decimals: 1)
            legend.append(.init(colorIndex: index, name: name, text: "highest \(shown)", hasData: true))
            for measure in order {
                let line = lines[measure]!
                series.append(.init(name: name, colorIndex: index,
                                    points: Downsample.minMax(line.points, limit: TimeSeriesChart.pointLimit),
                                    title: "\(name) \(measure) per second", dots: false, dashed: line.dashed,
                                    measure: measure))
            }
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: kind, label: caption, x: axis, y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: unit, includeZero: true),
            xTitle: "elapsed time (each variant from its start)", yTitle: yTitle, series: series)
        return ChartFigure.html(kind: kind, caption: caption, legend: legend, chart: chart, empty: "this run kept no load per second.")
    }

    /// Each stage's load per variant.
    static func stagesTable(_ run: RunResult) -> String {
        let rows = run.variants.flatMap { variant in
            variant.stages.map { stage -> [HTMLTables.Cell] in
                let unit: LoadUnit = stage.targetIsRate ? .rate : .users
                return [HTMLTables.variantCell(run, variant.variant),
                        .text(stage.population.isEmpty ? stage.name : "\(stage.population) / \(stage.name)"),
                        .number(HTMLText.trimmed(stage.start, decimals: 1) + "-" + HTMLText.trimmed(stage.end, decimals: 1) + " s"),
                        .number(unit.written(stage.target)), .number(HTMLText.trimmed(stage.load.virtualUsers, decimals: 1)),
                        .number(stage.load.targetRate.map { HTMLText.trimmed($0, decimals: 1) } ?? "-"),
                        .number(HTMLText.trimmed(stage.load.achievedRate, decimals: 1)), .number(HTMLText.count(stage.load.dropped)),
                        .number(stage.load.lagP99.map { RunSummary.observed(.time, $0) } ?? "-")]
            }
        }
        guard !rows.isEmpty else { return "" }
        return HTMLTables.table(["variant", "stage", "time", "target", "active users", "target/s", "achieved/s", "dropped",
                                 "schedule lag p99"], rows, cssClass: "stages")
    }
}
