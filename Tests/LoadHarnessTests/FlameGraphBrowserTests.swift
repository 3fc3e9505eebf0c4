import Foundation
@testable import LoadHarness
import Testing

/// What the wrapper page measured of the report's flame graphs in a real browser.
struct FlameCheck: Decodable {
    struct Problem: Decodable, CustomStringConvertible {
        /// `outside` (a box not in its plot), `overflow` (a label wider than its box or out of
        /// it), `font` (a label smaller than the minimum), `tooltip` (no title naming the frame).
        let kind: String
        let graph: String
        let frame: String
        let detail: String

        var description: String { "\(kind) in \(graph): \(frame) (\(detail))" }
    }

    struct Graph: Decodable {
        let variant: String
        let step: String
        let measure: String
        let boxes: Int
        let labels: Int
        /// The smallest label's font size as drawn, CSS pixels.
        let smallestFont: Double
        let width: Double
    }

    let errors: [String]
    let overflows: Bool
    let graphs: [Graph]
    /// The first problems found (at most 50).
    let problems: [Problem]
    let problemCount: Int

    /// The smallest label font the check accepts, CSS pixels.
    static let minimumFont = 9.0

    /// A page that frames `report.html` (1200 px wide), opens every flame graph's `<details>`,
    /// and checks each box against its plot and each label against its box.
    static let wrapper = """
        <!doctype html><html><head><meta charset="utf-8"><title>flame check</title></head><body>
        <iframe id="report" src="report.html" style="width:1200px;height:900px;border:0"></iframe>
        <pre id="result"></pre>
        <script>
        var errors = [];
        window.onerror = function (message, source, line) { errors.push(String(message) + " at " + source + ":" + line); };
        document.getElementById("report").addEventListener("load", function () {
          var result = { errors: errors, overflows: true, graphs: [], problems: [], problemCount: 0 };
          function problem(kind, graph, frame, detail) {
            result.problemCount++;
            if (result.problems.length < 50) result.problems.push({ kind: kind, graph: graph, frame: frame, detail: detail });
          }
          try {
            var doc = document.getElementById("report").contentDocument, root = doc.documentElement;
            doc.querySelectorAll("details").forEach(function (d) { d.open = true; });
            result.overflows = root.scrollWidth > root.clientWidth;
            doc.querySelectorAll("svg.flame").forEach(function (svg) {
              var name = svg.getAttribute("data-variant") + "/" + svg.getAttribute("data-step") + "/" + svg.getAttribute("data-measure");
              // Screen coordinates throughout: boxes sit in translated row groups.
              var plot = svg.querySelector("rect.plot").getBoundingClientRect(), drawn = svg.getBoundingClientRect();
              var scale = drawn.width / svg.viewBox.baseVal.width;
              var graph = { variant: svg.getAttribute("data-variant"), step: svg.getAttribute("data-step"),
                            measure: svg.getAttribute("data-measure"), boxes: 0, labels: 0, smallestFont: 1e9, width: drawn.width };
              svg.querySelectorAll("g[class]").forEach(function (g) {
                var rect = g.querySelector("rect"), text = g.querySelector("text"), title = g.querySelector("title");
                if (!rect) return;
                graph.boxes++;
                var box = rect.getBoundingClientRect(), frame = title ? title.textContent.split("\\n")[0] : "(no title)";
                if (box.width <= 0 || box.height <= 0 || box.left < plot.left - 0.5 || box.top < plot.top - 0.5
                    || box.right > plot.right + 0.5 || box.bottom > plot.bottom + 0.5) {
                  problem("outside", name, frame, [box.left - plot.left, box.top - plot.top, box.width, box.height].join(","));
                }
                if (!title || title.textContent.indexOf("\\n") < 0) problem("tooltip", name, frame, "no title with name and value");
                if (!text) return;
                graph.labels++;
                var label = text.getBoundingClientRect(), length = text.getComputedTextLength() * scale;
                var font = parseFloat(getComputedStyle(text).fontSize) * scale;
                graph.smallestFont = Math.min(graph.smallestFont, font);
                if (font < \(minimumFont)) problem("font", name, frame, "font " + font.toFixed(2) + "px");
                if (length > box.width || label.left < box.left - 0.5 || label.right > box.right + 0.5
                    || label.top < box.top - 1 || label.bottom > box.bottom + 1) {
                  problem("overflow", name, frame, "label " + length.toFixed(1) + " wide in a " + box.width.toFixed(1) + " box");
                }
                var stem = text.textContent.replace(/\\u2026$/, "");
                if (frame.indexOf(stem) !== 0) problem("tooltip", name, frame, "label '" + text.textContent + "' is not the name's start");
              });
              result.graphs.push(graph);
            });
          } catch (e) { errors.push("check: " + e); }
          document.getElementById("result").textContent = encodeURIComponent(JSON.stringify(result));
        });
        </script></body></html>
        """

    static func run(_ html: String, label: String) async throws -> FlameCheck {
        try await HeadlessBrowser.check(html, in: wrapper, label: label)
    }
}

