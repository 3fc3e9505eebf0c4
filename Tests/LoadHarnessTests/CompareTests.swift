import Foundation
import LoadHarness
import Testing

/// `RunComparison` on hand-written summary.csv files.
@Suite struct CompareTests {
    /// A baseline: one scenario, two variants, two steps.
    private static let baseline: [String: Double] = [
        "weak|p99(open_profile)": 1000, "weak|ops_per_s(open_profile)": 200, "weak|allocs_per_op(open_profile)": 500,
        "weak|bytes_per_op(open_profile)": 4096, "weak|p99(login)": 800, "weak|allocs_per_op(login)": 300,
        "weak|leaked_objects": 0, "weak|rss_peak_bytes": 1_000_000, "weak|errors": 0,
        "strong|p99(open_profile)": 1100, "strong|allocs_per_op(open_profile)": 520, "strong|leaked_objects": 6,
    ]

    private static func unit(_ metric: String) -> String {
        metric.hasPrefix("p99") ? "us" : metric.hasPrefix("ops") ? "1/s" : metric.contains("bytes") ? "B" : "count"
    }

    /// A folder holding `summary.csv` with these values (`variant|metric` keys), sorted, with CRLF or LF line ends.
    private func folder(_ values: [String: Double], lineEnd: String = "\r\n") throws -> String {
        let path = try TemporaryFolder.make("compare")
        var text = "scenario,variant,metric,value,unit" + lineEnd
        for key in values.keys.sorted() {
            let parts = key.split(separator: "|").map(String.init)
            let value = values[key]!
            let number = value == value.rounded() ? String(Int64(value)) : String(value)
            text += ["s", parts[0], parts[1], number, Self.unit(parts[1])].joined(separator: ",") + lineEnd
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/summary.csv"))
        return path
    }

    private func compare(_ current: [String: Double], tolerances: Tolerances = Tolerances()) throws -> RunComparison {
        let old = try folder(Self.baseline), new = try folder(current, lineEnd: "\n")
        defer {
            try? FileManager.default.removeItem(atPath: old)
            try? FileManager.default.removeItem(atPath: new)
        }
        return try RunComparison.compare(baseline: old, current: new, tolerances: tolerances)
    }

    private func changed(_ key: String, by factor: Double) -> [String: Double] {
        var values = Self.baseline
        values[key] = values[key]! * factor
        return values
    }

    private func change(_ comparison: RunComparison, _ variant: String, _ metric: String) -> RunComparison.Change? {
        comparison.changes.first { $0.variant == variant && $0.metric == metric }
    }

    @Test func identicalRunsHaveNoRegression() throws {
        let comparison = try compare(Self.baseline)
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.improvements.isEmpty)
        #expect(comparison.changes.count == Self.baseline.count)
        #expect(comparison.changes.allSatisfy { $0.verdict == .unchanged && $0.relativeChange == 0 && $0.scenario == "s" })
    }

    @Test func oneMoreAllocationPerOperationIsARegression() throws {
        var values = Self.baseline
        values["weak|allocs_per_op(open_profile)"] = 501
        let comparison = try compare(values)
        #expect(comparison.regressions.map(\.metric) == ["allocs_per_op(open_profile)"])
        let regression = try #require(comparison.regressions.first)
        #expect(regression.variant == "weak" && regression.baseline == 500 && regression.current == 501)
        #expect(regression.verdict == .regression)
        // The same metric of the other variant is judged on its own.
        #expect(change(comparison, "strong", "allocs_per_op(open_profile)")?.verdict == .unchanged)

        // Printed exactly beside the percentage: one allocation in 500 is +1, +0.2%.
        #expect(ComparisonReport.render(comparison, format: .text).contains("allocs_per_op(open_profile): 500 -> 501 (+1, +0.2%)"))

        values["weak|allocs_per_op(open_profile)"] = 499
        let better = try compare(values)
        #expect(better.regressions.isEmpty)
        #expect(better.improvements.map(\.metric) == ["allocs_per_op(open_profile)"])
    }

