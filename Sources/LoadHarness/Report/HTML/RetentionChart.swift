/// The experiment: bytes retained after each close against the close number, a line of
/// dots per variant with its least-squares line (dashed), and a legend giving bytes per
/// close, R² and whether memory came back to where the first close left it. A row of a
/// second's closes is drawn as its lowest and highest retained bytes (at the middle of its
/// closes) and its last close; the line is the fit over every close.
enum RetentionChart {
    /// The most points a line draws; up to `titledLimit` every point has its own hover text.
    static let pointLimit = 500
    static let titledLimit = 100

    static func points(_ variant: VariantResult) -> [SVGChart.Point] {
        variant.retentionTable.sorted { $0.last.close < $1.last.close }.flatMap { row -> [SVGChart.Point] in
            let last = SVGChart.Point(x: Double(row.last.close), y: Double(row.last.retainedBytes))
            guard row.closes > 1 else { return [last] }
            let middle = Double(row.last.close) - Double(row.closes - 1) / 2
            return [.init(x: middle, y: Double(row.retainedBytes.lowerBound)), .init(x: middle, y: Double(row.retainedBytes.upperBound)),
                    last]
        }
    }

    static func figure(_ run: RunResult) -> String {
        var series: [SVGChart.Series] = [], lines: [SVGChart.Line] = [], legend: [ChartFigure.LegendEntry] = []
        for (index, variant) in run.variants.enumerated() {
            let retention = variant.retention
            guard let first = retention.first, let last = retention.last else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let all = points(variant)
            let drawn = Downsample.minMax(all, limit: pointLimit)
            let titles = drawn.count == all.count && all.count <= titledLimit
                ? retention.map { point in
                    "\(variant.variant) close \(point.close) (\(point.step), \(HTMLText.count(point.iteration)) iterations done): "
                        + "\(RunSummary.bytes(Double(point.retainedBytes))) retained, "
                        + "\(HTMLText.count(point.liveTrackedObjects)) live tracked objects"
                } : []
            let text: String
            if let fit = variant.retentionFit {
                text = RunSummary.retentionLine(fit)
                let from = Double(first.close), to = Double(last.close)
                lines.append(.init(name: variant.variant, colorIndex: index,
                                   from: .init(x: from, y: fit.intercept + fit.bytesPerClose * from),
                                   to: .init(x: to, y: fit.intercept + fit.bytesPerClose * to),
                                   title: "\(variant.variant): least-squares line, \(RunSummary.bytes(fit.bytesPerClose))/close"))
            } else {
                text = "1 close: \(RunSummary.bytes(Double(first.retainedBytes))) retained (too few closes for a line)"
            }
            legend.append(.init(colorIndex: index, name: variant.variant, text: text, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index, points: drawn,
                                title: "\(variant.variant): \(text)", pointTitles: titles))
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: "retention", label: "Retained bytes after each close",
            x: .nice(covering: series.flatMap { $0.points.map(\.x) }, unit: .count, includeZero: false),
            y: .nice(covering: series.flatMap { $0.points.map(\.y) } + lines.flatMap { [$0.from.y, $0.to.y] }, unit: .bytes,
                     includeZero: false),
            xTitle: "close number", yTitle: "retained bytes", series: series, lines: lines)
        return ChartFigure.html(kind: "retention", caption: "Retained bytes per close", legend: legend, chart: chart,
                                empty: run.variants.isEmpty ? "no variant ran." : "no close step ran, so nothing was measured.",
                                wide: true)
    }
}
