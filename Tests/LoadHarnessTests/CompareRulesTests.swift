import Foundation
import LoadHarness
import Testing

/// What `roost compare` judges beyond plain tolerances: percentiles only where enough samples
/// back them, the wide timing tolerance for CI, leaks named with their cycles, and files a
/// person edited (blank lines, spaces).
@Suite struct CompareRulesTests {
    /// A run folder with summary.csv rows (`variant|metric` -> value), and steps.csv counts
    /// (`variant|step` -> count) and leaks.csv rows when given.
    private func folder(_ values: [String: Double], counts: [String: Int]? = nil, leaks: [[String]] = [],
                        trailing: String = "") throws -> String {
        let path = try TemporaryFolder.make("compare-rules")
        var summary = "scenario,variant,metric,value,unit\r\n"
        for key in values.keys.sorted() {
            let parts = key.split(separator: "|").map(String.init)
            summary += "s,\(parts[0]),\(parts[1]),\(CSVNumber.text(values[key]!)),us\r\n"
        }
        try Data((summary + trailing).utf8).write(to: URL(fileURLWithPath: path + "/summary.csv"))
        if let counts {
            var steps = "scenario,variant,step,count,errors,mean_us,p50_us,p90_us,p99_us,p999_us,max_us,ops_per_s,allocs_per_op,bytes_per_op\r\n"
            for key in counts.keys.sorted() {
                let parts = key.split(separator: "|").map(String.init)
                steps += "s,\(parts[0]),\(parts[1]),\(counts[key]!),0,1,1,1,1,1,1,1,1,1\r\n"
            }
            try Data(steps.utf8).write(to: URL(fileURLWithPath: path + "/steps.csv"))
        }
        var leakText = "scenario,variant,type,created,leaked,leaked_bytes,cycle\r\n"
        for row in leaks { leakText += RFC4180.line(row) }
        try Data(leakText.utf8).write(to: URL(fileURLWithPath: path + "/leaks.csv"))
        return path
    }

    private let timings: [String: Double] = [
        "weak|p50(open)": 1000, "weak|p90(open)": 1000, "weak|p99(open)": 1000, "weak|max(open)": 1000,
        "weak|mean(open)": 1000, "weak|allocs_per_op(open)": 500,
    ]

    private func doubled(_ values: [String: Double]) -> [String: Double] {
        values.mapValues { $0 * 2 }.merging(["weak|allocs_per_op(open)": 500]) { $1 }
    }

