import Foundation
import GRDB
import GRDBSQLite
@testable import LoadHarness
import MemoryProbes
@testable import SocialStack
import Synchronization
import Testing

/// SQLite's counts of each step's statements (design section 11), on real runs of a small
/// scenario: a stack patched the way regressions ship (an index dropped, a query per row, an
/// ORDER BY no index serves) fails `roost compare`, and the statement behind it is named.
@Suite(.serialized) struct DatabaseWorkTests {
    static func yaml(storage: String = "memory") -> String {
        """
        name: db-work
        seed: 7
        stack: { feed: fanOutOnRead, password_cost: low, storage: \(storage) }
        dataset: { users: 20, posts_per_user: 4, follows_per_user: 5, likes_per_user: 3, image_bytes: 512 }
        variants:
          - { name: weak, references: weak }
        load: { virtual_users: 1, iterations: 4, warmup: 1 }
        steps:
          - login
          - like: { post: from_feed }
          - open_feed: { pages: 2 }
          - close_feed
          - open_profile: { user: user3 }
          - close_profile
          - open_notifications
          - close_notifications
        """
    }

    /// Runs the scenario (with `patch`) and writes its files into a new folder.
    static func run(storage: String = "memory", patch: StackPatch? = nil, label: String) async throws -> (String, RunResult) {
        var runner = ScenarioRunner(scenario: try ScenarioLoader.parse(yaml: yaml(storage: storage), path: "db-work.yaml"))
        runner.patch = patch
        runner.allocationProfile = .off
        let result = try await InProcessRun.run(runner)
        let folder = try TemporaryFolder.make(label)
        try ReportWriter(root: folder, commandLine: ["roost"], buildConfiguration: "test").write(result, to: folder, linkLatest: false)
        return (folder, result)
    }

    static func compare(_ baseline: String, _ current: String) throws -> (RunComparison, String, String) {
        // SQLite's counts are what these tests judge, not timings: two plays beside other tests
        // on a shared machine differ in throughput by more than the default tolerance.
        var tolerances = Tolerances()
        try tolerances.setTimings("100000%")
        let comparison = try RunComparison.compare(baseline: baseline, current: current, tolerances: tolerances)
        return (comparison, ComparisonReport.render(comparison, format: .text), ComparisonReport.render(comparison, format: .markdown))
    }

    /// The stack's database as a writer, for a patch's own SQL.
    static func writer(_ stack: SocialStack) throws -> any DatabaseWriter {
        try #require(stack.database as? any DatabaseWriter)
    }

    /// The unpatched run every patched one is compared with.
    private static let baseline = Task<String, any Error> { try await run(label: "db-base").0 }

    static let notificationsPage = "SELECT * FROM notifications WHERE recipient_id = ? AND id < ? ORDER BY id DESC LIMIT ?"

    @Test func aDroppedIndexFailsCompareAndNamesTheStatementWithItsPlan() async throws {
        let base = try await Self.baseline.value
        let (patched, _) = try await Self.run(patch: StackPatch(setUp: { stack in
            try Self.writer(stack).writeWithoutTransaction { try $0.execute(sql: "DROP INDEX notifications_page") }
        }), label: "db-drop")
        let (comparison, text, markdown) = try Self.compare(base, patched)
        let regressed = Set(comparison.regressions.map(\.metric))
        // On this small table the planner walks the rowid range backwards instead (no full
        // scan, but every row below the cursor): seven times the VM steps.
        #expect(regressed.contains("vm_steps(open_notifications)"), "\(text)")
        #expect(regressed.contains("vm_steps_p50(open_notifications)"), "\(text)")
        // Only the notification list got worse (the likes' notification inserts got cheaper: one index less).
        #expect(regressed.allSatisfy { $0.hasSuffix("(open_notifications)") || !$0.contains("(") }, "\(text)")
        #expect(comparison.improvements.contains { $0.metric == "vm_steps(like)" }, "\(text)")
        let step = try #require(comparison.statementChanges.first { $0.step == "open_notifications" })
        let change = try #require(step.statements.first { $0.statement == Self.notificationsPage }, "\(step)")
        #expect(change.baselinePlan?.contains("USING INDEX notifications_page") == true, "\(change)")
        #expect(change.currentPlan == "SEARCH notifications USING INTEGER PRIMARY KEY (rowid<?)", "\(change)")
        #expect((change.current?.vmSteps ?? 0) > 5 * (change.baseline?.vmSteps ?? 0), "\(change)")
        #expect(text.contains("statements that changed (per execution of the step, from queries.csv):"), "\(text)")
        #expect(text.contains(Self.notificationsPage), "\(text)")
        #expect(text.contains("plan SEARCH notifications USING INDEX notifications_page"), "\(text)")
        #expect(text.contains("-> SEARCH notifications USING INTEGER PRIMARY KEY (rowid<?)"), "\(text)")
        #expect(markdown.contains("#### Statements that changed in db-work/weak `open_notifications`"), "\(markdown)")
        #expect(markdown.contains("`\(Self.notificationsPage)`"), "\(markdown)")
    }

