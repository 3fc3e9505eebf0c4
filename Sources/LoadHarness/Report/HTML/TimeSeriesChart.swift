import Foundation

/// Throughput and latency over time, one pair of charts per measured step, a line per
/// variant (latency: p99 solid, p50 dashed), from `timeseries.csv`'s rows, on the time axis
/// the memory charts use.
enum TimeSeriesChart {
    /// The most points a line draws (long runs are thinned, keeping their lows and highs).
    static let pointLimit = 500
    /// A last, partial second shorter than this is left out of the throughput line (unless
    /// it is the only one): a few executions over a sliver of a second would read as a spike.
    static let shortestBucket = 0.5

    static func figures(_ run: RunResult) -> String {
        let names = LatencyChart.stepNames(run)
        guard run.variants.contains(where: { !$0.timeSeries.isEmpty }) else {
            return "<p class=\"nodata\">No data: this run kept no time series.</p>\n"
        }
        let axis = TimeAxis.shared(run)
        return "<div class=\"charts\">\n"
            + names.map { throughputFigure(step: $0, run: run, axis: axis) + latencyFigure(step: $0, run: run, axis: axis) }.joined()
            + "</div>\n"
    }

    /// A step's rows of one variant, in time order.
    static func rows(_ variant: VariantResult, step: String) -> [TimeSeriesRow] {
        variant.timeSeries.filter { $0.step == step }.sorted { $0.second < $1.second }
    }

    /// Executions per second of each second.
    static func throughput(_ variant: VariantResult, step: String) -> [SVGChart.Point] {
        let all = rows(variant, step: step)
        return all.compactMap { row in
            let bucket = TimeAxis.bucket(row.second, of: variant)
            guard bucket.length >= shortestBucket || all.count == 1, bucket.length > 0 else { return nil }
            return SVGChart.Point(x: bucket.x, y: Double(row.count) / bucket.length)
        }
    }

    /// A latency measure (nanoseconds) of each second with executions.
    static func latency(_ variant: VariantResult, step: String, _ measure: KeyPath<TimeSeriesRow, Double?>) -> [SVGChart.Point] {
        rows(variant, step: step).compactMap { row in
            row[keyPath: measure].map { SVGChart.Point(x: TimeAxis.bucket(row.second, of: variant).x, y: $0 * 1_000) }
        }
    }

    static func throughputFigure(step name: String, run: RunResult, axis: ChartAxis) -> String {
        var series: [SVGChart.Series] = [], legend: [ChartFigure.LegendEntry] = []
        for (index, variant) in run.variants.enumerated() {
            let points = throughput(variant, step: name)
            guard !points.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let values = points.map(\.y)
            let summary = "\(HTMLText.trimmed(values.min() ?? 0, decimals: 1)) to \(HTMLText.trimmed(values.max() ?? 0, decimals: 1)) ops/s "
                + "over \(HTMLText.count(points.count)) s"
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index, points: Downsample.minMax(points, limit: pointLimit),
                                title: "\(variant.variant) \(name): \(summary)", dots: false))
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: "throughput", attributes: [("step", name)], label: "Throughput of \(name) over time", x: axis,
            y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: .count, includeZero: true),
            xTitle: "elapsed time (each variant from its start)", yTitle: "ops/s", series: series)
        return ChartFigure.html(kind: "throughput", attributes: [("step", name)], caption: "Throughput of \(name)", legend: legend,
                                chart: chart, empty: "no second of \(name) was recorded.")
    }

    static func latencyFigure(step name: String, run: RunResult, axis: ChartAxis) -> String {
        var series: [SVGChart.Series] = [], legend: [ChartFigure.LegendEntry] = []
        for (index, variant) in run.variants.enumerated() {
            let p99 = latency(variant, step: name, \.p99Microseconds), p50 = latency(variant, step: name, \.p50Microseconds)
            guard !p99.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let worst = p99.map(\.y).max() ?? 0
            let summary = "p99 solid, p50 dashed; worst second's p99 \(RunSummary.time(worst / 1_000))"
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index, points: Downsample.minMax(p99, limit: pointLimit),
                                title: "\(variant.variant) \(name) p99 per second", dots: false, measure: "p99"))
            series.append(.init(name: variant.variant, colorIndex: index, points: Downsample.minMax(p50, limit: pointLimit),
                                title: "\(variant.variant) \(name) p50 per second", dots: false, dashed: true, measure: "p50"))
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: "latency-over-time", attributes: [("step", name)], label: "p50 and p99 of \(name) per second", x: axis,
            y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: .nanoseconds, includeZero: true),
            xTitle: "elapsed time (each variant from its start)", yTitle: "latency", series: series)
        return ChartFigure.html(kind: "latency-over-time", attributes: [("step", name)], caption: "p50 and p99 of \(name) per second",
                                legend: legend, chart: chart, empty: "no execution of \(name) was recorded.")
    }
}

/// Failed executions per second over all steps, a line per variant, on the shared time axis.
enum ErrorChart {
    /// Errors of each second of the variant (all steps).
    static func points(_ variant: VariantResult) -> [SVGChart.Point] {
        var perSecond: [Int: Int] = [:]
        for row in variant.timeSeries { perSecond[row.second, default: 0] += row.errors }
        return perSecond.keys.sorted().map { second in
            SVGChart.Point(x: TimeAxis.bucket(second, of: variant).x, y: Double(perSecond[second] ?? 0))
        }
    }

    static func figure(_ run: RunResult) -> String {
        var series: [SVGChart.Series] = [], legend: [ChartFigure.LegendEntry] = []
        for (index, variant) in run.variants.enumerated() {
            let all = points(variant)
            guard !all.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let total = variant.timeSeries.reduce(0) { $0 + $1.errors }
            let summary = "\(HTMLText.count(total)) error\(total == 1 ? "" : "s") in \(HTMLText.count(all.count)) s"
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index,
                                points: Downsample.minMax(all, limit: TimeSeriesChart.pointLimit),
                                title: "\(variant.variant): \(summary)", dots: false))
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: "errors", label: "Errors per second", x: TimeAxis.shared(run),
            y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: .count, includeZero: true),
            xTitle: "elapsed time (each variant from its start)", yTitle: "errors per second", series: series)
        return "<div class=\"charts\">\n" + ChartFigure.html(kind: "errors", caption: "Errors per second (all steps)", legend: legend,
                                                           chart: chart, empty: "this run kept no time series.") + "</div>\n"
    }
}
