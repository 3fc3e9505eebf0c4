import Foundation
@testable import LoadHarness
import MemoryProbes

/// The charts of a report page, read back from its markup (not from the code that wrote it).
struct ParsedChart {
    struct Series {
        let variant: String
        /// `data-points`.
        let declaredPoints: Int
        /// The polyline's points, in SVG pixels.
        let points: [(x: Double, y: Double)]
        let stroke: String
    }

    let kind: String
    let step: String?
    let series: [Series]
    let closeMarkers: Int
    /// `data-variant` of each least-squares line.
    let fits: [String]
    let tails: [String]
    let markup: String

    /// Series by variant name.
    func series(_ variant: String) -> Series? { series.first { $0.variant == variant } }
}

enum ReportMarkup {
    /// The plot area every chart draws in (SVGChart's margins), for "inside" checks.
    static let plot = (left: 64.0, top: 12.0, right: 560.0 - 26.0, bottom: 300.0 - 44.0)

    static func charts(_ html: String) -> [ParsedChart] {
        html.matches(of: /<svg class="chart"[^>]*>.*?<\/svg>/.dotMatchesNewlines()).map { match in
            let svg = String(match.output)
            let open = String(svg.prefix { $0 != ">" })
            let series = svg.matches(of: /<g class="series"[^>]*>.*?<\/g>/.dotMatchesNewlines()).map { group in
                let text = String(group.output)
                let tag = String(text.prefix { $0 != ">" })
                let pointsText = text.firstMatch(of: /<polyline[^>]* points="([^"]*)"/).map { String($0.output.1) } ?? ""
                let points = pointsText.split(separator: " ").map { pair -> (x: Double, y: Double) in
                    let parts = pair.split(separator: ",")
                    return (Double(parts.first ?? "") ?? .nan, Double(parts.count > 1 ? parts[1] : "") ?? .nan)
                }
                return ParsedChart.Series(variant: attribute("data-variant", tag) ?? "",
                                          declaredPoints: Int(attribute("data-points", tag) ?? "") ?? -1,
                                          points: points, stroke: attribute("stroke", tag) ?? "")
            }
            let lines = { (kind: String) in
                svg.matches(of: /<line class="([a-z]+)" data-variant="([^"]*)"/).filter { $0.output.1 == kind }
                    .map { unescape(String($0.output.2)) }
            }
            return ParsedChart(kind: attribute("data-chart", open) ?? "", step: attribute("data-step", open), series: series,
                               closeMarkers: svg.matches(of: /<circle class="close"/).count, fits: lines("fit"),
                               tails: lines("tail"), markup: svg)
        }
    }

    /// An attribute's unescaped value in an opening tag.
    static func attribute(_ name: String, _ tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        return unescape(String(tag[range.upperBound...].prefix { $0 != "\"" }))
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// What keeps `html` from being a well-formed page: unbalanced or misnested elements, a
    /// `<` that starts no tag, an `&` that starts no entity, a missing doctype or charset.
    static func problems(_ html: String) -> [String] {
        var problems: [String] = []
        if !html.hasPrefix("<!doctype html>") { problems.append("no doctype") }
        if !html.contains("<meta charset=\"utf-8\">") { problems.append("no utf-8 charset") }
        // Style sheets hold no markup; drop their text.
        let body = html.replacing(/<style>.*?<\/style>/.dotMatchesNewlines(), with: "<style></style>")
        let void: Set<String> = ["meta", "br", "hr", "img", "input", "link", "wbr", "col", "area", "base", "source", "track"]
        var open: [String] = []
        var index = body.startIndex
        while let lt = body[index...].firstIndex(of: "<") {
            let text = body[index..<lt]
            if let amp = text.firstMatch(of: /&(?!(amp|lt|gt|quot|#[0-9]+);)/) {
                problems.append("a bare & in \"\(text[amp.range.lowerBound...].prefix(30))\"")
            }
            guard let gt = body[lt...].firstIndex(of: ">") else { problems.append("an unclosed tag at the end"); break }
            let tag = body[body.index(after: lt)..<gt]
            index = body.index(after: gt)
            if tag.hasPrefix("!") { continue }
            guard let name = tag.firstMatch(of: /^\/?([a-zA-Z][a-zA-Z0-9]*)/)?.output.1.lowercased() else {
                problems.append("a < that starts no tag: \"<\(tag.prefix(30))\"")
                continue
            }
            if tag.contains("<") { problems.append("a < inside the tag <\(tag.prefix(40))") }
            if tag.contains(/&(?!(amp|lt|gt|quot|#[0-9]+);)/) { problems.append("a bare & in the tag <\(tag.prefix(40))") }
            if tag.hasPrefix("/") {
                if open.last == name { open.removeLast() } else { problems.append("</\(name)> closes <\(open.last ?? "nothing")>") }
            } else if !void.contains(name), !tag.hasSuffix("/") {
                open.append(name)
            }
        }
        if !open.isEmpty { problems.append("never closed: \(open)") }
        for bad in ["NaN", "inf\"", "Infinity"] where html.contains(bad) { problems.append("\(bad) in the page") }
        return problems
    }

    /// References to anything outside the page.
    static func externalReferences(_ html: String) -> [String] {
        ["http://", "https://", "src=", "href=", "url(", "@import", "<script", "<link", "<img", "<iframe", "<object"]
            .filter { html.localizedCaseInsensitiveContains($0) }
    }

    /// The text of the page's `<figure>` with this `data-figure` (and step).
    static func figure(_ html: String, _ kind: String, step: String? = nil) -> String? {
        let wanted = "data-figure=\"\(kind)\"" + (step.map { " data-step=\"\(HTMLText.escape($0))\"" } ?? "")
        for start in html.ranges(of: "<figure ") {
            let tag = html[start.lowerBound...].prefix { $0 != ">" }
            guard tag.contains(wanted), let end = html[start.lowerBound...].range(of: "</figure>") else { continue }
            return String(html[start.lowerBound..<end.upperBound])
        }
        return nil
    }
}

/// Hand-made runs for the report tests.
enum CraftedRun {
    static func step(_ name: String, nanoseconds: [UInt64], errors: Int = 0) -> StepMetrics {
        var metrics = StepMetrics(step: name)
        for (offset, value) in nanoseconds.enumerated() {
            metrics.record(nanoseconds: value, uncorrectedNanoseconds: value,
                           allocation: AllocationMeasurement(allocations: 3, frees: 2, bytesAllocated: 300, bytesFreed: 200),
                           error: offset < errors ? Crafted.failure : nil)
        }
        return metrics
    }

    /// The error a crafted step fails with (counted as `Crafted.failure`).
    enum Crafted: Error { case failure }

    static func memory(_ count: Int, every milliseconds: Double = 100, allocated: (Int) -> Int) -> [MemorySample] {
        (0..<count).map { index in
            MemorySample(elapsedMilliseconds: Double(index) * milliseconds, iteration: index, allocatedBytes: allocated(index),
                         residentBytes: 50_000_000 + index * 10, rssBytes: 60_000_000 + index * 1_000, liveTrackedObjects: index)
        }
    }

    static func retention(_ count: Int, bytesPerClose: Int, every milliseconds: Double = 100) -> [RetentionPoint] {
        (0..<count).map { index in
            RetentionPoint(close: index + 1, iteration: index + 1, step: "close_profile",
                           elapsedMilliseconds: Double(index) * milliseconds + 50, retainedBytes: 1_000_000 + index * bytesPerClose,
                           liveTrackedObjects: index)
        }
    }

    static func variant(_ name: String, steps: [StepMetrics] = [], memory: [MemorySample] = [], retention: [RetentionPoint] = [],
                        leaks: [LeakRecord] = [], iterations: Int = 0) -> VariantResult {
        VariantResult(variant: name, steps: steps, memory: memory, retention: retention, leaks: leaks, iterations: iterations,
                      droppedIterations: 0, elapsedNanoseconds: 1_000_000_000, peakResidentBytes: 70_000_000, wasInterrupted: false)
    }

    static func run(name: String = "crafted", description: String = "", variants: [VariantResult],
                    thresholds: [ThresholdVerdict] = [], interrupted: Bool = false) -> RunResult {
        let scenario = Scenario(name: name, description: description, steps: [])
        return RunResult(scenario: scenario, variants: variants, thresholds: thresholds, unjudged: [],
                         metrics: MetricTable(scenario: scenario, results: variants),
                         started: Date(timeIntervalSince1970: 1_700_000_000), ended: Date(timeIntervalSince1970: 1_700_000_042),
                         wasInterrupted: interrupted)
    }
}