    @Test(arguments: [
        // count: which doubled timings are judged (and so regress).
        (9, [String]()),
        (10, ["p50(open)"]),
        (50, ["p50(open)", "p90(open)"]),
        (499, ["p50(open)", "p90(open)"]),
        (500_000, ["p50(open)", "p90(open)", "p99(open)"]),
    ])
    func aPercentileIsJudgedOnlyWithFiveSamplesBeyondIt(count: Int, judged: [String]) throws {
        let baseline = try folder(timings, counts: ["weak|open": count])
        let current = try folder(doubled(timings), counts: ["weak|open": count + 1000])
        let comparison = try RunComparison.compare(baseline: baseline, current: current)
        #expect(comparison.regressions.map(\.metric).sorted() == judged)
        let skipped = comparison.changes.filter { $0.verdict == .tooFewSamples }.map(\.metric).sorted()
        #expect(Set(skipped).union(judged) == Set(["mean(open)", "p50(open)", "p90(open)", "p99(open)", "max(open)"]))
        if !skipped.isEmpty {
            #expect(ComparisonReport.render(comparison, format: .text)
                .contains("\(skipped.count) latency metric(s) not judged: too few samples beyond the percentile"))
        }
    }

    @Test func anExplicitToleranceJudgesEvenFewSamples() throws {
        let baseline = try folder(timings, counts: ["weak|open": 3])
        let current = try folder(doubled(timings), counts: ["weak|open": 3])
        var tolerances = Tolerances()
        try tolerances.set("max=+50%")
        try tolerances.set(" p99 =+5% ")
        let comparison = try RunComparison.compare(baseline: baseline, current: current, tolerances: tolerances)
        #expect(comparison.regressions.map(\.metric).sorted() == ["max(open)", "p99(open)"])
    }

    @Test func withoutStepsCSVEveryTimingIsJudged() throws {
        let comparison = try RunComparison.compare(baseline: try folder(timings), current: try folder(doubled(timings)))
        #expect(comparison.regressions.count == 5)
    }

    @Test func aStepsOnCPUTimeIsShownAndJudgedOnlyWhenAsked() throws {
        var values = timings
        values["weak|cpu_p50(open)"] = 1_000
        values["weak|wait_share(open)"] = 0.1
        let baseline = try folder(values)
        var doubled = values
        doubled["weak|cpu_p50(open)"] = 2_000
        doubled["weak|wait_share(open)"] = 0.6
        #expect(try RunComparison.compare(baseline: baseline, current: try folder(doubled)).regressions.isEmpty)
        var asked = Tolerances()
        try asked.set("cpu_p50=+25%")
        #expect(try RunComparison.compare(baseline: baseline, current: try folder(doubled), tolerances: asked).regressions.map(\.metric)
            == ["cpu_p50(open)"])
    }

    @Test func theTimingToleranceWidensEveryLatencyMetricAndThroughput() throws {
        var values = timings
        values["weak|ops_per_s(open)"] = 400
        let baseline = try folder(values)
        var tolerances = Tolerances()
        try tolerances.setTimings("300%")
        // 4x slower and a quarter of the throughput: within.
        var slower = values.mapValues { $0 * 4 }
        slower["weak|allocs_per_op(open)"] = 500
        slower["weak|ops_per_s(open)"] = 100
        #expect(try RunComparison.compare(baseline: baseline, current: try folder(slower), tolerances: tolerances).regressions.isEmpty)
        // A little beyond: every one regresses.
        var beyond = values.mapValues { $0 * 4.2 }
        beyond["weak|allocs_per_op(open)"] = 500
        beyond["weak|ops_per_s(open)"] = 95
        let comparison = try RunComparison.compare(baseline: baseline, current: try folder(beyond), tolerances: tolerances)
        #expect(comparison.regressions.map(\.metric).sorted()
            == ["max(open)", "mean(open)", "ops_per_s(open)", "p50(open)", "p90(open)", "p99(open)"])
        // Allocations stay exact under a wide timing tolerance.
        var oneMore = values
        oneMore["weak|allocs_per_op(open)"] = 501
        #expect(try RunComparison.compare(baseline: baseline, current: try folder(oneMore), tolerances: tolerances)
            .regressions.map(\.metric) == ["allocs_per_op(open)"])
        var bad = Tolerances()
        #expect(throws: ComparisonError.self) { try bad.setTimings("lots") }
    }

    @Test func aLeakRegressionNamesWhatLeakedAndItsCycle() throws {
        let cycle = "ProfileController.header -> ProfileHeader.delegate.strong -> ProfileController"
        let baseline = try folder(["weak|leaked_objects": 0, "strong|leaked_objects": 30])
        let current = try folder(["weak|leaked_objects": 13, "strong|leaked_objects": 30], leaks: [
            ["s", "weak", "ProfileController", "10", "10", "1920", cycle],
            ["s", "weak", "TweetCell", "30", "3", "600", "held by a leaked ProfileController: \(cycle)"],
            ["s", "strong", "ProfileController", "10", "10", "1920", cycle],
        ])
        let comparison = try RunComparison.compare(baseline: baseline, current: current)
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(text.contains("  worse   s/weak leaked_objects: 0 -> 13 (+13, from 0)"), "\(text)")
        #expect(text.contains("  leaked  s/weak: 10 of 10 ProfileController: \(cycle)"), "\(text)")
        #expect(text.contains("  leaked  s/weak: 3 of 30 TweetCell: held by a leaked ProfileController"), "\(text)")
        // The strong variant leaked as much as before: not listed.
        #expect(!text.contains("leaked  s/strong"), "\(text)")
        let markdown = ComparisonReport.render(comparison, format: .markdown)
        #expect(markdown.contains("- leaked in s/weak: 10 of 10 `ProfileController`: `\(cycle)`"), "\(markdown)")
    }

    @Test func blankLinesAtTheEndOfAnEditedSummaryAreFine() throws {
        let baseline = try folder(timings, trailing: "\r\n\n")
        #expect(try RunComparison.compare(baseline: baseline, current: try folder(timings)).regressions.isEmpty)
    }
}

/// Numbers as summary.csv writes them.
enum CSVNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
