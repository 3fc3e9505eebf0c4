/// One step's latency against achieved throughput over a capacity search's probes (the knee):
/// passing probes as lines in the order of their throughput (p99 solid, p50 dashed), failing
/// probes as hollow rings (a failing probe's throughput is whatever it managed, often below a
/// passing one's: joined, the line would fold back over itself), the capacity as an upright
/// dotted line and a failing latency threshold on the step as a level dashed one.
enum KneeChart {
    static func figure(step name: String, _ result: CapacityResult) -> String {
        let measured = result.probes.filter { $0.verdict != .interrupted }
            .compactMap { probe in probe.steps.first { $0.step == name }.map { (probe, $0) } }
            .sorted { $0.0.achievedRate < $1.0.achievedRate }
        let passing = measured.filter { $0.0.verdict == .pass }, failing = measured.filter { $0.0.verdict != .pass }
        let lines = [series("p99", name, passing, dashed: false) { $0.p99Microseconds },
                     series("p50", name, passing, dashed: true) { $0.p50Microseconds }].filter { !$0.points.isEmpty }
        let rings = failing.map { probe, step in
            SVGChart.Marker(colorIndex: 1, point: SVGChart.Point(x: probe.achievedRate, y: step.p99Microseconds * 1_000),
                            title: title(probe, step, "p99", step.p99Microseconds))
        }
        let limit = thresholdLine(step: name, result)
        let ys = lines.flatMap { $0.points.map(\.y) } + rings.map(\.point.y) + (limit.map { [$0] } ?? [])
        let xs = measured.map(\.0.achievedRate) + (result.capacity.map { [$0] } ?? [])
        let chart: SVGChart? = measured.isEmpty ? nil : {
            var chart = SVGChart(kind: "capacity", attributes: [("step", name)], label: "Latency of \(name) against achieved throughput",
                                 x: .nice(covering: xs, unit: .count, includeZero: true),
                                 y: .nice(covering: ys, unit: .nanoseconds, includeZero: true),
                                 xTitle: "achieved iterations per second", yTitle: "latency p99 (p50 dashed)", series: lines)
            chart.markers = rings
            chart.lines = marks(chart, capacity: result.capacity, threshold: limit, result)
            return chart
        }()
        return ChartFigure.html(kind: "capacity", attributes: [("step", name)], caption: "\(name): latency against throughput",
                                legend: [], chart: chart, empty: "no probe ran \(name).")
    }

    private static func series(_ measure: String, _ name: String, _ probes: [(CapacityProbe, StageResult.Step)], dashed: Bool,
                               _ value: (StageResult.Step) -> Double) -> SVGChart.Series {
        SVGChart.Series(name: measure, colorIndex: 0, points: probes.map { SVGChart.Point(x: $0.0.achievedRate, y: value($0.1) * 1_000) },
                        title: "\(name) \(measure), passing probes",
                        pointTitles: probes.map { title($0.0, $0.1, measure, value($0.1)) }, dashed: dashed, measure: measure)
    }

    private static func title(_ probe: CapacityProbe, _ step: StageResult.Step, _ measure: String, _ value: Double) -> String {
        "probe \(probe.number): \(CapacityRun.rate(probe.targetRate)) target, \(CapacityRun.rate(probe.achievedRate)) achieved, "
            + "\(measure) \(RunSummary.observed(.time, value)): \(probe.verdict.rawValue)"
            + (probe.usage.map { "; \(ProbeJudgement.cores($0))" } ?? "")
    }

    /// The failing threshold's limit in nanoseconds, when it is a latency of this step.
    private static func thresholdLine(step name: String, _ result: CapacityResult) -> Double? {
        guard let text = result.lowestFail?.threshold, let threshold = try? Threshold(parsing: text), let step = threshold.step,
              PopulationStepName.names(name, step: step, population: threshold.population), threshold.metric.unit == .time
        else { return nil }
        return threshold.value * 1_000
    }

    private static func marks(_ chart: SVGChart, capacity: Double?, threshold: Double?, _ result: CapacityResult) -> [SVGChart.Line] {
        var lines: [SVGChart.Line] = []
        if let capacity {
            lines.append(SVGChart.Line(style: .tail, name: "capacity", colorIndex: 2, from: SVGChart.Point(x: capacity, y: chart.y.low),
                                       to: SVGChart.Point(x: capacity, y: chart.y.high),
                                       title: "capacity \(CapacityRun.rate(capacity))"))
        }
        if let threshold, let text = result.lowestFail?.threshold {
            lines.append(SVGChart.Line(style: .fit, name: "threshold", colorIndex: 1, from: SVGChart.Point(x: chart.x.low, y: threshold),
                                       to: SVGChart.Point(x: chart.x.high, y: threshold), title: "failing threshold: \(text)"))
        }
        return lines
    }
}