    @Test func latencyHasAFiftyPercentTolerance() throws {
        let forty = try compare(changed("weak|p99(open_profile)", by: 1.4))
        #expect(forty.regressions.isEmpty)
        let fortyChange = try #require(change(forty, "weak", "p99(open_profile)"))
        #expect(fortyChange.verdict == .unchanged)
        #expect(abs((fortyChange.relativeChange ?? 0) - 0.4) < 1e-9)

        let sixty = try compare(changed("weak|p99(open_profile)", by: 1.6))
        #expect(sixty.regressions.map(\.metric) == ["p99(open_profile)"])
        #expect(sixty.regressions.first?.current == 1600)

        let faster = try compare(changed("weak|p99(login)", by: 0.4))
        #expect(faster.improvements.map(\.metric) == ["p99(login)"])
        #expect(faster.regressions.isEmpty)
    }

    @Test func aTimingChangeOfAFewMicrosecondsIsNotJudged() throws {
        // 40 us -> 120 us is +200%, but under the 100 us floor on timings.
        var values = Self.baseline
        values["weak|p99(login)"] = 40
        let old = try folder(values)
        defer { try? FileManager.default.removeItem(atPath: old) }
        values["weak|p99(login)"] = 120
        let new = try folder(values)
        defer { try? FileManager.default.removeItem(atPath: new) }
        let small = try RunComparison.compare(baseline: old, current: new)
        #expect(small.regressions.isEmpty)
        #expect(small.changes.first { $0.metric == "p99(login)" }?.relativeChange == 2)
        // Past the floor and the 50%: a regression.
        values["weak|p99(login)"] = 160
        let big = try folder(values)
        defer { try? FileManager.default.removeItem(atPath: big) }
        #expect(try RunComparison.compare(baseline: old, current: big).regressions.map(\.metric) == ["p99(login)"])
    }

    @Test func throughputIsWorseWhenItDrops() throws {
        let down60 = try compare(changed("weak|ops_per_s(open_profile)", by: 0.4))
        #expect(down60.regressions.map(\.metric) == ["ops_per_s(open_profile)"])
        let down40 = try compare(changed("weak|ops_per_s(open_profile)", by: 0.6))
        #expect(down40.regressions.isEmpty && down40.improvements.isEmpty)
        let up = try compare(changed("weak|ops_per_s(open_profile)", by: 2))
        #expect(up.regressions.isEmpty)
        #expect(up.improvements.map(\.metric) == ["ops_per_s(open_profile)"])
    }

    @Test func memoryPeaksAreShownNotJudgedButLeaksFromZeroAre() throws {
        let peak = try compare(changed("weak|rss_peak_bytes", by: 3))
        #expect(peak.regressions.isEmpty && peak.improvements.isEmpty)
        #expect(change(peak, "weak", "rss_peak_bytes")?.current == 3_000_000)

        var values = Self.baseline
        values["weak|leaked_objects"] = 1
        let leak = try compare(values)
        let regression = try #require(leak.regressions.first)
        #expect(leak.regressions.count == 1 && regression.metric == "leaked_objects")
        #expect(regression.relativeChange == nil, "a change from 0 has no relative size")
        #expect(ComparisonReport.render(leak, format: .text).contains("leaked_objects: 0 -> 1 (+1, from 0)"))
    }

    @Test func aStepMissingFromTheCurrentRunIsARegressionAndANewOneIsNot() throws {
        var values = Self.baseline
        values["weak|p99(login)"] = nil
        values["weak|allocs_per_op(login)"] = nil
        values["weak|p99(logout)"] = 50
        values["weak|allocs_per_op(logout)"] = 10
        let comparison = try compare(values)
        let missing = comparison.changes.filter { $0.verdict == .missing }
        #expect(missing.map(\.metric).sorted() == ["allocs_per_op(login)", "p99(login)"])
        #expect(missing.allSatisfy { $0.current == nil && $0.baseline != nil && $0.variant == "weak" })
        #expect(comparison.regressions.count == 2)
        let new = comparison.changes.filter { $0.verdict == .new }
        #expect(new.map(\.metric).sorted() == ["allocs_per_op(logout)", "p99(logout)"])
        #expect(new.allSatisfy { $0.baseline == nil && $0.current != nil })
        #expect(!comparison.regressions.contains { $0.metric.contains("logout") })
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(text.contains("2 regression(s)"))
        #expect(text.contains("worse   s/weak p99(login): 800 -> missing (missing in current)"), "\(text)")
        #expect(text.contains("2 metric(s) only in the current run (not in the baseline, not judged)"))
    }

