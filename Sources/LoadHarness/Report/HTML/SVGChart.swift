/// A line chart as inline SVG: a plot area with grid lines and labelled axes, one
/// `<g class="series">` per data series (a polyline, and a dot per point when there are few),
/// straight reference lines (`class="fit"`) and point markers (`class="close"`). Hover
/// values come from SVG `<title>` elements. No script, no external reference.
struct SVGChart {
    struct Point {
        var x: Double
        var y: Double
    }

    struct Series {
        var name: String
        var colorIndex: Int
        var points: [Point]
        /// Hover text of the whole line.
        var title: String
        /// Hover text per point; when given (same count as `points`), every point gets a dot.
        var pointTitles: [String] = []
        /// Whether a short series draws a dot per point (a single point always does).
        var dots = true
        /// Drawn dashed (a second measure of the same variant, e.g. p50 beside p99).
        var dashed = false
        /// What the line measures when a variant has several in one chart (`p50`, `p99`).
        var measure: String?
    }

    /// A straight line between two points, not a data series: a least-squares fit (dashed),
    /// where a latency curve's maximum holds beyond its last resolved percentile (dotted), or a
    /// variant's highest reading across its time on the memory chart (dotted).
    struct Line {
        enum Style: String {
            case fit, tail, peak
        }

        var style: Style = .fit
        var name: String
        var colorIndex: Int
        var from: Point
        var to: Point
        var title: String
    }

    /// A hollow dot at one point (a close on the memory chart).
    struct Marker {
        var colorIndex: Int
        var point: Point
        /// Hover text; none when empty.
        var title: String
    }

    /// `data-chart`: latency, allocated, rss, retention.
    var kind: String
    /// Extra `data-` attributes of the `<svg>` (`step`).
    var attributes: [(String, String)] = []
    /// What the chart shows, for screen readers.
    var label: String
    var x: ChartAxis
    var y: ChartAxis
    var xTitle: String
    var yTitle: String
    var series: [Series] = []
    var lines: [Line] = []
    var markers: [Marker] = []

    static let width = 560.0, height = 300.0
    static let left = 64.0, right = 26.0, top = 12.0, bottom = 44.0
    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - top - bottom }
    /// Series with at most this many points also draw a dot per point.
    static let dotLimit = 25

    func pixel(_ point: Point) -> (x: Double, y: Double) {
        (Self.left + x.fraction(point.x) * Self.plotWidth, Self.top + (1 - y.fraction(point.y)) * Self.plotHeight)
    }

    func render() -> String {
        let extra = attributes.map { " data-\($0.0)=\"\(HTMLText.escape($0.1))\"" }.joined()
        var svg = "<svg class=\"chart\" data-chart=\"\(HTMLText.escape(kind))\"\(extra) viewBox=\"0 0 \(Int(Self.width)) "
            + "\(Int(Self.height))\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"\(HTMLText.escape(label))\">\n"
        svg += axes()
        for series in series { svg += render(series) }
        for line in lines {
            let from = pixel(line.from), to = pixel(line.to)
            let dash = line.style == .fit ? "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"" : "stroke-width=\"1.5\" stroke-dasharray=\"1 4\""
            svg += "<line class=\"\(line.style.rawValue)\" data-variant=\"\(HTMLText.escape(line.name))\" x1=\"\(c(from.x))\" "
                + "y1=\"\(c(from.y))\" x2=\"\(c(to.x))\" y2=\"\(c(to.y))\" stroke=\"\(VariantPalette.color(line.colorIndex))\" "
                + "\(dash) stroke-linecap=\"round\"><title>\(HTMLText.escape(line.title))</title></line>\n"
        }
        if !markers.isEmpty {
            svg += "<g class=\"closes\">"
            for marker in markers {
                let at = pixel(marker.point)
                svg += "<circle class=\"close\" cx=\"\(c(at.x))\" cy=\"\(c(at.y))\" r=\"3.5\" fill=\"#fff\" "
                    + "stroke=\"\(VariantPalette.color(marker.colorIndex))\" stroke-width=\"1.5\">"
                    + (marker.title.isEmpty ? "" : "<title>\(HTMLText.escape(marker.title))</title>") + "</circle>"
            }
            svg += "</g>\n"
        }
        return svg + "</svg>"
    }

    private func axes() -> String {
        let plotRight = Self.left + Self.plotWidth, plotBottom = Self.top + Self.plotHeight
        var svg = "<rect class=\"plot\" x=\"\(c(Self.left))\" y=\"\(c(Self.top))\" width=\"\(c(Self.plotWidth))\" "
            + "height=\"\(c(Self.plotHeight))\"/>\n<g class=\"grid\">"
        for tick in y.ticks {
            let at = Self.top + (1 - y.fraction(tick.value)) * Self.plotHeight
            svg += "<line x1=\"\(c(Self.left))\" y1=\"\(c(at))\" x2=\"\(c(plotRight))\" y2=\"\(c(at))\"/>"
        }
        for tick in x.ticks {
            let at = Self.left + x.fraction(tick.value) * Self.plotWidth
            svg += "<line x1=\"\(c(at))\" y1=\"\(c(Self.top))\" x2=\"\(c(at))\" y2=\"\(c(plotBottom))\"/>"
        }
        svg += "</g>\n<g class=\"ticks y\">"
        for tick in y.ticks {
            let at = Self.top + (1 - y.fraction(tick.value)) * Self.plotHeight
            svg += "<text x=\"\(c(Self.left - 6))\" y=\"\(c(at + 4))\" text-anchor=\"end\">\(HTMLText.escape(tick.label))</text>"
        }
        svg += "</g>\n<g class=\"ticks x\">"
        for tick in x.ticks {
            let at = Self.left + x.fraction(tick.value) * Self.plotWidth
            svg += "<text x=\"\(c(at))\" y=\"\(c(plotBottom + 16))\" text-anchor=\"middle\">\(HTMLText.escape(tick.label))</text>"
        }
        svg += "</g>\n<text class=\"axis-title\" x=\"\(c(Self.left + Self.plotWidth / 2))\" y=\"\(c(Self.height - 6))\" "
            + "text-anchor=\"middle\">\(HTMLText.escape(xTitle))</text>\n"
        svg += "<text class=\"axis-title\" transform=\"translate(14 \(c(Self.top + Self.plotHeight / 2))) rotate(-90)\" "
            + "text-anchor=\"middle\">\(HTMLText.escape(yTitle))</text>\n"
        return svg
    }

    private func render(_ series: Series) -> String {
        let color = VariantPalette.color(series.colorIndex)
        let pixels = series.points.map(pixel)
        var svg = "<g class=\"series\" data-variant=\"\(HTMLText.escape(series.name))\" data-points=\"\(pixels.count)\" "
            + (series.measure.map { "data-measure=\"\(HTMLText.escape($0))\" " } ?? "")
            + "stroke=\"\(color)\" fill=\"\(color)\"><title>\(HTMLText.escape(series.title))</title>"
        svg += "<polyline fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\"\(series.dashed ? " stroke-dasharray=\"5 3\"" : "") points=\""
            + pixels.map { "\(c($0.x)),\(c($0.y))" }.joined(separator: " ") + "\"/>"
        let titled = series.pointTitles.count == pixels.count
        if titled || pixels.count == 1 || (series.dots && pixels.count <= Self.dotLimit) {
            for (offset, at) in pixels.enumerated() {
                svg += "<circle class=\"dot\" cx=\"\(c(at.x))\" cy=\"\(c(at.y))\" r=\"\(titled ? 3.5 : 2.5)\" stroke=\"none\">"
                    + (titled ? "<title>\(HTMLText.escape(series.pointTitles[offset]))</title>" : "") + "</circle>"
            }
        }
        return svg + "</g>\n"
    }

    private func c(_ value: Double) -> String { HTMLText.coordinate(value) }
}