    @Test func aQueryPerRowFailsCompareAndNamesTheNewStatementAndItsRuns() async throws {
        let base = try await Self.baseline.value
        let (patched, _) = try await Self.run(patch: StackPatch(inStep: { step, stack in
            guard step == "open_notifications" else { return }
            try stack.database.read { db in
                for actor in try Int64.fetchAll(db, sql: "SELECT actor_id FROM notifications ORDER BY id DESC LIMIT 10") {
                    _ = try String.fetchOne(db, sql: "SELECT username FROM users WHERE id = ?", arguments: [actor])
                }
            }
        }), label: "db-loop")
        let (comparison, text, _) = try Self.compare(base, patched)
        #expect(comparison.regressions.contains { $0.metric == "statements(open_notifications)" }, "\(text)")
        #expect(comparison.regressions.contains { $0.metric == "statements_p50(open_notifications)" }, "\(text)")
        let step = try #require(comparison.statementChanges.first { $0.step == "open_notifications" })
        let loop = try #require(step.statements.first { $0.statement == "SELECT username FROM users WHERE id = ?" }, "\(step)")
        #expect(loop.baseline == nil && loop.current?.runs == 10, "\(loop)")
        #expect(text.contains("new: SELECT username FROM users WHERE id = ?"), "\(text)")
        #expect(text.contains("runs 10, vm steps"), "\(text)")
    }

    @Test func anOrderByNoIndexServesFailsCompareAsASortWithATemporaryBTree() async throws {
        let base = try await Self.baseline.value
        let (patched, run) = try await Self.run(patch: StackPatch(inStep: { step, stack in
            guard step == "open_profile" else { return }
            try stack.database.read { db in
                _ = try Int64.fetchAll(db, sql: "SELECT id FROM posts WHERE author_id = ? ORDER BY like_count DESC LIMIT 5", arguments: [3])
            }
        }), label: "db-sort")
        let (comparison, text, _) = try Self.compare(base, patched)
        #expect(comparison.regressions.contains { $0.metric == "sorts(open_profile)" }, "\(text)")
        let sql = "SELECT id FROM posts WHERE author_id = ? ORDER BY like_count DESC LIMIT 5"
        let plan = try #require(run.variants.first?.statementPlans[sql])
        #expect(plan.contains("USE TEMP B-TREE FOR ORDER BY"), "\(plan)")
        #expect(text.contains("new: " + sql) && text.contains("sorts 1"), "\(text)")
        // report.html marks it.
        let html = HTMLReport.page(run)
        #expect(html.contains("data-step=\"open_profile\" data-fullscan=\"false\" data-temp-btree=\"true\""))
    }

    @Test func twoRunsCountTheSameForEveryStepAndStatement() async throws {
        let base = try await Self.baseline.value
        let (again, result) = try await Self.run(label: "db-again")
        #expect(try TemporaryFolder.read(base + "/queries.csv") == TemporaryFolder.read(again + "/queries.csv"))
        let (comparison, text, _) = try Self.compare(base, again)
        let database = comparison.changes.filter { DatabaseMetric.metricNames.contains((MetricKey(parsing: $0.metric)?.name ?? $0.metric)) }
        #expect(database.count == 12 * 9, "twelve database metrics per step and for the variant: \(database.count)")
        #expect(database.allSatisfy { $0.verdict == .unchanged }, "\(text)")
        // Every step ran statements; transaction control is counted apart (a write's BEGIN
        // and COMMIT, and each read's: a `.memory` stack reads on connections of its own, each
        // read one transaction).
        let variant = try #require(result.variants.first)
        for step in ["login", "like", "open_feed", "open_profile", "open_notifications"] {
            let counts = try #require(variant.statements[step], "\(step)")
            #expect(counts.mean(.statements) >= 1 && counts.mean(.vmSteps) > 0, "\(step)")
        }
        #expect(variant.statements["like"]?.median(.transactionStatements) == 2)
        let feedTransactions = try #require(variant.statements["open_feed"]?.mean(.transactionStatements))
        #expect(feedTransactions > 0 && feedTransactions.truncatingRemainder(dividingBy: 2) == 0, "\(feedTransactions)")
        #expect(variant.statements["close_feed"]?.mean(.statements) == 0)
    }

