import Foundation
import LoadHarness
import MemoryProbes
import Testing

/// A strict RFC 4180 reader for the tests (the package's own parser is internal): fields
/// separated by commas, records by CRLF (a bare LF is accepted too), a quoted field may hold
/// commas, line breaks and doubled quotes. Anything else (a quote inside an unquoted field,
/// text after a closing quote, an unterminated quote) throws.
enum RFC4180 {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = [], row: [String] = []
        var field = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var fieldStarted = false
        func endField() {
            row.append(String(field))
            field = String.UnicodeScalarView()
            fieldStarted = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                guard field.isEmpty, !fieldStarted else {
                    throw Malformed(description: "a quote inside an unquoted field at scalar \(index)")
                }
                index += 1
                while true {
                    guard index < scalars.count else { throw Malformed(description: "an unterminated quoted field") }
                    if scalars[index] == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(scalars[index])
                    index += 1
                }
                fieldStarted = true
                guard index == scalars.count || [",", "\r", "\n"].contains(scalars[index]) else {
                    throw Malformed(description: "text after a closing quote at scalar \(index)")
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r":
                guard index + 1 < scalars.count, scalars[index + 1] == "\n" else {
                    throw Malformed(description: "a bare CR at scalar \(index)")
                }
                index += 1
                endField()
                rows.append(row)
                row = []
            case "\n":
                endField()
                rows.append(row)
                row = []
            default:
                field.append(scalar)
                fieldStarted = true
            }
            index += 1
        }
        if fieldStarted || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }

    /// RFC 4180 encoding of one record, for the tests' hand-written files.
    static func line(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\r\n"
    }
}

/// In-process runs, one at a time, with no test thread blocked waiting for one: a run spends
/// its own threads, and a blocked test makes dispatch start extra workers that later exit.
/// (When Roost counted allocations with jemalloc 5.3's experimental hooks, a detached thread
/// exiting during a measured phase corrupted jemalloc's thread list: these tests, run beside
/// the other in-process suites, crashed or hung the test process about one time in five.)
/// The report, compare and threshold tests share one run (`WrittenRun.get()`).
actor InProcessRun {
    private static let shared = InProcessRun()

    static func run(_ scenario: Scenario, allocationProfile: AllocationProfileMode? = nil,
                    variants: [String] = []) async throws -> RunResult {
        var runner = ScenarioRunner(scenario: scenario)
        runner.allocationProfile = allocationProfile
        runner.variants = variants
        return try await shared.run(runner)
    }

    static func run(_ runner: ScenarioRunner) async throws -> RunResult {
        try await shared.run(runner)
    }

    private func run(_ runner: ScenarioRunner) throws -> RunResult {
        try runner.run()
    }

    /// A capacity search, played as the runs are: one at a time, no test thread blocked.
    static func capacity(_ search: CapacityRun) async throws -> CapacityResult {
        try await shared.capacity(search)
    }

    private func capacity(_ search: CapacityRun) throws -> CapacityResult {
        try search.run()
    }
}

/// One small run written by `ReportWriter`, shared by the report, compare and threshold tests.
struct WrittenRun: Sendable {
    let root: String
    let folder: String
    let result: RunResult
    let commandLine: [String]

    static let scenarioName = "report-files"
    static let iterations = 3
    static let variants = ["weak", "strong"]
    /// Measured steps in first-appearance order, and how often each appears per iteration.
    static let measured: [(step: String, occurrences: Int)] = [("login", 1), ("open_profile", 2), ("close_profile", 1)]

    static let yaml = """
        name: report-files
        description: Reports, with a comma, and "quotes"
        seed: 3
        stack: { storage: memory }
        dataset: { users: 8, posts_per_user: 1, follows_per_user: 2, likes_per_user: 0, image_bytes: 256 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: { virtual_users: 1, iterations: 3 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
          - open_profile: { user: nobody_here }
          - think: 1ms
        thresholds:
          - "leaked_objects{variant:weak} == 0"
          - "p99(login) < 60s"
          - "errors(open_profile) == 3"
          - "leaked_objects{variant:strong} == 0"
          - "errors(open_profile) == 0"
          - "error_rate(open_profile) == 50%"
          - "allocs_per_op(login){variant:strong} > 0"
          - "retained_bytes(open_profile) < 1GB"
          - "errors <= 3"
        """