    @Test func aToleranceFromTheCommandLineOverridesTheDefault() throws {
        for text in ["p99=+25%", "p99=25%", "p99=0.25"] {
            var tolerances = Tolerances()
            try tolerances.set(text)
            let comparison = try compare(changed("weak|p99(open_profile)", by: 1.4), tolerances: tolerances)
            #expect(comparison.regressions.map(\.metric) == ["p99(open_profile)"], "\(text)")
            // Within the new tolerance: unchanged.
            let small = try compare(changed("weak|p99(open_profile)", by: 1.2), tolerances: tolerances)
            #expect(small.regressions.isEmpty, "\(text)")
        }
        // Loosening: ten more allocations per op pass with allocs_per_op=+5%.
        var loose = Tolerances()
        try loose.set("allocs_per_op=+5%")
        var values = Self.baseline
        values["weak|allocs_per_op(open_profile)"] = 510
        #expect(try compare(values, tolerances: loose).regressions.isEmpty)
        // Throughput keeps its direction when its tolerance is set.
        var throughput = Tolerances()
        try throughput.set("ops_per_s=+10%")
        #expect(try compare(changed("weak|ops_per_s(open_profile)", by: 0.8), tolerances: throughput).regressions.count == 1)
        #expect(try compare(changed("weak|ops_per_s(open_profile)", by: 1.2), tolerances: throughput).regressions.isEmpty)
    }

    @Test(arguments: [
        ("p99", "--threshold p99: expected METRIC=+PERCENT%, e.g. p99=+25%"),
        ("=+5%", "expected METRIC=+PERCENT%"),
        ("p99=abc", "--threshold p99=abc: expected a non-negative number like +25%, got 'abc'"),
        ("p99=-5%", "expected a non-negative number like +25%, got '-5%'"),
        ("p100=+5%", "--threshold p100=+5%: unknown metric 'p100'"),
        ("allocs_per_opp=0", "unknown metric 'allocs_per_opp'; did you mean 'allocs_per_op'?"),
    ])
    func badTolerancesSayWhatIsExpected(text: String, message: String) {
        var tolerances = Tolerances()
        do {
            try tolerances.set(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error is ComparisonError)
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }

    @Test func unreadableFoldersNameThePath() throws {
        let good = try folder(Self.baseline)
        let empty = try TemporaryFolder.make("empty")
        let badHeader = try TemporaryFolder.make("header")
        let badRow = try TemporaryFolder.make("row")
        defer { for path in [good, empty, badHeader, badRow] { try? FileManager.default.removeItem(atPath: path) } }
        try Data("scenario,variant,metric,value\r\ns,weak,p99,1\r\n".utf8).write(to: URL(fileURLWithPath: badHeader + "/summary.csv"))
        try Data("scenario,variant,metric,value,unit\r\ns,weak,p99,1,us\r\ns,weak,p90,fast,us\r\n".utf8)
            .write(to: URL(fileURLWithPath: badRow + "/summary.csv"))

        func message(_ baseline: String, _ current: String) -> String? {
            do {
                _ = try RunComparison.compare(baseline: baseline, current: current)
                return nil
            } catch {
                #expect(error is ComparisonError)
                return String(describing: error)
            }
        }
        let noSummary = try #require(message(good, empty))
        #expect(noSummary.hasPrefix("\(empty)/summary.csv: "), "\(noSummary)")
        #expect(try #require(message(empty, good)).hasPrefix("\(empty)/summary.csv: "))
        #expect(try #require(message(good, empty + "/nowhere")).contains("\(empty)/nowhere/summary.csv"))
        let header = try #require(message(badHeader, good))
        #expect(header.hasPrefix("\(badHeader)/summary.csv:1: "), "\(header)")
        #expect(header.contains("scenario,variant,metric,value,unit"))
        let row = try #require(message(good, badRow))
        #expect(row.hasPrefix("\(badRow)/summary.csv:3: "), "\(row)")
    }

    @Test func theReportListsRegressionsWithTheirRelativeChange() throws {
        var values = changed("weak|p99(open_profile)", by: 1.6)
        values["weak|ops_per_s(open_profile)"] = 400
        let comparison = try compare(values)
        let text = ComparisonReport.render(comparison, format: .text)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "1 regression(s) among \(Self.baseline.count) metrics compared")
        #expect(lines.contains("  worse   s/weak p99(open_profile): 1000 -> 1600 (+60%)"), "\(text)")
        #expect(lines.contains("  better  s/weak ops_per_s(open_profile): 200 -> 400 (+100%)"), "\(text)")
        #expect(text.firstRange(of: "worse")!.lowerBound < text.firstRange(of: "better")!.lowerBound, "regressions come first")

        let markdown = ComparisonReport.render(comparison, format: .markdown)
        #expect(markdown.hasPrefix("### roost compare: 1 regression(s)"))
        #expect(markdown.contains("| **worse** | s | weak | `p99(open_profile)` | 1000 | 1600 | +60% |"), "\(markdown)")
        #expect(markdown.contains("| better | s | weak | `ops_per_s(open_profile)` | 200 | 400 | +100% |"), "\(markdown)")

        let slower = try compare(changed("weak|ops_per_s(open_profile)", by: 0.25))
        #expect(ComparisonReport.render(slower, format: .text).contains("200 -> 50 (-75%)"))

        let same = try compare(Self.baseline)
        #expect(ComparisonReport.render(same, format: .text) == "no regression (\(Self.baseline.count) metrics compared)")
        #expect(ComparisonReport.render(same, format: .markdown) == "### roost compare: no regression")
    }