    /// A statement is counted when it finishes (reset or done): every statement a step ran
    /// must have finished by the step's end, or its work would land in a later step.
    @Test func everyStatementHasFinishedWhenItsStepEnds() async throws {
        #expect(try await Self.unfinishedStatements(leavingOneOpen: false) == [])
        // The check sees a statement left on its first row.
        #expect(try await Self.unfinishedStatements(leavingOneOpen: true).contains("open_feed: SELECT id FROM users"))
    }

    /// Statements still running at the end of each step, as "step: SQL".
    static func unfinishedStatements(leavingOneOpen: Bool) async throws -> [String] {
        let unfinished = Mutex<[String]>([])
        let (folder, _) = try await Self.run(patch: StackPatch(inStep: { step, stack in
            try stack.database.read { db in
                guard let connection = db.sqliteConnection else { return }
                if leavingOneOpen, step == "open_feed" { _ = sqlite3_step(try db.cachedStatement(sql: "SELECT id FROM users").sqliteStatement) }
                var statement = sqlite3_next_stmt(connection, nil)
                while let current = statement {
                    if sqlite3_stmt_busy(current) != 0, let sql = sqlite3_sql(current) {
                        let text = String(cString: sql)
                        unfinished.withLock { $0.append("\(step): \(text)") }
                    }
                    statement = sqlite3_next_stmt(connection, current)
                }
            }
        }), label: "db-finished")
        try? FileManager.default.removeItem(atPath: folder)
        return unfinished.withLock { $0 }
    }

    @Test func fileStorageCountsTheReadersStatementsToo() async throws {
        let (folder, result) = try await Self.run(storage: "file", label: "db-file")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let variant = try #require(result.variants.first)
        // A feed page reads on ReaderConnections' read-only connections; a like writes on the pool's writer.
        #expect((variant.statements["open_feed"]?.mean(.statements) ?? 0) >= 2)
        #expect((variant.statements["like"]?.mean(.statements) ?? 0) >= 1)
        let queries = try TemporaryFolder.read(folder + "/queries.csv")
        #expect(queries.hasPrefix(QueriesFile.header.joined(separator: ",")))
        #expect(!queries.contains(",unknown\r\n"), "\(queries)")
    }

    @Test func aStatementSQLiteCannotExplainIsListedWithAnUnknownPlan() async throws {
        let (folder, result) = try await Self.run(patch: StackPatch(inStep: { step, stack in
            guard step == "close_feed" else { return }
            try Self.writer(stack).writeWithoutTransaction { db in
                try db.execute(sql: "CREATE TEMP TABLE scratch(x)")
                try db.execute(sql: "INSERT INTO scratch VALUES (1)")
                try db.execute(sql: "DROP TABLE scratch")
            }
        }), label: "db-unknown")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(result.variants.first?.statementPlans["INSERT INTO scratch VALUES (1)"] == "unknown")
        let queries = try TemporaryFolder.read(folder + "/queries.csv")
        #expect(queries.contains("db-work,weak,close_feed,INSERT INTO scratch VALUES (1),4,4,"), "\(queries)")
        #expect(queries.contains(",unknown,\r\n"), "the plan, then an empty population")
    }

