import Foundation
@testable import LoadHarness
import Testing

/// Headless Chromium for the report's browser test: found at a usual path (or `ROOST_CHROMIUM`),
/// run with `--dump-dom` under a time limit.
enum HeadlessBrowser {
    static let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                             "/usr/bin/google-chrome-stable", "/snap/bin/chromium"]
    /// A hung browser fails the test instead of hanging CI.
    static let timeLimit: Duration = .seconds(60)

    static var path: String? {
        if let path = ProcessInfo.processInfo.environment["ROOST_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// CI sets `ROOST_REQUIRE_BROWSER=1`: a missing browser is then a failure, not a skip.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["ROOST_REQUIRE_BROWSER"] == "1" }

    static var shouldRun: Bool { path != nil || isRequired }

    /// `--no-sandbox` because the tests may run as root (containers, CI); the profile is a
    /// fresh folder so no other Chromium's lock or settings get in the way.
    static func arguments(url: String, profile: String) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--user-data-dir=\(profile)", "--allow-file-access-from-files", "--window-size=1280,1000",
         "--virtual-time-budget=5000", "--dump-dom", url]
    }

    struct Output {
        let dom: String
        let log: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `html` as report.html beside `wrapper` (a page that frames it, checks it and
    /// writes its verdict as percent-encoded JSON into `<pre id="result">`) in a fresh
    /// folder, runs Chromium on the wrapper and decodes the verdict.
    static func check<Verdict: Decodable>(_ html: String, in wrapper: String, label: String) async throws -> Verdict {
        let folder = try TemporaryFolder.make(label)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(html.utf8).write(to: URL(fileURLWithPath: folder + "/report.html"))
        try Data(wrapper.utf8).write(to: URL(fileURLWithPath: folder + "/wrapper.html"))
        let output = try await dumpDOM(of: folder + "/wrapper.html", in: folder)
        guard let match = output.dom.firstMatch(of: /<pre id="result">([^<]+)<\/pre>/),
              let json = String(match.output.1).removingPercentEncoding else {
            throw Failure(description: "the wrapper wrote no result; DOM:\n\(output.dom.prefix(2_000))\n"
                + "log:\n\(output.log.suffix(2_000))")
        }
        return try JSONDecoder().decode(Verdict.self, from: Data(json.utf8))
    }

    /// The DOM of `page` (a file) after its scripts ran.
    static func dumpDOM(of page: String, in folder: String) async throws -> Output {
        guard let path else {
            throw Failure(description: "no Chromium: looked at \(candidates.joined(separator: ", ")) and ROOST_CHROMIUM; "
                + "install it (Debian: apt-get install chromium) or unset ROOST_REQUIRE_BROWSER")
        }
        let stdout = folder + "/chromium.out", stderr = folder + "/chromium.err"
        guard FileManager.default.createFile(atPath: stdout, contents: nil),
              FileManager.default.createFile(atPath: stderr, contents: nil) else {
            throw Failure(description: "cannot create \(stdout)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments(url: URL(fileURLWithPath: page).absoluteString, profile: folder + "/profile")
        process.standardOutput = FileHandle(forWritingAtPath: stdout)
        process.standardError = FileHandle(forWritingAtPath: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let clock = ContinuousClock(), deadline = clock.now + timeLimit
        while process.isRunning, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        let log = (try? TemporaryFolder.read(stderr)) ?? ""
        if process.isRunning {
            // Foundation starts the browser in its own process group: end the group (its
            // renderer and helper processes too), not just the browser.
            let pid = process.processIdentifier
            let target = getpgid(pid) == pid ? -pid : pid
            kill(target, SIGTERM)
            try? await Task.sleep(for: .seconds(2))
            kill(target, SIGKILL)
            throw Failure(description: "\(path) did not finish within \(timeLimit); its log:\n\(log.suffix(2_000))")
        }
        let dom = try TemporaryFolder.read(stdout)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(path) exited with \(process.terminationStatus); its log:\n\(log.suffix(2_000))")
        }
        return Output(dom: dom, log: log)
    }
}

/// What the wrapper page measured in the report it framed.
struct BrowserCheck: Decodable {
    struct Series: Decodable {
        let variant: String
        let declared: Int
        /// Points the browser parsed from the polyline (a malformed list stops early).
        let parsed: Int
        let width: Double
        let height: Double
        /// Whether the bounding box lies in the chart's plot area.
        let inside: Bool
    }

    struct Chart: Decodable {
        let kind: String
        let step: String?
        let width: Double
        let height: Double
        let closes: Int
        let series: [Series]
    }

    let errors: [String]
    let title: String
    let scripts: Int
    /// Everything the frame loaded besides the page.
    let resources: [String]
    let overflows: Bool
    let charts: [Chart]

    /// A page that frames `report.html` (1200 px wide) and, once it loaded, writes what it
    /// found into `<pre id="result">` as URI-encoded JSON.
    static let wrapper = """
        <!doctype html><html><head><meta charset="utf-8"><title>report check</title></head><body>
        <iframe id="report" src="report.html" style="width:1200px;height:900px;border:0"></iframe>
        <pre id="result"></pre>
        <script>
        var errors = [];
        window.onerror = function (message, source, line) { errors.push(String(message) + " at " + source + ":" + line); };
        document.getElementById("report").addEventListener("load", function () {
          var result = { errors: errors, title: "", scripts: -1, resources: [], overflows: true, charts: [] };
          try {
            var frame = document.getElementById("report"), doc = frame.contentDocument, root = doc.documentElement;
            result.title = doc.title;
            result.scripts = doc.querySelectorAll("script").length;
            result.resources = frame.contentWindow.performance.getEntriesByType("resource").map(function (r) { return r.name; });
            result.overflows = root.scrollWidth > root.clientWidth;
            doc.querySelectorAll("svg.chart").forEach(function (svg) {
              var plot = svg.querySelector("rect.plot").getBBox(), rect = svg.getBoundingClientRect();
              var chart = { kind: svg.getAttribute("data-chart"), step: svg.getAttribute("data-step"), width: rect.width,
                            height: rect.height, closes: svg.querySelectorAll("circle.close").length, series: [] };
              svg.querySelectorAll("g.series").forEach(function (g) {
                var box = g.getBBox(), line = g.querySelector("polyline");
                chart.series.push({ variant: g.getAttribute("data-variant"), declared: Number(g.getAttribute("data-points")),
                  parsed: line ? line.points.numberOfItems : -1, width: box.width, height: box.height,
                  inside: box.x >= plot.x - 4 && box.y >= plot.y - 4 && box.x + box.width <= plot.x + plot.width + 4
                    && box.y + box.height <= plot.y + plot.height + 4 });
              });
              result.charts.push(chart);
            });
          } catch (e) { errors.push("check: " + e); }
          document.getElementById("result").textContent = encodeURIComponent(JSON.stringify(result));
        });
        </script></body></html>
        """

    /// Frames `html` in the wrapper in a fresh folder, runs Chromium and reads the result.
    static func run(_ html: String, label: String) async throws -> BrowserCheck {
        try await HeadlessBrowser.check(html, in: wrapper, label: label)
    }
}

/// `report.html` in a real headless browser: no errors, every chart drawn with data.
@Suite(.serialized) struct HTMLReportBrowserTests {
    @Test(.enabled(if: HeadlessBrowser.shouldRun, "needs Chromium; ROOST_REQUIRE_BROWSER=1 makes its absence a failure"))
    func everyChartOfTheWrittenReportIsDrawnWithData() async throws {
        let run = try await WrittenRun.get()
        let check = try await BrowserCheck.run(try TemporaryFolder.read("\(run.folder)/report.html"), label: "browser")
        #expect(check.errors == [])
        #expect(check.title == "roost: \(WrittenRun.scenarioName)")
        #expect(check.scripts == 0 && check.resources == [], "the page loads nothing: \(check.resources)")
        #expect(!check.overflows, "wider than a 1200 px screen")
        let steps = WrittenRun.measured.map(\.step)
        #expect(check.charts.map(\.kind) == Array(repeating: "latency", count: steps.count) + ["allocated", "rss", "errors"]
            + steps.flatMap { _ in ["throughput", "latency-over-time"] } + ["retention"])
        #expect(check.charts.compactMap(\.step) == steps + steps.flatMap { [$0, $0] })
        let closes = run.result.variants.reduce(0) { $0 + $1.retention.count }
        for chart in check.charts {
            let name = "\(chart.kind) \(chart.step ?? "")"
            #expect(chart.width >= 400 && chart.width <= 620 && chart.height >= 200, "\(name) drawn \(chart.width)x\(chart.height)")
            // Latency over time draws p99 and p50 for each variant.
            let lines = chart.kind == "latency-over-time" ? WrittenRun.variants.flatMap { [$0, $0] } : WrittenRun.variants
            #expect(chart.series.map(\.variant) == lines, "\(name)")
            for series in chart.series {
                #expect(series.declared > 0 && series.parsed == series.declared, "\(name) \(series.variant): \(series)")
                #expect(series.width > 0 && series.height > 0, "\(name) \(series.variant): empty box \(series)")
                #expect(series.inside, "\(name) \(series.variant): drawn outside its plot")
            }
            #expect(chart.closes == (["allocated", "rss"].contains(chart.kind) ? closes : 0), "\(name) close markers")
        }
    }

    /// The check itself: a report with a malformed line, an empty one, one outside its plot
    /// and a script must not pass.
    @Test(.enabled(if: HeadlessBrowser.shouldRun, "needs Chromium; ROOST_REQUIRE_BROWSER=1 makes its absence a failure"))
    func theCheckCatchesBrokenCharts() async throws {
        let run = try await WrittenRun.get()
        // The first three latency lines (no dots; two per chart): malformed, a single point, off the plot.
        let broken = [" points=\"100,100 x,y 200,200\"", " points=\"100,100\"", " points=\"5000,5000 5100,5100\""]
        var replaced = 0
        var html = HTMLReport.page(run.result).replacing(/\ points="[^"]*"/, maxReplacements: broken.count) { _ in
            defer { replaced += 1 }
            return broken[replaced]
        }
        try #require(replaced == broken.count)
        html = html.replacingOccurrences(of: "</body>", with: "<script>var x = 1;</script></body>")
        let check = try await BrowserCheck.run(html, label: "browser-broken")
        let lines = check.charts.prefix(2).flatMap(\.series)
        try #require(lines.count == 4, "\(check.charts)")
        #expect(lines[0].parsed < lines[0].declared, "a malformed point list went unnoticed")
        #expect(lines[1].width == 0 && lines[1].height == 0, "an empty line went unnoticed")
        #expect(!lines[2].inside, "a line outside its plot went unnoticed")
        #expect(lines[3].inside && lines[3].parsed == lines[3].declared)
        #expect(check.scripts == 1)
    }
}