    @Test func aWrittenRunComparedWithItselfHasNoRegressionAndAWorseCopyHasOne() async throws {
        let run = try await WrittenRun.get()
        let same = try RunComparison.compare(baseline: run.folder, current: run.folder)
        #expect(same.regressions.isEmpty && same.improvements.isEmpty)
        #expect(same.changes.count == run.result.metrics.entries.count)
        // Three iterations: no percentile rests on enough samples to judge; without a warm-up the
        // means of allocations are shown, not gated (their medians are); the rest is unchanged.
        #expect(same.changes.allSatisfy { [.unchanged, .tooFewSamples, .meanNotGated].contains($0.verdict) })
        #expect(same.changes.first { $0.variant == "weak" && $0.metric == "p99(login)" }?.verdict == .tooFewSamples)
        #expect(same.changes.first { $0.variant == "weak" && $0.metric == "allocs_per_op(login)" }?.verdict == .meanNotGated)
        #expect(same.changes.first { $0.variant == "weak" && $0.metric == "allocs_p50(login)" }?.verdict == .unchanged)

        // Copies whose login allocates one more per operation: in the median a regression, in
        // the mean (this run had no warm-up) only shown.
        for (metric, regressions) in [("allocs_p50(login)", ["weak allocs_p50(login)"]), ("allocs_per_op(login)", [])] {
            let worse = try TemporaryFolder.make("worse")
            defer { try? FileManager.default.removeItem(atPath: worse) }
            var rows = try RFC4180.parse(TemporaryFolder.read(run.folder + "/summary.csv"))
            let index = try #require(rows.firstIndex { $0[1] == "weak" && $0[2] == metric })
            rows[index][3] = String(Double(rows[index][3])! + 1)
            try Data(rows.map(RFC4180.line).joined().utf8).write(to: URL(fileURLWithPath: worse + "/summary.csv"))
            let comparison = try RunComparison.compare(baseline: run.folder, current: worse)
            #expect(comparison.regressions.map { "\($0.variant) \($0.metric)" } == regressions, "\(metric)")
        }
        // With one virtual user and a warm-up in both runs, the mean is gated too.
        let warmed = try TemporaryFolder.make("warmed")
        defer { try? FileManager.default.removeItem(atPath: warmed) }
        var rows = try RFC4180.parse(TemporaryFolder.read(run.folder + "/summary.csv"))
        for index in rows.indices where rows[index].count == 5 && rows[index][2] == "warmup_iterations" { rows[index][3] = "1" }
        try Data(rows.map(RFC4180.line).joined().utf8).write(to: URL(fileURLWithPath: warmed + "/summary.csv"))
        let index = try #require(rows.firstIndex { $0[1] == "weak" && $0[2] == "allocs_per_op(login)" })
        rows[index][3] = String(Double(rows[index][3])! + 1)
        let worse = try TemporaryFolder.make("worse-warmed")
        defer { try? FileManager.default.removeItem(atPath: worse) }
        try Data(rows.map(RFC4180.line).joined().utf8).write(to: URL(fileURLWithPath: worse + "/summary.csv"))
        let comparison = try RunComparison.compare(baseline: warmed, current: worse)
        #expect(comparison.regressions.map { "\($0.variant) \($0.metric)" } == ["weak allocs_per_op(login)"])
    }
}