    @Test func aBaselineWithoutDatabaseCountsComparesCleanly() async throws {
        let base = try await Self.baseline.value
        // The committed baselines' shape: no queries.csv, no sqlite_version, steps.csv and
        // summary.csv without the database columns and metrics.
        let old = try TemporaryFolder.make("db-old")
        defer { try? FileManager.default.removeItem(atPath: old) }
        let names = Set(DatabaseMetric.metricNames)
        let summary = try TemporaryFolder.read(base + "/summary.csv").split(separator: "\r\n", omittingEmptySubsequences: false)
            .filter { line in !names.contains((MetricKey(parsing: String(line.split(separator: ",").dropFirst(2).first ?? ""))?.name ?? "")) }
        try Data(summary.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: old + "/summary.csv"))
        let steps = try CSV.parse(TemporaryFolder.read(base + "/steps.csv")).filter { $0 != [""] }
            .map { Array($0.prefix(RunTable.steps.generations.prefix(2).joined().count)) }  // the columns before the database's
        var csv = CSV(header: steps[0])
        for row in steps.dropFirst() { csv.append(row) }
        try Data(csv.text.utf8).write(to: URL(fileURLWithPath: old + "/steps.csv"))
        let (comparison, text, _) = try Self.compare(old, base)
        #expect(comparison.regressions.isEmpty, "\(text)")
        #expect(comparison.statementChanges.isEmpty)
        #expect(text.contains("\(12 * 9) metric(s) only in the current run (not in the baseline, not judged)"), "\(text)")
    }

    @Test func anotherSQLiteVersionShowsVMStepsWithoutJudgingThem() async throws {
        let base = try await Self.baseline.value
        let (patched, _) = try await Self.run(patch: StackPatch(setUp: { stack in
            try Self.writer(stack).writeWithoutTransaction { try $0.execute(sql: "DROP INDEX notifications_page") }
        }), label: "db-version")
        let info = try TemporaryFolder.read(patched + "/run.csv")
        let version = try #require(info.firstMatch(of: /sqlite_version,([0-9.]+)/)?.output.1)
        try Data(info.replacingOccurrences(of: "sqlite_version,\(version)", with: "sqlite_version,3.0.0").utf8)
            .write(to: URL(fileURLWithPath: patched + "/run.csv"))
        let (comparison, text, _) = try Self.compare(base, patched)
        #expect(comparison.changes.first { $0.metric == "vm_steps(open_notifications)" }?.verdict == .otherSQLite)
        #expect(!comparison.regressions.contains { $0.metric.hasPrefix("vm_steps") }, "\(text)")
        // The statement and its plan are still shown.
        #expect(text.contains("plan SEARCH notifications USING INDEX notifications_page"), "\(text)")
        #expect(text.contains("VM-step metric(s) not judged. SQLite \(version) -> 3.0.0: VM steps and plans are shown, not judged"), "\(text)")
    }

    @Test func countingAllocatesNothingInsideASpan() throws {
        let stack = try SocialStack(SocialStack.Configuration())
        var configuration = SocialStack.Configuration()
        configuration.onConnection = { StatementCounters.install(on: $0) }
        let counted = try SocialStack(configuration)
        for target in [stack, counted] { _ = try target.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM users") } }
        func allocations(_ target: SocialStack) throws -> Int {
            try target.database.read { db in
                let statement = try db.cachedStatement(sql: "SELECT count(*) FROM users WHERE id > ?")
                StatementCounters.begin()
                defer { StatementCounters.end() }
                return AllocationCounters.measure {
                    for id in 0..<100 { _ = try? Int.fetchOne(statement, arguments: [id]) }
                }.allocations
            }
        }
        _ = try allocations(counted)
        _ = try allocations(stack)
        let plain = try allocations(stack)
        #expect(try allocations(counted) == plain)
        let table = StatementCounters.end()
        #expect(table.pointee.count == 1 && table.pointee.entry(0).work.runs == 100)
    }
}

/// Thresholds on database metrics: read like every other metric, validated the same way.
@Suite struct DatabaseThresholdTests {
    @Test func databaseThresholdsParseAndAnUnknownOneIsNamedWithItsPlaceAndTheNearestName() throws {
        let good = try Threshold(parsing: "statements(open_profile) <= 12")
        #expect(good.metric.name == "statements" && good.step == "open_profile" && good.value == 12)
        #expect(try Threshold(parsing: "fullscan_steps_p50(open_feed) == 0").metric.name == "fullscan_steps_p50")
        let problems = ScenarioTestSupport.report("""
            name: t
            steps:
              - open_feed
            thresholds:
              - "fullscan_step(open_feed) == 0"
              - "vm_steps(open_feed) < 900"
            """)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasPrefix("5:6: ") == true, "\(problems)")
        #expect(problems.first?.contains("unknown metric 'fullscan_step'; did you mean 'fullscan_steps'?") == true, "\(problems)")
    }

    @Test func compareLoosensADatabaseMetricOnRequest() throws {
        var tolerances = Tolerances()
        try tolerances.set("vm_steps=+5%")
        #expect(throws: ComparisonError.self) { try tolerances.set("vm_step=+5%") }
    }
}