/// Series longer than a chart can show, thinned.
enum Downsample {
    /// The points of `points` a chart draws: all of them up to `limit`; beyond, the first and
    /// last and, in each of `(limit - 2) / 2` runs of consecutive points, the lowest and the
    /// highest in their order, so peaks and dips survive.
    static func minMax(_ points: [SVGChart.Point], limit: Int) -> [SVGChart.Point] {
        guard points.count > limit, limit >= 4 else { return points }
        let interior = points.count - 2
        let buckets = (limit - 2) / 2
        var kept = [points[0]]
        for bucket in 0..<buckets {
            let start = 1 + bucket * interior / buckets, end = 1 + (bucket + 1) * interior / buckets
            guard start < end else { continue }
            var lowest = start, highest = start
            for index in start..<end {
                if points[index].y < points[lowest].y { lowest = index }
                if points[index].y > points[highest].y { highest = index }
            }
            kept.append(points[min(lowest, highest)])
            if lowest != highest { kept.append(points[max(lowest, highest)]) }
        }
        kept.append(points[points.count - 1])
        return kept
    }
}

/// A chart with its caption and legend, or a "no data" note in its place.
enum ChartFigure {
    struct LegendEntry {
        var colorIndex: Int
        var name: String
        /// What the series says (empty for just the name); ignored without data.
        var text: String
        var hasData: Bool
    }

    /// `chart` nil draws the note `empty` instead; a `wide` figure spans the page, its legend
    /// beside the chart.
    static func html(kind: String, attributes: [(String, String)] = [], caption: String, legend: [LegendEntry],
                     chart: SVGChart?, empty: String, wide: Bool = false) -> String {
        let extra = attributes.map { " data-\($0.0)=\"\(HTMLText.escape($0.1))\"" }.joined()
        var html = "<figure class=\"figure\(wide ? " wide" : "")\" data-figure=\"\(HTMLText.escape(kind))\"\(extra)>"
            + "<figcaption>\(HTMLText.escape(caption))</figcaption>\n"
        if !legend.isEmpty {
            html += "<ul class=\"legend\">"
            for entry in legend {
                html += (entry.hasData ? "<li>" : "<li class=\"nodata\">") + VariantPalette.swatch(entry.colorIndex)
                    + "<b>\(HTMLText.escape(entry.name))</b>"
                    + (entry.hasData ? (entry.text.isEmpty ? "" : " " + HTMLText.escape(entry.text)) : " no data") + "</li>"
            }
            html += "</ul>\n"
        }
        if let chart {
            html += chart.render()
        } else {
            html += "<p class=\"nodata\">No data: \(HTMLText.escape(empty))</p>"
        }
        return html + "</figure>\n"
    }
}
