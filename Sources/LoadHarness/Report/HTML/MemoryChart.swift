import Foundation

/// Memory over time: allocated bytes (jemalloc's `stats.allocated`) and the resident set,
/// each its own chart with a line per variant (every variant's time starts at 0), and a
/// hollow dot on the line at every close.
enum MemoryChart {
    enum Measure: String, CaseIterable {
        case allocated, rss

        var caption: String {
            self == .allocated ? "Allocated bytes over time (jemalloc stats.allocated)" : "Resident set (RSS) over time"
        }

        func value(_ sample: MemorySample) -> Int { self == .allocated ? sample.allocatedBytes : sample.rssBytes }
    }

    /// The most points a line draws (long runs are thinned, keeping their lows and highs).
    static let pointLimit = 500
    /// Up to this many closes per variant each marker has its own hover text (beyond, bare dots).
    static let titledClosesLimit = 200
    /// Up to this many closes per variant each is marked; beyond (a soak run closes a screen
    /// 1,000 times a second), every k-th, evenly, so the page stays small.
    static let markedClosesLimit = 2_000

    /// Every sample of `variant` as (elapsed ms, bytes), in time order.
    static func points(_ variant: VariantResult, _ measure: Measure) -> [SVGChart.Point] {
        variant.memory.map { SVGChart.Point(x: $0.elapsedMilliseconds, y: Double(measure.value($0))) }
            .filter { $0.x.isFinite }
            .sorted { $0.x < $1.x }
    }

    /// The points the chart draws.
    static func drawn(_ variant: VariantResult, _ measure: Measure) -> [SVGChart.Point] {
        Downsample.minMax(points(variant, measure), limit: pointLimit)
    }

    /// The value of the line at `x`: interpolated between the samples around it, the nearest
    /// one beyond them; nil without samples.
    static func value(at x: Double, in points: [SVGChart.Point]) -> Double? {
        guard let first = points.first, let last = points.last else { return nil }
        if x <= first.x { return first.y }
        if x >= last.x { return last.y }
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if points[middle].x <= x { low = middle } else { high = middle }
        }
        let a = points[low], b = points[high]
        return b.x == a.x ? b.y : a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
    }

    static func figures(_ run: RunResult) -> String {
        "<div class=\"charts\">\n" + Measure.allCases.map { figure(run, $0) }.joined() + "</div>\n"
    }

    static func figure(_ run: RunResult, _ measure: Measure) -> String {
        var series: [SVGChart.Series] = [], markers: [SVGChart.Marker] = [], legend: [ChartFigure.LegendEntry] = []
        for (index, variant) in run.variants.enumerated() {
            let all = points(variant, measure)
            guard !all.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let peak = all.map(\.y).max() ?? 0
            let closes = variant.retention.count
            let every = (closes + markedClosesLimit - 1) / markedClosesLimit
            let marked = every <= 1 ? "\(HTMLText.count(closes)) close\(closes == 1 ? "" : "s") marked"
                : "\(HTMLText.count(closes)) closes, 1 in \(every) marked"
            let summary = "peak \(RunSummary.bytes(peak)), \(HTMLText.count(all.count)) samples, " + marked
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index, points: Downsample.minMax(all, limit: pointLimit),
                                title: "\(variant.variant): \(summary)", dots: false))
            let titled = variant.retention.count <= titledClosesLimit
            for (offset, point) in variant.retention.enumerated() where offset % max(every, 1) == 0 {
                let y = value(at: point.elapsedMilliseconds, in: all) ?? 0
                markers.append(.init(colorIndex: index, point: .init(x: point.elapsedMilliseconds, y: y),
                                     title: !titled ? "" : "\(variant.variant) close \(point.close) (\(point.step), \(HTMLText.count(point.iteration)) iterations done) "
                                        + "at \(HTMLText.duration(point.elapsedMilliseconds / 1_000)): \(RunSummary.bytes(y))"))
            }
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: measure.rawValue, label: measure.caption,
            x: TimeAxis.shared(run),
            y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: .bytes, includeZero: false),
            xTitle: "elapsed time (each variant from its start)", yTitle: measure == .allocated ? "allocated" : "RSS",
            series: series, markers: markers)
        return ChartFigure.html(kind: measure.rawValue, caption: measure.caption, legend: legend, chart: chart,
                                empty: run.variants.isEmpty ? "no variant ran." : "no memory samples were taken.")
    }
}
