import Foundation
import Histogram

/// Latency percentile curves (HdrHistogram style): one chart per measured step, one line per
/// variant. x is log10(1 / (1 - p)), so 90%, 99%, 99.9% ... are evenly spaced; y is latency.
enum LatencyChart {
    /// One point of a curve.
    struct Sample: Equatable {
        /// log10(1 / (1 - p)).
        let x: Double
        /// 0...100.
        let percentile: Double
        let nanoseconds: Double
    }

    /// Distance between sampled percentiles on the x axis: 20 points per nine.
    static let spacing = 0.05
    /// The x axis shows at least 0% to 99.99%.
    static let minimumNines = 4

    /// The sampled curve of `step`: percentiles from 0% every `spacing` up to the last one
    /// the recorded values resolve, 1 - 1/count (x = log10(count)), where it reaches the
    /// maximum. Empty without values; one point (the value) with one value.
    static func curve(_ step: StepMetrics) -> [Sample] {
        let histogram = step.latency
        let count = histogram.totalCount
        guard count > 0 else { return [] }
        let end = log10(Double(count))
        var samples: [Sample] = []
        var index = 0
        while Double(index) * spacing < end - 1e-9 {
            let x = Double(index) * spacing
            let percentile = 100 * (1 - pow(10, -x))
            samples.append(Sample(x: x, percentile: percentile, nanoseconds: Double(histogram.valueAtPercentile(percentile))))
            index += 1
        }
        samples.append(Sample(x: end, percentile: 100 * (1 - 1 / Double(count)), nanoseconds: Double(histogram.maxRecorded)))
        return samples
    }

    /// Measured step names over all variants, in first-appearance order.
    static func stepNames(_ run: RunResult) -> [String] {
        var names: [String] = []
        for variant in run.variants {
            for step in variant.steps where !names.contains(step.step) { names.append(step.step) }
        }
        return names
    }

    /// Every step's chart, or a note when no step was measured.
    static func figures(_ run: RunResult) -> String {
        let names = stepNames(run)
        guard !names.isEmpty else {
            return "<p class=\"nodata\">No data: no measured step ran.</p>\n"
        }
        return "<div class=\"charts\">\n" + names.map { figure(step: $0, run: run) }.joined() + "</div>\n"
    }

    /// The chart of one step: a line per variant that ran it.
    static func figure(step name: String, run: RunResult) -> String {
        var series: [SVGChart.Series] = [], legend: [ChartFigure.LegendEntry] = []
        var longest = 0.0
        var ends: [(name: String, index: Int, last: Sample)] = []
        for (index, variant) in run.variants.enumerated() {
            let step = variant.steps.first { $0.step == name }
            let samples = step.map(curve) ?? []
            guard let step, !samples.isEmpty else {
                legend.append(.init(colorIndex: index, name: variant.variant, text: "", hasData: false))
                continue
            }
            if let last = samples.last {
                longest = max(longest, last.x)
                ends.append((variant.variant, index, last))
            }
            let summary = "p50 \(RunSummary.time(step.percentileMicroseconds(50))), "
                + "p99 \(RunSummary.time(step.percentileMicroseconds(99))), max \(RunSummary.time(step.maxMicroseconds)), "
                + "\(HTMLText.count(Int(step.latency.totalCount))) ops"
            legend.append(.init(colorIndex: index, name: variant.variant, text: summary, hasData: true))
            series.append(.init(name: variant.variant, colorIndex: index,
                                points: samples.map { SVGChart.Point(x: $0.x, y: $0.nanoseconds) },
                                title: "\(variant.variant) \(name): \(summary)", dots: false))
        }
        let nines = max(minimumNines, Int(longest.rounded(.up)))
        // Beyond its last resolved percentile every percentile of a line is its maximum: dotted.
        let tails = ends.filter { $0.last.x < Double(nines) }.map { end in
            SVGChart.Line(style: .tail, name: end.name, colorIndex: end.index,
                          from: .init(x: end.last.x, y: end.last.nanoseconds), to: .init(x: Double(nines), y: end.last.nanoseconds),
                          title: "\(end.name): beyond \(HTMLText.trimmed(end.last.percentile, decimals: 3))% every percentile "
                            + "is the maximum, \(RunSummary.time(end.last.nanoseconds / 1_000))")
        }
        let chart: SVGChart? = series.isEmpty ? nil : SVGChart(
            kind: "latency", attributes: [("step", name)], label: "Latency percentiles of \(name)",
            x: .percentiles(decades: nines),
            y: .nice(covering: series.flatMap { $0.points.map(\.y) }, unit: .nanoseconds, includeZero: true),
            xTitle: "percentile", yTitle: "latency", series: series, lines: tails)
        return ChartFigure.html(kind: "latency", attributes: [("step", name)], caption: "Latency of \(name)", legend: legend,
                                chart: chart, empty: "no variant recorded \(name).")
    }
}
