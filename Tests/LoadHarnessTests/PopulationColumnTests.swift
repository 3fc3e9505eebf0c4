import Foundation
@testable import LoadHarness
import Testing

/// The `population` column of `allocations.csv`, `errors.csv`, `queries.csv` and
/// `executions.csv` (design section 20): a population's step is written as its own name and its
/// population, read back under the run's name of it (`readers.open_profile`), and a folder
/// written before the column (its steps as `readers.open_profile`, no column) reads and
/// compares the same, its rows matched by variant, population and step.
@Suite(.serialized) struct PopulationColumnTests {
    static let yaml = """
        name: population-column
        seed: 5
        stack: { storage: memory }
        dataset: { users: 6, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
        populations:
          - name: readers
            load: { arrival_rate: 10/s, duration: 1s, max_virtual_users: 2 }
            setup: [login]
            steps:
              - open_profile: { user: self }
              - close_profile
          - name: writers
            load: { virtual_users: 1, iterations: 3 }
            steps:
              - open_post: { post: random }
              - close_post
        """

    /// The four files and the step names each writes, apart from `steps.csv`'s.
    static let files = ["allocations.csv", "errors.csv", "queries.csv", "executions.csv"]

    /// One run with an exact allocation profile, streamed into its folder and finished there as
    /// `roost run` does; the folder, the result.
    private static let shared = Task<(folder: String, result: RunResult), any Error> {
        let folder = try TemporaryFolder.make("population-column")
        let scenario = try ScenarioLoader.parse(yaml: yaml, path: folder + "/scenario.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        runner.allocationProfile = .exact
        let stream = try StreamingRunFolder(folder: folder, scenario: scenario, scenarioText: yaml, commandLine: ["roost", "run"],
                                            buildConfiguration: "test")
        runner.stream = stream
        let result = try await InProcessRun.run(runner)
        stream.close()
        try ReportWriter(buildConfiguration: "test").write(result, to: folder, linkLatest: false, streamed: stream.streamedTables,
                                                           intervalLogsStreamed: true)
        return (folder, result)
    }

    private static func table(_ folder: String, _ file: String) throws -> [[String: String]] {
        let table = try #require(RunTable.all.first { $0.name == file })
        return try TemporaryFolder.csv(folder + "/" + file, header: table.header)
    }

    @Test func eachFileWritesTheStepAndItsPopulationApart() async throws {
        let (folder, _) = try await Self.shared.value
        // Every row has the step's own name and its population; none is `readers.open_profile`.
        for file in Self.files {
            let rows = try Self.table(folder, file)
            #expect(!rows.isEmpty, "\(file)")
            for row in rows {
                #expect(["readers", "writers"].contains(row["population"]), "\(file): \(row)")
                #expect(row["step"].map { !$0.hasPrefix("readers.") && !$0.hasPrefix("writers.") } == true, "\(file): \(row)")
            }
        }
        // writers open posts signed out: their errors, under their population.
        let errors = try Self.table(folder, "errors.csv")
        #expect(errors.map { "\($0["population"]!) \($0["step"]!) \($0["error"]!) \($0["count"]!)" } == [
            "writers open_post ScreenError.notSignedIn 3", "writers close_post StepError.noOpenScreen 3",
        ])
        // The readers' setup is `setup.login` of the readers; their iterations' steps are theirs too.
        for file in ["allocations.csv", "queries.csv"] {
            let steps = Set(try Self.table(folder, file).map { "\($0["population"]!) \($0["step"]!)" })
            #expect(steps.isSuperset(of: ["readers setup.login", "readers open_profile"]), "\(file): \(steps)")
        }
        let executions = try Self.table(folder, "executions.csv")
        let readersOpened = executions.filter { $0["population"] == "readers" && $0["step"] == "open_profile" }
        #expect(readersOpened.reduce(0) { $0 + Int($1["executions"]!)! } == 10, "10/s for 1 s")
    }

    @Test func theFilesReadBackUnderTheRunsStepNames() async throws {
        let (folder, result) = try await Self.shared.value
        let live = try #require(result.variants.first)
        let read = try #require(try RecordedRun.read(RunFolder(folder)).variants.first)
        #expect(Self.errors(read) == Self.errors(live))
        #expect(Self.errors(read)["writers.open_post"] == ["ScreenError.notSignedIn": 3])
        #expect(Set(read.statements.keys) == Set(live.statements.keys) && read.statements.keys.contains("readers.setup.login"))
        for (step, counted) in live.statements {
            #expect(read.statements[step]?.statements == counted.statements, "\(step)")
        }
        #expect(Self.sites(read) == Self.sites(live))
        #expect(Self.sites(read).contains { $0.hasPrefix("readers.open_profile ") })
        // roost report's medians come from executions.csv: each population's step's own.
        let rebuilt = try #require(try StreamedRun.read(folder: folder, allowComplete: true).result.variants.first)
        let opened = try #require(rebuilt.steps.first { $0.step == "readers.open_profile" })
        let measured = try #require(live.steps.first { $0.step == "readers.open_profile" })
        #expect(opened.allocationsMedian == measured.allocationsMedian && opened.peakBytesMedian == measured.peakBytesMedian)
        #expect(opened.executions.keys.sorted() == measured.executions.keys.sorted())
    }

    /// A copy of the run's folder as a build before the column wrote it: its four files with
    /// the run's names of the steps in `step` and no `population`. It reads back, and compares
    /// with the run, as the same run: no regression, nothing missing, nothing new.
    @Test func aFolderWrittenBeforeTheColumnReadsAndComparesAsTheSame() async throws {
        let (folder, _) = try await Self.shared.value
        let older = try TemporaryFolder.make("population-column-older") + "/run"
        try FileManager.default.copyItem(atPath: folder, toPath: older)
        for file in Self.files {
            let table = try #require(RunTable.all.first { $0.name == file })
            let rows = try RFC4180.parse(TemporaryFolder.read(older + "/" + file))
            #expect(rows.first?.last == PopulationColumn.name)
            let header = Array(table.header.dropLast())
            let lines = [header] + rows.dropFirst().map { row in
                var fields = Array(row.dropLast())
                let step = header.firstIndex(of: "step")!
                fields[step] = PopulationStepName.qualified(fields[step], population: row.last!)
                return fields
            }
            try Data(lines.map { CSV.line($0) }.joined().utf8).write(to: URL(fileURLWithPath: older + "/" + file))
        }
        let new = try #require(try RecordedRun.read(RunFolder(folder)).variants.first)
        let old = try #require(try RecordedRun.read(RunFolder(older)).variants.first)
        #expect(Self.errors(old) == Self.errors(new) && Self.sites(old) == Self.sites(new))
        #expect(Set(old.statements.keys) == Set(new.statements.keys))
        let rebuilt = try #require(try StreamedRun.read(folder: older, allowComplete: true).result.variants.first)
        #expect(rebuilt.steps.first { $0.step == "readers.open_profile" }?.executions.isEmpty == false)

        for (baseline, current) in [(older, folder), (folder, older)] {
            let comparison = try RunComparison.compare(baseline: baseline, current: current)
            #expect(comparison.regressions.isEmpty && comparison.improvements.isEmpty)
            #expect(!comparison.changes.contains { $0.verdict == .missing || $0.verdict == .new })
            #expect(comparison.statementChanges.isEmpty && comparison.siteChanges.isEmpty && comparison.peakSiteNotes.isEmpty)
        }
    }

    /// Hand-written folders: a baseline without the column (steps as `readers.open_feed`) and a
    /// current run with it, where readers and writers both play `open_feed`. The readers' sites and
    /// statements are matched with the readers' alone, and the step over both populations names
    /// no sites of its own (its populations' keys do).
    @Test func sitesAndStatementsAreMatchedByPopulationAndStep() throws {
        let baseline = try Self.folder(summary: ["allocs_per_op(open_feed){population:readers},2,count",
                                                 "allocs_per_op(open_feed){population:writers},1,count",
                                                 "peak_bytes_p50(open_feed){population:readers},1000,B", "peak_bytes_p50(open_feed),1000,B",
                                                 "vm_steps(open_feed){population:readers},10,count"],
                                       allocations: ["readers.open_feed,A,10,20,2000,0,0,1,1000", "writers.open_feed,W,10,10,1000,0,0,1,1000"],
                                       queries: ["readers.open_feed,SELECT 1,10,10,100,0,0,0,SCAN t",
                                                 "writers.open_feed,SELECT 1,10,10,100,0,0,0,SCAN t"],
                                       withColumn: false)
        let current = try Self.folder(summary: ["allocs_per_op(open_feed){population:readers},3,count",
                                                "allocs_per_op(open_feed){population:writers},1,count",
                                                "peak_bytes_p50(open_feed){population:readers},2000,B", "peak_bytes_p50(open_feed),2000,B",
                                                "vm_steps(open_feed){population:readers},20,count"],
                                      allocations: ["open_feed,A,10,20,2000,0,0,1,1000,readers", "open_feed,B,10,10,1000,0,0,1,1000,readers",
                                                    "open_feed,W,10,10,1000,0,0,1,1000,writers"],
                                      queries: ["open_feed,SELECT 1,10,10,200,0,0,0,SCAN t,readers",
                                                "open_feed,SELECT 1,10,10,100,0,0,0,SCAN t,writers"],
                                      withColumn: true)
        let comparison = try RunComparison.compare(baseline: baseline, current: current)
        let text = ComparisonReport.render(comparison, format: .text)
        #expect(Set(comparison.regressions.map(\.metric)) == [
            "allocs_per_op(open_feed){population:readers}", "peak_bytes_p50(open_feed){population:readers}", "peak_bytes_p50(open_feed)",
            "vm_steps(open_feed){population:readers}",
        ], "\(text)")
        #expect(comparison.siteChanges.map { "\($0.step): \($0.sites.map(\.site))" } == ["readers.open_feed: [\"B\"]"], "\(text)")
        #expect(comparison.peakSiteChanges.map { "\($0.step): \($0.sites.map(\.site))" } == ["readers.open_feed: [\"B\"]"], "\(text)")
        #expect(comparison.peakSiteNotes.isEmpty, "\(text)")
        let statements = comparison.statementChanges.map { change in
            "\(change.step): " + change.statements.map { "\($0.statement) \($0.baseline?.vmSteps ?? -1) -> \($0.current?.vmSteps ?? -1)" }.joined()
        }
        #expect(statements == ["readers.open_feed: SELECT 1 10.0 -> 20.0"], "\(text)")
    }

    /// A run folder of `summary` rows (after `s,weak,`), `allocations.csv` and `queries.csv` rows
    /// (after `s,weak,`), with the population column or without (a build before it), and run.csv
    /// saying the profile was exact.
    private static func folder(summary: [String], allocations: [String], queries: [String], withColumn: Bool) throws -> String {
        let path = try TemporaryFolder.make("population-compare")
        func write(_ table: RunTable, _ rows: [String]) throws {
            let header = withColumn || table == .summary ? table.header : Array(table.header.dropLast())
            let text = CSV.line(header) + rows.map { "s,weak,\($0)\r\n" }.joined()
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + table.name))
        }
        try write(.summary, summary)
        try write(.allocations, allocations)
        try write(.queries, queries)
        try Data("key,value\r\nallocation_profile,exact\r\n".utf8).write(to: URL(fileURLWithPath: path + "/run.csv"))
        return path
    }

    /// Each step's errors by name and count.
    private static func errors(_ variant: VariantResult) -> [String: [String: Int]] {
        Dictionary(uniqueKeysWithValues: variant.steps.map { ($0.step, $0.errorTallies.mapValues(\.count)) })
    }

    /// Each allocation site as `step site allocations bytes`.
    private static func sites(_ variant: VariantResult) -> Set<String> {
        Set((variant.allocationProfile?.sites ?? []).map { "\($0.step) \($0.site) \($0.allocations) \($0.bytes)" })
    }
}