    /// Thresholds the loader would refuse (their steps are not in the scenario) but the
    /// runner must still judge: nothing observed, so they fail.
    static let unmeasuredThresholds = ["p99(close_post) < 1s", "mean(open_feed){variant:weak} < 1s"]

    /// A path holding a comma and a quote: `command_line` in run.csv must be quoted.
    static let awkwardArgument = "my scenarios, \"v2\"/report-files.yaml"

    private static let fixture = Task<WrittenRun, any Error> {
        let root = try TemporaryFolder.make("report")
        var scenario = try ScenarioLoader.parse(yaml: yaml, path: "report-files.yaml")
        scenario.thresholds += try unmeasuredThresholds.map { try Threshold(parsing: $0) }
        let result = try await InProcessRun.run(scenario)
        let commandLine = ["roost", "run", awkwardArgument]
        let writer = ReportWriter(root: root, commandLine: commandLine, buildConfiguration: "test-config")
        let folder = try writer.write(result, to: writer.runFolder(for: scenario.name), linkLatest: true)
        return WrittenRun(root: root, folder: folder, result: result, commandLine: commandLine)
    }

    /// The run, made by the first test that asks.
    static func get() async throws -> WrittenRun { try await fixture.value }
}

@Suite struct ReportFilesTests {
    private let numberPattern = /-?[0-9]+(\.[0-9]+)?/

    private func isPlainNumber(_ text: String) -> Bool { text.wholeMatch(of: numberPattern) != nil }

    @Test func everyFileOfTheDesignIsWrittenAtomicallyAndLatestPointsAtTheFolder() async throws {
        let run = try await WrittenRun.get()
        let runs = "\(run.root)/Reports/runs/\(WrittenRun.scenarioName)"
        #expect((run.folder as NSString).deletingLastPathComponent == runs)
        #expect((run.folder as NSString).lastPathComponent.wholeMatch(of: /[0-9]{8}T[0-9]{6}Z-[0-9a-f]+/) != nil,
                "folder name \(run.folder) is not <UTC time>-<short id>")

        var expected = ["steps.csv", "timeseries.csv", "memory.csv", "retention.csv", "leaks.csv", "summary.csv",
                        "thresholds.csv", "run.csv", "report.html", "hgrm", "allocations.csv", "queries.csv", "errors.csv", "distributions.csv",
                        "stages.csv"]
        for variant in WrittenRun.variants {
            // The interval log too: a run that streamed nothing writes it whole at the end (what merges read back).
            for (step, _) in WrittenRun.measured { expected += ["hgrm/\(variant).\(step).hgrm", "hgrm/\(variant).\(step).hlog"] }
        }
        // The allocation profile (sampled by default): its folded files may hold no sample yet.
        let profiles = ["profiles"] + WrittenRun.variants.flatMap { variant in
            ["allocs", "bytes", "retained", "peak"].map { "profiles/\(variant).\($0).folded" }
        }
        #expect(TemporaryFolder.contents(run.folder) == (expected + profiles).sorted())
        for file in expected where file != "hgrm" {
            let size = (try? FileManager.default.attributesOfItem(atPath: "\(run.folder)/\(file)")[.size] as? Int) ?? 0
            #expect(size > 0, "\(file) is empty")
        }

        let everything = TemporaryFolder.contents(run.root)
        #expect(everything.filter { $0.contains(".tmp-") }.isEmpty, "leftover temporary files: \(everything)")

