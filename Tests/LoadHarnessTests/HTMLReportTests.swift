import Foundation
@testable import LoadHarness
import Testing

/// `report.html` read back from its markup: the charts of a real run (`WrittenRun`) and of
/// hand-made runs (escaping, single points, missing data, long series, no variants).
@Suite struct HTMLReportTests {
    private let plot = ReportMarkup.plot

    private func inside(_ point: (x: Double, y: Double)) -> Bool {
        point.x >= plot.left - 0.1 && point.x <= plot.right + 0.1 && point.y >= plot.top - 0.1 && point.y <= plot.bottom + 0.1
    }

    private func variant(_ run: WrittenRun, _ name: String) throws -> VariantResult {
        try #require(run.result.variants.first { $0.variant == name }, "no variant \(name)")
    }

    @Test func theWrittenReportIsThePageOfTheRunAndWellFormed() async throws {
        let run = try await WrittenRun.get()
        let html = try TemporaryFolder.read("\(run.folder)/report.html")
        #expect(html == HTMLReport.page(run.result))
        #expect(ReportMarkup.problems(html) == [])
        #expect(ReportMarkup.externalReferences(html) == [], "the page must not load anything")
        #expect(ReportMarkup.charts(html).count == WrittenRun.measured.count * 3 + 4,
                "per step a latency chart, throughput and latency over time; 2 memory, 1 errors, 1 retention")
    }

    @Test func everyMeasuredStepHasALatencyCurvePerVariantWithEverySampledPercentile() async throws {
        let run = try await WrittenRun.get()
        let charts = ReportMarkup.charts(HTMLReport.page(run.result)).filter { $0.kind == "latency" }
        #expect(charts.map(\.step) == WrittenRun.measured.map(\.step))
        for (step, occurrences) in WrittenRun.measured {
            let chart = try #require(charts.first { $0.step == step }, "no latency chart for \(step)")
            #expect(chart.series.map(\.variant) == WrittenRun.variants, "\(step)")
            #expect(chart.tails.sorted() == WrittenRun.variants.sorted(), "\(step): a dotted maximum per line")
            for name in WrittenRun.variants {
                let metrics = try #require(try variant(run, name).steps.first { $0.step == step })
                let count = WrittenRun.iterations * occurrences
                #expect(metrics.count == count)
                // A sample every 0.05 on x = log10(1/(1-p)) up to log10(count), where the maximum is.
                let expected = Int((log10(Double(count)) / LatencyChart.spacing - 1e-9).rounded(.up)) + 1
                let curve = LatencyChart.curve(metrics)
                #expect(curve.count == expected, "\(name) \(step)")
                #expect(curve.first?.nanoseconds == Double(metrics.latency.min))
                #expect(curve.last?.nanoseconds == Double(metrics.latency.maxRecorded))
                let series = try #require(chart.series(name))
                #expect(series.points.count == expected && series.declaredPoints == expected, "\(name) \(step)")
                #expect(series.points.allSatisfy(inside), "\(name) \(step): a point outside the plot")
                // Percentiles never go down: x grows, the line never drops (SVG y grows downwards).
                for (a, b) in zip(series.points, series.points.dropFirst()) {
                    #expect(b.x > a.x && b.y <= a.y + 0.05, "\(name) \(step): \(a) then \(b)")
                }
                #expect(abs((series.points.first?.x ?? 0) - plot.left) < 0.1, "the curve starts at 0%")
                let end = plot.left + log10(Double(count)) / Double(LatencyChart.minimumNines) * (plot.right - plot.left)
                #expect(abs((series.points.last?.x ?? 0) - end) < 0.1, "the curve ends at 1 - 1/count")
            }
        }
    }

    @Test func memoryChartsHaveALinePerVariantWithEverySampleAndADotPerClose() async throws {
        let run = try await WrittenRun.get()
        let charts = ReportMarkup.charts(HTMLReport.page(run.result))
        let closes = run.result.variants.reduce(0) { $0 + $1.retention.count }
        #expect(closes == WrittenRun.iterations * WrittenRun.variants.count, "one close per iteration")
        for kind in ["allocated", "rss"] {
            let chart = try #require(charts.first { $0.kind == kind }, "no \(kind) chart")
            #expect(chart.series.map(\.variant) == WrittenRun.variants)
            #expect(chart.closeMarkers == closes, "\(kind): a marker per close")
            for name in WrittenRun.variants {
                let samples = try variant(run, name).memory
                try #require(samples.count > 1 && samples.count <= MemoryChart.pointLimit)
                let series = try #require(chart.series(name))
                #expect(series.points.count == samples.count && series.declaredPoints == samples.count, "\(kind) \(name)")
                #expect(series.points.allSatisfy(inside), "\(kind) \(name): a point outside the plot")
                #expect(zip(series.points, series.points.dropFirst()).allSatisfy { $0.x <= $1.x }, "\(kind) \(name): time goes back")
                let first = try #require(try variant(run, name).retention.first)
                #expect(chart.markup.contains("stroke-width=\"1.5\"><title>\(name) close 1 (close_profile, \(first.iteration) iterations done) at "),
                        "\(kind) \(name): a close marker without its hover text")
            }
        }
    }

    @Test func retentionChartHasALinePerVariantWithItsFitAndLegend() async throws {
        let run = try await WrittenRun.get()
        let html = HTMLReport.page(run.result)
        let chart = try #require(ReportMarkup.charts(html).first { $0.kind == "retention" })
        let legend = try #require(ReportMarkup.figure(html, "retention"))
        #expect(chart.series.map(\.variant) == WrittenRun.variants)
        #expect(chart.fits == WrittenRun.variants, "a least-squares line per variant")
        for name in WrittenRun.variants {
            let result = try variant(run, name)
            let series = try #require(chart.series(name))
            #expect(series.points.count == result.retention.count && series.declaredPoints == WrittenRun.iterations)
            #expect(series.points.allSatisfy(inside))
            // Close numbers 1, 2, 3 ... are evenly spaced.
            let steps = zip(series.points, series.points.dropFirst()).map { $1.x - $0.x }
            #expect(steps.allSatisfy { $0 > 0 && abs($0 - steps[0]) < 0.2 }, "\(steps)")
            let fit = try #require(result.retentionFit)
            #expect(legend.contains(HTMLText.escape(RunSummary.retentionLine(fit))), "\(name): legend without its fit")
        }
    }

    @Test func sectionsComeInTheDesignedOrderAndVariantsKeepTheirColour() async throws {
        let run = try await WrittenRun.get()
        let html = HTMLReport.page(run.result)
        let marks = ["<h1>", "id=\"thresholds\"", "id=\"latency\"", "id=\"steps\"", "id=\"memory\"", "id=\"retention\"", "id=\"leaks\""]
        let offsets = try marks.map { mark in try #require(html.range(of: mark), "no \(mark)").lowerBound }
        #expect(offsets == offsets.sorted(), "sections out of order")
        var colours: [String: Set<String>] = [:]
        for chart in ReportMarkup.charts(html) {
            for series in chart.series { colours[series.variant, default: []].insert(series.stroke) }
        }
        #expect(colours.keys.sorted() == WrittenRun.variants.sorted())
        #expect(colours.values.allSatisfy { $0.count == 1 }, "a variant changes colour: \(colours)")
        #expect(Set(colours.values.compactMap(\.first)).count == WrittenRun.variants.count, "two variants share a colour")
    }

    @Test func textFromTheRunIsEscapedEverywhere() throws {
        let description = "<script>alert(\"x\")</script> & co"
        let name = "a<b>&\"c\""
        let cycle = "A.b -> B.<c> -> \"A\" & more"
        let leak = LeakRecord(type: "Screen<T>", created: 2, leaked: 1, leakedBytes: 64, cycle: cycle)
        let variant = CraftedRun.variant(name, steps: [CraftedRun.step("open<x>", nanoseconds: [1_000, 2_000, 3_000])],
                                         memory: CraftedRun.memory(5) { 1_000 + $0 }, retention: CraftedRun.retention(3, bytesPerClose: 10),
                                         leaks: [leak], iterations: 3)
        let threshold = Threshold(metric: .p99, step: "open<x>", comparison: .less, value: 1, source: "p99(open<x>) < 1us & \"y\"")
        let html = HTMLReport.page(CraftedRun.run(name: "n<&>", description: description, variants: [variant],
                                                  thresholds: [ThresholdVerdict(threshold: threshold, variant: name, observed: 3, passed: false)]))
        #expect(!html.contains("<script"), "a script from the description")
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(html.contains("<h1>n&lt;&amp;&gt;</h1>"))
        #expect(html.contains("<code>A.b -&gt; B.&lt;c&gt; -&gt; &quot;A&quot; &amp; more</code>"))
        #expect(html.contains("p99(open&lt;x&gt;) &lt; 1us &amp; &quot;y&quot;"))
        #expect(!html.contains(name) && !html.contains("<c>") && !html.contains("open<x>"))
        #expect(ReportMarkup.problems(html) == [])
        #expect(ReportMarkup.externalReferences(html) == [])
        let charts = ReportMarkup.charts(html)
        #expect(charts.map(\.kind) == ["latency", "allocated", "rss", "retention"])
        #expect(charts.first?.step == "open<x>")
        #expect(charts.allSatisfy { $0.series.map(\.variant) == [name] }, "variant names read back unescaped")
    }

    @Test func anEmptyRunStillRendersAValidPageThatSaysThereIsNoData() {
        let html = HTMLReport.page(CraftedRun.run(variants: []))
        #expect(ReportMarkup.problems(html) == [])
        #expect(ReportMarkup.externalReferences(html) == [])
        #expect(ReportMarkup.charts(html).isEmpty)
        #expect(!html.contains("<svg"))
        for section in ["thresholds", "latency", "steps", "memory", "retention", "leaks"] {
            #expect(html.contains("<section id=\"\(section)\">"), "no \(section) section")
        }
        #expect(html.contains("No data: no variant ran."))
        #expect(html.contains("No data: no measured step ran."))
        #expect(html.components(separatedBy: "class=\"nodata\"").count - 1 >= 6, "a note for every empty part")
    }

    @Test func singlePointsAndMissingDataDrawNotesNotBrokenCharts() throws {
        let one = CraftedRun.variant("one", steps: [CraftedRun.step("s", nanoseconds: [42_000])],
                                     memory: CraftedRun.memory(1) { _ in 5_000_000 }, retention: CraftedRun.retention(1, bytesPerClose: 0),
                                     iterations: 1)
        let none = CraftedRun.variant("none", steps: [StepMetrics(step: "s"), StepMetrics(step: "never")])
        let html = HTMLReport.page(CraftedRun.run(variants: [one, none]))
        #expect(ReportMarkup.problems(html) == [])
        let charts = ReportMarkup.charts(html)
        #expect(charts.map(\.kind) == ["latency", "allocated", "rss", "retention"], "no chart for a step nobody ran")
        for chart in charts {
            #expect(chart.series.map(\.variant) == ["one"], "\(chart.kind)")
            let series = try #require(chart.series.first)
            #expect(series.points.count == 1 && series.declaredPoints == 1, "\(chart.kind)")
            #expect(series.points.allSatisfy(inside), "\(chart.kind): \(series.points)")
            #expect(chart.markup.contains("<circle class=\"dot\""), "\(chart.kind): a single point needs a dot to be seen")
            #expect(chart.fits.isEmpty)
        }
        #expect(charts.filter { $0.kind != "latency" }.allSatisfy { $0.closeMarkers == ($0.kind == "retention" ? 0 : 1) })
        let latency = try #require(ReportMarkup.figure(html, "latency", step: "s"))
        #expect(latency.contains("<li class=\"nodata\"><span class=\"swatch\" style=\"background:\(VariantPalette.color(1))\"></span><b>none</b> no data</li>"))
        let never = try #require(ReportMarkup.figure(html, "latency", step: "never"))
        #expect(!never.contains("<svg") && never.contains("No data: no variant recorded never."))
        let retention = try #require(ReportMarkup.figure(html, "retention"))
        #expect(retention.contains("too few closes for a line"))
        #expect(retention.contains("<b>none</b> no data"))
    }

    /// A soak run closes a screen a thousand times a second: its closes are marked evenly,
    /// at most `markedClosesLimit` of them, and the page stays small.
    @Test func aSoakRunsCountlessClosesAreMarkedEvenlyAndThePageStaysSmall() throws {
        let closes = 100_000
        let memory = CraftedRun.memory(closes, every: 10) { 100_000_000 + ($0 % 97) * 1_000 }
        let soak = CraftedRun.variant("soak", memory: memory, retention: CraftedRun.retention(closes, bytesPerClose: 30, every: 10))
        let html = HTMLReport.page(CraftedRun.run(variants: [soak]))
        #expect(ReportMarkup.problems(html) == [])
        #expect(html.utf8.count < 600_000, "page of \(html.utf8.count) bytes")
        let charts = ReportMarkup.charts(html)
        #expect(charts.first { $0.kind == "allocated" }?.closeMarkers == MemoryChart.markedClosesLimit)
        #expect(html.contains("100,000 closes, 1 in 50 marked"))
    }

    @Test func longSeriesAreThinnedToAtMostFiveHundredPointsKeepingPeaksAndDips() throws {
        let count = 20_000
        let memory = CraftedRun.memory(count, every: 10) { index in
            index == 12_345 ? 900_000_000 : index == 4_321 ? 1 : 100_000_000 + (index % 97) * 1_000
        }
        let long = CraftedRun.variant("long", memory: memory, retention: CraftedRun.retention(1_000, bytesPerClose: 100, every: 200))
        let html = HTMLReport.page(CraftedRun.run(variants: [long]))
        #expect(ReportMarkup.problems(html) == [])
        #expect(html.utf8.count < 400_000, "page of \(html.utf8.count) bytes")
        let charts = ReportMarkup.charts(html)
        let allocated = try #require(charts.first { $0.kind == "allocated" }?.series.first)
        let drawn = MemoryChart.drawn(long, .allocated)
        #expect(drawn.count <= MemoryChart.pointLimit && drawn.count > MemoryChart.pointLimit / 2)
        #expect(allocated.points.count == drawn.count && allocated.declaredPoints == drawn.count)
        #expect(drawn.contains { $0.y == 900_000_000 } && drawn.contains { $0.y == 1 }, "the peak or the dip was dropped")
        #expect(drawn.first?.x == 0 && drawn.last?.x == Double(count - 1) * 10)
        #expect(charts.first { $0.kind == "allocated" }?.closeMarkers == 1_000, "every close is still marked")
        #expect(!html.contains("<title></title>"), "markers beyond the titled limit carry no empty title")
        let retention = try #require(charts.first { $0.kind == "retention" }?.series.first)
        #expect(retention.points.count <= RetentionChart.pointLimit)
        // The spike is the highest point drawn, the dip the lowest, where the axes put them.
        let top = try #require(allocated.points.min { $0.y < $1.y }), bottom = try #require(allocated.points.max { $0.y < $1.y })
        let y = ChartAxis.nice(covering: drawn.map(\.y), unit: .bytes, includeZero: false)
        let x = ChartAxis.nice(covering: drawn.map(\.x) + long.retention.map(\.elapsedMilliseconds), unit: .milliseconds, includeZero: true)
        func pixel(_ time: Double, _ bytes: Double) -> (x: Double, y: Double) {
            (plot.left + x.fraction(time) * (plot.right - plot.left), plot.top + (1 - y.fraction(bytes)) * (plot.bottom - plot.top))
        }
        let spike = pixel(123_450, 900_000_000), dip = pixel(43_210, 1)
        #expect(abs(top.x - spike.x) < 0.1 && abs(top.y - spike.y) < 0.1, "highest \(top), spike at \(spike)")
        #expect(abs(bottom.x - dip.x) < 0.1 && abs(bottom.y - dip.y) < 0.1, "lowest \(bottom), dip at \(dip)")
    }

    @Test func thresholdsArePassOrFailWithObservedValuesInTheirUnits() {
        func verdict(_ metric: Threshold.Metric, _ source: String, _ observed: Double?, _ passed: Bool) -> ThresholdVerdict {
            ThresholdVerdict(threshold: Threshold(metric: metric, comparison: .less, value: 1, source: source), variant: "v",
                             observed: observed, passed: passed)
        }
        let html = HTMLReport.page(CraftedRun.run(variants: [CraftedRun.variant("v")], thresholds: [
            verdict(.p99, "p99 fast", 1_500, true), verdict(.bytesPerOp, "bytes small", 2_048, false),
            verdict(.errorRate, "rate low", 0.5, false), verdict(.leakedObjects, "no leaks", nil, false),
        ], interrupted: true))
        #expect(html.contains("<td class=\"l\">p99 fast</td><td class=\"l\"><span class=\"swatch\" style=\"background:#4e79a7\"></span>v</td><td>1.5ms</td><td class=\"pass\">true</td>"))
        #expect(html.contains(">bytes small</td>") && html.contains("<td>2.0KB</td><td class=\"fail\">false</td>"))
        #expect(html.contains("<td>50%</td><td class=\"fail\">false</td>"))
        #expect(html.contains("<td>not measured</td><td class=\"fail\">false</td>"))
        #expect(html.contains("3 of 4 failed."))
        #expect(html.contains("class=\"interrupted\""))
        #expect(ReportMarkup.problems(html) == [])
    }

    @Test func axesNeverHaveAnEmptyRangeAndReadInUnits() {
        for (values, unit, zero) in [([5.0], ChartAxis.Unit.bytes, false), ([], .nanoseconds, true), ([0, 0], .bytes, true),
                                     ([1], .count, false), ([-3_000, -3_000], .bytes, false), ([.nan, 7], .milliseconds, false)] {
            let axis = ChartAxis.nice(covering: values, unit: unit, includeZero: zero)
            #expect(axis.high > axis.low, "\(values)")
            #expect(values.filter(\.isFinite).allSatisfy { axis.low <= $0 && $0 <= axis.high }, "\(values)")
            #expect(axis.ticks.count >= 2 && axis.ticks.count <= 12, "\(values): \(axis.ticks.map(\.label))")
        }
        #expect(ChartAxis.percentiles(decades: 4).ticks.map(\.label) == ["0%", "90%", "99%", "99.9%", "99.99%"])
        #expect(ChartAxis.nice(covering: [0, 2_400_000], unit: .nanoseconds, includeZero: true).ticks.map(\.label)
                == ["0", "0.5ms", "1ms", "1.5ms", "2ms", "2.5ms"])
        #expect(ChartAxis.nice(covering: [0, 3 * 1_048_576], unit: .bytes, includeZero: true).ticks.last?.label == "3MB")
        #expect(ChartAxis.nice(covering: [1, 3], unit: .count, includeZero: false).ticks.allSatisfy { $0.value == $0.value.rounded() })
        #expect(MemoryChart.value(at: 150, in: [.init(x: 100, y: 10), .init(x: 200, y: 30)]) == 20)
        #expect(MemoryChart.value(at: 5, in: [.init(x: 5, y: 1), .init(x: 5, y: 2)]) != nil)
    }
}
