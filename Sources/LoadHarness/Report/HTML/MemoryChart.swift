import Foundation

/// Memory over time: allocated bytes (jemalloc's `stats.allocated`) and the resident set,
/// each its own chart with a line per variant (every variant's time starts at 0), a hollow
/// dot on the line at every close, and on the allocated chart a dotted level at each variant's
/// heap peak (`heap_peak_bytes`: its highest reading, run.csv).
///
/// Drawn from `memory.csv`'s rows: a row of one reading is a point; a row of a second's
/// readings is its lowest and highest value (midway between the second's start and its last
/// reading) and its last reading, the line going through all three, as a line through every
/// reading thinned to its lows and highs would. A row of a second's closes is that many
/// closes spread evenly between the row before and its last close.
enum MemoryChart {
    enum Measure: String, CaseIterable {
        case allocated, rss

        var caption: String {
            self == .allocated ? "Allocated bytes over time (jemalloc stats.allocated)" : "Resident set (RSS) over time"
        }

        func value(_ sample: MemorySample) -> Int { self == .allocated ? sample.allocatedBytes : sample.rssBytes }

        /// The lowest and highest value among the readings of `row`.
        func range(_ row: MemoryRow) -> ClosedRange<Int> { self == .allocated ? row.allocatedBytes : row.rssBytes }
    }

    /// The most points a line draws (long runs are thinned, keeping their lows and highs).
    static let pointLimit = 500
    /// Up to this many closes per variant each marker has its own hover text (beyond, bare dots).
    static let titledClosesLimit = 200
    /// Up to this many closes per variant each is marked; beyond (a soak run closes a screen
    /// 1,000 times a second), every k-th, evenly, so the page stays small.
    static let markedClosesLimit = 2_000

    /// Every row of `variant` as (elapsed ms, bytes), in time order: a reading, or a second's
    /// lowest, highest and last reading.
    static func points(_ variant: VariantResult, _ measure: Measure) -> [SVGChart.Point] {
        variant.memoryTable.flatMap { row -> [SVGChart.Point] in
            let time = row.last.elapsedMilliseconds
            let last = SVGChart.Point(x: time, y: Double(measure.value(row.last)))
            guard row.readings > 1 else { return [last] }
            let range = measure.range(row), middle = ((time / 1_000).rounded(.down) * 1_000 + time) / 2
            return [.init(x: middle, y: Double(range.lowerBound)), .init(x: middle, y: Double(range.upperBound)), last]
        }
        .filter { $0.x.isFinite }
        .sorted { $0.x < $1.x }
    }

    /// Where the closes of `variant` are marked, with each marked close (nil for one of a
    /// second's closes): every `every`-th close, in close order.
    static func markedCloses(_ variant: VariantResult, every: Int) -> [(time: Double, close: RetentionPoint?)] {
        var marked: [(time: Double, close: RetentionPoint?)] = []
        var offset = 0
        var previous: Double?
        for row in variant.retentionTable.sorted(by: { $0.last.close < $1.last.close }) {
            let time = row.last.elapsedMilliseconds
            if row.closes == 1 {
                if offset % every == 0 { marked.append((time, row.last)) }
            } else {
                let from = previous ?? time
                for index in 0..<row.closes where (offset + index) % every == 0 {
                    marked.append((from + (time - from) * Double(index + 1) / Double(row.closes), nil))
                }
            }
            offset += row.closes
            previous = time
        }
        return marked
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

    /// The dotted level of `variant`'s heap peak across the time its readings span (the
    /// allocated chart only; none when the peak is not known).
    static func heapPeak(_ variant: VariantResult, _ measure: Measure, index: Int, points: [SVGChart.Point]) -> SVGChart.Line? {
        guard measure == .allocated, let peak = variant.peakHeapBytes, let first = points.first, let last = points.last else { return nil }
        return SVGChart.Line(style: .peak, name: variant.variant, colorIndex: index, from: .init(x: first.x, y: Double(peak)),
                             to: .init(x: last.x, y: Double(peak)),
                             title: "\(variant.variant): heap peak \(RunSummary.bytes(Double(peak))) (heap_peak_bytes, the highest reading)")
    }

    static func figure(_ run: RunResult, _ measure: Measure) -> String {
        var series: [SVGChart.Series] = [], markers: [SVGChart.Marker] = [], legend: [ChartFigure.LegendEntry] = []
        var levels: [SVGChart.Line] = []
        for (index, variant) in run.variants.enumerated() {
            let all = points(variant, measure)
            guard !all.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            let peak = all.map(\.y).max() ?? 0
            let closes = variant.retentionTable.reduce(0) { $0 + $1.closes }
            let every = (closes + markedClosesLimit - 1) / markedClosesLimit
            let marks = markedCloses(variant, every: max(every, 1))
            // A thinned copy in memory marks some of its closes: the legend counts every close.
            let total = max(closes, variant.retentionFit?.closes ?? 0)
            let marked = marks.count >= total ? "\(HTMLText.count(total)) close\(total == 1 ? "" : "s") marked"
                : "\(HTMLText.count(total)) closes, 1 in \(Int((Double(total) / Double(max(marks.count, 1))).rounded())) marked"
            let readings = variant.memoryTable.reduce(0) { $0 + $1.readings }
            let summary = "peak \(RunSummary.bytes(peak)), \(HTMLText.count(readings)) samples, " + marked
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index, points: Downsample.minMax(all, limit: pointLimit),
                                title: "\(variant.variant): \(summary)", dots: false))
            if let level = heapPeak(variant, measure, index: index, points: all) { levels.append(level) }
            let titled = closes <= titledClosesLimit
            for (time, point) in marks {
                let y = value(at: time, in: all) ?? 0
                markers.append(.init(colorIndex: index, point: .init(x: time, y: y),
                                     title: !titled || point == nil ? "" : "\(variant.variant) close \(point!.close) (\(point!.step), \(HTMLText.count(point!.iteration)) iterations done) "
                                        + "at \(HTMLText.duration(time / 1_000)): \(RunSummary.bytes(y))"))
            }
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: measure.rawValue, label: measure.caption,
            x: TimeAxis.shared(run),
            y: .nice(covering: series.flatMap { $0.points.map(\.y) } + levels.map(\.from.y), unit: .bytes, includeZero: false),
            xTitle: "elapsed time (each variant from its start)", yTitle: measure == .allocated ? "allocated" : "RSS",
            series: series, lines: levels, markers: markers)
        return ChartFigure.html(kind: measure.rawValue, caption: measure.caption, legend: legend, chart: chart,
                                empty: run.variants.isEmpty ? "no variant ran." : "no memory samples were taken.")
    }
}