        let latest = "\(runs)/latest"
        let type = try FileManager.default.attributesOfItem(atPath: latest)[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: latest) == (run.folder as NSString).lastPathComponent)
        #expect(FileManager.default.fileExists(atPath: "\(latest)/summary.csv"))
    }

    @Test func aSecondRunMovesLatestAndLeavesNoTemporaryFiles() async throws {
        let run = try await WrittenRun.get()
        let root = try TemporaryFolder.make("relink")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = ReportWriter(root: root, commandLine: ["roost"], buildConfiguration: "debug")
        let first = try writer.write(run.result, to: "\(root)/Reports/runs/x/first", linkLatest: true)
        let second = try writer.write(run.result, to: "\(root)/Reports/runs/x/second", linkLatest: true)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(root)/Reports/runs/x/latest") == "second")
        #expect(FileManager.default.fileExists(atPath: "\(first)/steps.csv") && FileManager.default.fileExists(atPath: "\(second)/steps.csv"))
        #expect(TemporaryFolder.contents(root).filter { $0.contains(".tmp-") }.isEmpty)
        // Without linkLatest (`--out`), nothing but the folder is touched.
        let out = try writer.write(run.result, to: "\(root)/elsewhere/out", linkLatest: false)
        #expect(!FileManager.default.fileExists(atPath: "\(root)/elsewhere/latest"))
        #expect(FileManager.default.fileExists(atPath: "\(out)/report.html"))
    }

    @Test func stepsCSVHasOneRowPerVariantAndMeasuredStepWithPlainNumbers() async throws {
        let run = try await WrittenRun.get()
        let header = ["scenario", "variant", "step", "count", "errors", "mean_us", "p50_us", "p90_us", "p99_us", "p999_us",
                      "max_us", "ops_per_s", "allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50", "statements_per_op",
                      "statements_p50", "vm_steps_per_op", "vm_steps_p50", "fullscan_steps_per_op", "fullscan_steps_p50",
                      "uncorrected_p50_us", "uncorrected_p90_us", "uncorrected_p99_us", "uncorrected_p999_us", "uncorrected_max_us",
                      "cpu_p50_us", "wait_share", "peak_bytes_p50", "peak_bytes_max", "temporary_allocs_p50", "population"]
        let rows = try TemporaryFolder.csv("\(run.folder)/steps.csv", header: header)
        let expectedKeys = WrittenRun.variants.flatMap { variant in WrittenRun.measured.map { "\(variant)/\($0.step)" } }
        #expect(rows.map { "\($0["variant"]!)/\($0["step"]!)" } == expectedKeys)
        for row in rows {
            #expect(row["scenario"] == WrittenRun.scenarioName)
            let occurrences = WrittenRun.measured.first { $0.step == row["step"] }?.occurrences ?? 0
            #expect(row["count"] == String(WrittenRun.iterations * occurrences), "\(row)")
            #expect(row["errors"] == (row["step"] == "open_profile" ? "3" : "0"), "\(row)")
            // A scenario without populations: the step's population is empty.
            #expect(row["population"] == "", "\(row)")
            for column in header.dropFirst(3) where column != "population" {
                #expect(isPlainNumber(row[column] ?? ""), "\(column) = '\(row[column] ?? "")' is not a plain number")
            }
            let p50 = Double(row["p50_us"]!)!, p99 = Double(row["p99_us"]!)!, max = Double(row["max_us"]!)!
            #expect(0 < p50 && p50 <= p99 && p99 <= max, "\(row)")
            #expect(Double(row["allocs_per_op"]!)! > 0 && Double(row["ops_per_s"]!)! > 0, "\(row)")
            // A closed model starts each step when it is meant to: nothing to correct.
            #expect(row["uncorrected_p99_us"] == row["p99_us"] && row["uncorrected_max_us"] == row["max_us"], "\(row)")
        }
        // The numbers are the run's, not rounded beyond 3 decimals.
        let login = try #require(run.result.variants.first?.steps.first)
        let row = try #require(rows.first)
        #expect(abs(Double(row["p99_us"]!)! - login.percentileMicroseconds(99)) < 0.001)
        #expect(abs(Double(row["allocs_per_op"]!)! - login.allocationsPerOperation) < 0.001)
    }

    @Test func memoryAndLeaksCSV() async throws {
        let run = try await WrittenRun.get()
        let memoryHeader = ["scenario", "variant", "elapsed_ms", "iteration", "allocated_bytes", "resident_bytes", "rss_bytes",
                            "live_tracked_objects", "readings"]
        // A short run's rows are one reading each: no lows and highs of a second.
        let memory = try TemporaryFolder.csv("\(run.folder)/memory.csv",
                                             header: memoryHeader + ["min_allocated_bytes", "max_allocated_bytes", "min_rss_bytes",
                                                                     "max_rss_bytes"])
        #expect(Set(memory.map { $0["variant"]! }) == Set(WrittenRun.variants))
        #expect(memory.count == run.result.variants.reduce(0) { $0 + $1.memory.count })
        for row in memory {
            for column in memoryHeader.dropFirst(2) {
                #expect(isPlainNumber(row[column] ?? ""), "memory.csv \(column) = '\(row[column] ?? "")'")
            }
            #expect(row["readings"] == "1" && row["min_allocated_bytes"] == "" && row["max_rss_bytes"] == "")
        }

        let leaks = try TemporaryFolder.csv("\(run.folder)/leaks.csv",
                                            header: ["scenario", "variant", "type", "created", "leaked", "leaked_bytes", "cycle",
                                                     "retained_bytes"])
        // What the leaks keep alive needs an exact profile; this run's is sampled.
        #expect(leaks.allSatisfy { $0["retained_bytes"] == "" })
        #expect(leaks.filter { $0["variant"] == "weak" }.allSatisfy { $0["leaked"] == "0" && $0["cycle"] == "" })
        let controller = try #require(leaks.first { $0["variant"] == "strong" && $0["type"] == "ProfileController" })
        // The scenario opens (and closes) three real profiles per variant; the strong one keeps them all.
        #expect(controller["created"] == "3" && controller["leaked"] == "3")
        #expect(controller["cycle"]?.hasPrefix("ProfileController.") == true)
        let strong = try #require(run.result.variants.first { $0.variant == "strong" })
        #expect(leaks.filter { $0["variant"] == "strong" }.map { $0["cycle"]! } == strong.leaks.map(\.cycle))
    }

    @Test func fieldsWithCommasAndQuotesAreQuotedAndRunCSVHasEveryKey() async throws {
        let run = try await WrittenRun.get()
        let text = try TemporaryFolder.read("\(run.folder)/run.csv")
        // The raw text: the field is quoted and its quotes doubled.
        #expect(text.contains("command_line,\"roost run my scenarios, \"\"v2\"\"/report-files.yaml\"\r\n"), "\(text)")
        let rows = try TemporaryFolder.csv("\(run.folder)/run.csv", header: ["key", "value"])
        var values: [String: String] = [:]
        for row in rows { values[row["key"]!] = row["value"]! }
        let keys = ["roost_version", "git_commit", "git_dirty", "swift_version", "build_configuration", "host", "cores", "start", "end",
                    "seed", "command_line"]
        for key in keys { #expect(!(values[key] ?? "").isEmpty, "run.csv lacks \(key)") }
        #expect(values["command_line"] == run.commandLine.joined(separator: " "))
        #expect(values["roost_version"] == Roost.version)
        #expect(values["build_configuration"] == "test-config")
        #expect(values["seed"] == "3")
        #expect(values["cores"] == String(ProcessInfo.processInfo.activeProcessorCount))
        let formatter = ISO8601DateFormatter()
        let start = try #require(values["start"].flatMap(formatter.date(from:)), "start is not ISO 8601")
        let end = try #require(values["end"].flatMap(formatter.date(from:)), "end is not ISO 8601")
        #expect(start <= end)
    }

    @Test func retentionCSVHasOneRowPerCloseWithTheStepsRetainedBytes() async throws {
        let run = try await WrittenRun.get()
        let rows = try TemporaryFolder.csv("\(run.folder)/retention.csv", header: [
            "scenario", "variant", "close", "iteration", "step", "elapsed_ms", "retained_bytes", "live_tracked_objects", "closes",
            "min_retained_bytes", "max_retained_bytes", "fit_closes", "fit_bytes_per_close", "fit_intercept", "fit_r_squared",
            "fit_growth_bytes"])
        for variant in run.result.variants {
            let mine = rows.filter { $0["variant"] == variant.variant }
            // One close_profile per iteration.
            #expect(mine.map { $0["close"] } == (1...WrittenRun.iterations).map { String($0) })
            #expect(mine.allSatisfy { $0["step"] == "close_profile" && $0["scenario"] == WrittenRun.scenarioName })
            #expect(mine.allSatisfy { $0["closes"] == "1" && $0["fit_closes"] == "" }, "a short run's rows are one close each")
            #expect(mine.map { Int($0["retained_bytes"] ?? "") } == variant.retention.map(\.retainedBytes))
            // The last close's retained bytes: everything the steps kept up to it (the steps
            // after the last close, open_profile of an unknown user, keep their own).
            let afterLastClose = variant.steps.filter { $0.step == "open_profile" }.map(\.netBytes).reduce(0, +)
            #expect(variant.retention.last.map { $0.retainedBytes <= variant.retainedBytes + abs(afterLastClose) } == true)
        }
        // The strong variant keeps every closed screen: it retains more per close, and its
        // live tracked objects grow with each close while the weak variant's stay at zero.
        let weak = try #require(run.result.variants.first { $0.variant == "weak" })
        let strong = try #require(run.result.variants.first { $0.variant == "strong" })
        #expect(weak.retention.map(\.liveTrackedObjects) == [0, 0, 0])
        let live = strong.retention.map(\.liveTrackedObjects)
        #expect(live.count == 3 && live[0] > 0 && live[1] == 2 * live[0] && live[2] == 3 * live[0], "\(live)")
        let weakFit = try #require(weak.retentionFit), strongFit = try #require(strong.retentionFit)
        #expect(strongFit.bytesPerClose > weakFit.bytesPerClose + 1_000, "\(strongFit) vs \(weakFit)")
    }

    @Test func summaryCSVHasEveryThresholdMetricPerVariantAndStep() async throws {
        let run = try await WrittenRun.get()
        let rows = try TemporaryFolder.csv("\(run.folder)/summary.csv", header: ["scenario", "variant", "metric", "value", "unit"])
        var values: [String: Double] = [:]
        for row in rows {
            #expect(row["scenario"] == WrittenRun.scenarioName)
            #expect(isPlainNumber(row["value"] ?? ""), "summary.csv value '\(row["value"] ?? "")' of \(row["metric"] ?? "")")
            let key = "\(row["variant"]!)|\(row["metric"]!)"
            #expect(values[key] == nil, "summary.csv repeats \(key)")
            values[key] = Double(row["value"]!)
        }
        // Variant-wide: every metric a threshold can name. Per step: all but the ones only a
        // whole variant has (leaks and peak memory are not per step).
        let variantOnly: Set<Threshold.Metric> = [.leakedObjects, .leakedBytes, .rssPeakBytes, .heapPeakBytes, .retainedPerClose, .retainedGrowth,
                                                  .droppedIterations]
        // Instruction counts only in a run played with --instructions (InstructionProfileTests).
        let counted: Set<Threshold.Metric> = [.instructions, .instructionsMedian]
        // The schedule's lag only in an open model's run (this one is closed).
        let open: Set<Threshold.Metric> = [.scheduleLagP50, .scheduleLagP99]
        for variant in WrittenRun.variants {
            for metric in Threshold.Metric.allCases where !counted.contains(metric) && !open.contains(metric) {
                #expect(values["\(variant)|\(metric.rawValue)"] != nil, "no \(metric.rawValue) for \(variant)")
                for (step, _) in WrittenRun.measured where !variantOnly.contains(metric) {
                    #expect(values["\(variant)|\(metric.rawValue)(\(step))"] != nil, "no \(metric.rawValue)(\(step)) for \(variant)")
                }
            }
            // Steps that are not measured (think) have no rows.
            #expect(!values.keys.contains { $0.hasPrefix("\(variant)|") && $0.contains("(think)") })
            // The values agree with steps.csv and the run.
            #expect(values["\(variant)|errors(open_profile)"] == 3)
            #expect(values["\(variant)|error_rate(open_profile)"] == 0.5)
            #expect(values["\(variant)|errors"] == 3)
        }
        let strong = try #require(run.result.variants.first { $0.variant == "strong" })
        #expect(values["strong|leaked_objects"] == Double(strong.leakedObjects))
        #expect(strong.leakedObjects > 0)
        #expect(values["weak|leaked_objects"] == 0)
        let units = Dictionary(rows.map { ($0["metric"]!, $0["unit"]!) }, uniquingKeysWith: { a, _ in a })
        #expect(units["p99(login)"] == "us" && units["bytes_per_op(login)"] == "B" && units["leaked_objects"] == "count")
    }

    @Test func thresholdsCSVHasOneRowPerThresholdAndVariant() async throws {
        let run = try await WrittenRun.get()
        let rows = try TemporaryFolder.csv("\(run.folder)/thresholds.csv", header: ["scenario", "threshold", "observed", "passed"])
        #expect(rows.map { "\($0["threshold"]!) -> \($0["passed"]!)" } == [
            "leaked_objects{variant:weak} == 0 -> true",
            "p99(login) < 60s [weak] -> true", "p99(login) < 60s [strong] -> true",
            "errors(open_profile) == 3 [weak] -> true", "errors(open_profile) == 3 [strong] -> true",
            "leaked_objects{variant:strong} == 0 -> false",
            "errors(open_profile) == 0 [weak] -> false", "errors(open_profile) == 0 [strong] -> false",
            "error_rate(open_profile) == 50% [weak] -> true", "error_rate(open_profile) == 50% [strong] -> true",
            "allocs_per_op(login){variant:strong} > 0 -> true",
            "retained_bytes(open_profile) < 1GB [weak] -> true", "retained_bytes(open_profile) < 1GB [strong] -> true",
            "errors <= 3 [weak] -> true", "errors <= 3 [strong] -> true",
            "p99(close_post) < 1s [weak] -> false", "p99(close_post) < 1s [strong] -> false",
            "mean(open_feed){variant:weak} < 1s -> false",
        ])
        #expect(rows.count == run.result.thresholds.count)
        #expect(rows.allSatisfy { $0["scenario"] == WrittenRun.scenarioName })
        // Observed values are plain numbers; a metric nothing measured is an empty field.
        for row in rows {
            let unmeasured = row["threshold"]!.contains("close_post") || row["threshold"]!.contains("open_feed")
            #expect(unmeasured ? row["observed"] == "" : isPlainNumber(row["observed"] ?? ""), "\(row)")
        }
        #expect(rows[3]["observed"] == "3" && rows[8]["observed"] == "0.5")
    }

    @Test func histogramsArePercentileDistributionsInMicroseconds() async throws {
        let run = try await WrittenRun.get()
        for variant in run.result.variants {
            for step in variant.steps {
                let text = try TemporaryFolder.read("\(run.folder)/hgrm/\(variant.variant).\(step.step).hgrm")
                let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
                let header = try #require(lines.first)
                #expect(header.contains("Value") && header.contains("Percentile"), "\(header)")
                #expect(lines.contains { $0.hasPrefix("#[Mean") }, "no #[Mean footer")
                let total = try #require(lines.first { $0.contains("Total count") })
                let count = total.split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces.union(["]"])) }
                #expect(count == String(step.count), "\(total)")
                // Values are microseconds: the largest equals max_us (to the histogram's precision).
                let maxLine = try #require(lines.first { $0.hasPrefix("#[Max") })
                let maxText = maxLine.dropFirst("#[Max".count).drop { $0 == " " || $0 == "=" }.prefix { $0 != "," }
                let maxValue = try #require(Double(maxText.trimmingCharacters(in: .whitespaces)), "\(maxLine)")
                #expect(abs(maxValue - step.maxMicroseconds) <= max(0.01, step.maxMicroseconds * 0.001), "\(maxLine)")
            }
        }
    }

    @Test func reportHTMLIsOneSelfContainedPage() async throws {
        let run = try await WrittenRun.get()
        let html = try TemporaryFolder.read("\(run.folder)/report.html")
        #expect(html.hasPrefix("<!doctype html>") && html.contains("</html>"))
        #expect(!html.contains("src=") && !html.contains("http://") && !html.contains("https://"), "not self-contained")
        #expect(html.contains("<h1>report-files</h1>"))
        // Text from the scenario and the run is escaped.
        #expect(html.contains("Reports, with a comma, and &quot;quotes&quot;"))
        let strong = try #require(run.result.variants.first { $0.variant == "strong" })
        let cycle = try #require(strong.leaks.first { !$0.cycle.isEmpty }?.cycle)
        #expect(html.contains(cycle.replacingOccurrences(of: ">", with: "&gt;")))
        for (step, _) in WrittenRun.measured { #expect(html.contains(">\(step)<"), "no row for \(step)") }
        #expect(html.contains("p99(login) &lt; 60s [strong]"))
        #expect(html.contains("<td>false</td>") || html.contains(">false<"))
    }
}