/// A real run's report: `profile-open-close` (three iterations, every variant, exact profile),
/// whose stacks go through GRDB and SQLite 40 to 60 frames deep.
enum FlameRun {
    private static let fixture = Task<RunResult, any Error> {
        var scenario = try ScenarioLoader.load(
            path: ScenarioTestSupport.scenariosFolder.appendingPathComponent("profile-open-close.yaml").path)
        scenario.load = .closed(.init(virtualUsers: 1, iterations: 3, warmup: 1))
        return try await InProcessRun.run(scenario, allocationProfile: .exact)
    }

    static func get() async throws -> RunResult { try await fixture.value }
}

/// The flame graphs of `report.html` in headless Chromium: every box inside its plot, every
/// label inside its box and readable; a page with a broken graph fails the same check.
@Suite(.serialized) struct FlameGraphBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun, "needs Chromium; ROOST_REQUIRE_BROWSER=1 makes its absence a failure"))
    func everyFlameGraphOfARealRunIsDrawnInsideItsPlotWithReadableLabels() async throws {
        let run = try await FlameRun.get()
        let html = HTMLReport.page(run)
        let check = try await FlameCheck.run(html, label: "flame-browser")
        #expect(check.errors == [])
        #expect(!check.overflows, "wider than a 1200 px screen")
        #expect(check.problemCount == 0, "\(check.problemCount) problems: \(check.problems)")
        // Every variant and step with bytes has its graph, and the bug's retained bytes theirs.
        var expected: [String] = []
        for variant in run.variants {
            let stacks = try #require(FlameGraphStacks.of(variant))
            for step in variant.steps.map(\.step) {
                if stacks.bytes.contains(where: { $0.step == step && $0.value > 0 }) { expected.append("\(variant.variant)/\(step)/bytes") }
                if stacks.retained.contains(where: { $0.step == step && $0.value > 0 }) {
                    expected.append("\(variant.variant)/\(step)/retained")
                }
                if stacks.peak?.contains(where: { $0.step == step && $0.value > 0 }) == true {
                    expected.append("\(variant.variant)/\(step)/peak")
                }
            }
        }
        #expect(check.graphs.map { "\($0.variant)/\($0.step)/\($0.measure)" } == expected)
        #expect(expected.contains("strong-delegate/open_profile/retained"))
        #expect(expected.contains("weak/open_profile/peak"))
        for graph in check.graphs {
            #expect(graph.boxes >= 3 && graph.labels >= 1, "\(graph)")
            #expect(graph.smallestFont >= FlameCheck.minimumFont, "\(graph)")
            #expect(graph.width >= 1_000, "\(graph.variant)/\(graph.step) drawn \(graph.width) px wide")
        }
        // Labels are drawn where there is room: the deep open_profile graph has dozens.
        let open = try #require(check.graphs.first { $0.variant == "strong-delegate" && $0.step == "open_profile" && $0.measure == "bytes" })
        #expect(open.labels >= 20, "\(open)")
    }

    /// The check itself: a box moved out of its plot, a label longer than its box and a tiny
    /// label must each be caught.
    @Test(.enabled(if: HeadlessBrowser.shouldRun, "needs Chromium; ROOST_REQUIRE_BROWSER=1 makes its absence a failure"))
    func theCheckCatchesABoxOutsideItsPlotAnOverflowingLabelAndATinyFont() async throws {
        let run = try await FlameRun.get()
        var html = HTMLReport.page(run)
        // In the first graph: the second box's rect moved right of the plot; the third box's
        // label made far longer than its box; the fourth box's label drawn at 4 px.
        let first = try #require(html.range(of: "<svg class=\"flame\""))
        var boxes = html[first.lowerBound...].ranges(of: "<g class=\"").prefix(4).map(\.lowerBound)
        try #require(boxes.count == 4)
        boxes.removeFirst()
        func replaceFirst(_ pattern: Regex<Substring>, after index: String.Index, with text: (Substring) -> String) throws {
            let match = try #require(html[index...].firstMatch(of: pattern))
            html.replaceSubrange(match.range, with: text(match.output))
        }
        // Edit from the last box back, so earlier indices stay valid.
        try replaceFirst(#/<text /#, after: boxes[2]) { _ in "<text style=\"font-size:4px\" " }
        try replaceFirst(/<\/text>/, after: boxes[1]) { _ in String(repeating: " much longer than its box", count: 20) + "</text>" }
        try replaceFirst(/<rect x="[0-9.]+"/, after: boxes[0]) { _ in "<rect x=\"5000\"" }
        let check = try await FlameCheck.run(html, label: "flame-broken")
        #expect(check.errors == [])
        let kinds = Set(check.problems.map(\.kind))
        #expect(kinds.contains("outside"), "a box outside its plot went unnoticed: \(check.problems)")
        #expect(kinds.contains("overflow"), "an overflowing label went unnoticed: \(check.problems)")
        #expect(kinds.contains("font"), "a 4 px label went unnoticed: \(check.problems)")
        #expect(check.problems.allSatisfy { $0.graph == "\(check.graphs[0].variant)/\(check.graphs[0].step)/\(check.graphs[0].measure)" },
                "only the broken graph fails: \(check.problems)")
    }
}
