import Foundation
import LoadHarness
import Testing

/// `roost` end to end, as a subprocess. The test target does not depend on the executable,
/// so these run only when `swift build` has made `.build/debug/roost`.
enum RoostBinary {
    static let path = ScenarioTestSupport.packageRoot.appendingPathComponent(".build/debug/roost").path
    /// Roost's own benchmarks' executable, built beside it.
    static let benchPath = ScenarioTestSupport.packageRoot.appendingPathComponent(".build/debug/roost-bench").path
    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A roost process started by `start`, with the files its output goes to.
    struct Started {
        let pid: pid_t
        let arguments: [String]
        fileprivate let out: String, err: String
    }

    /// Runs roost with `arguments` in `directory`; gives up (and records an issue) after 5
    /// minutes. posix_spawn and a polling waitpid, not Foundation's `Process`, and no thread
    /// blocked while roost runs: no helper threads come and go in the test process (see
    /// `InProcessRun`).
    static func run(_ arguments: [String], in directory: String, program: String = path, environment: [String: String] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> Outcome {
        try await wait(for: start(arguments, in: directory, program: program, environment: environment), sourceLocation: sourceLocation)
    }

    /// Starts roost (or `program`) with `arguments` in `directory` and returns at once
    /// (`wait(for:)` collects it); `environment` adds to (or replaces) the test process's variables.
    static func start(_ arguments: [String], in directory: String, program: String = path,
                      environment extra: [String: String] = [:]) throws -> Started {
        let out = directory + "/.stdout-\(UUID().uuidString)", err = directory + "/.stderr-\(UUID().uuidString)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // roost run sets SWIFT_DETERMINISTIC_HASHING itself (and re-executes once).
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
            .merging(extra) { _, new in new }.map { "\($0.key)=\($0.value)" }
        // In `directory`: a shell changes there and execs roost (posix_spawn's chdir action is a GNU extension).
        let argv = (["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", directory, program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard spawned == 0 else { throw RFC4180.Malformed(description: "posix_spawn \(program): error \(spawned)") }
        return Started(pid: pid, arguments: arguments, out: out, err: err)
    }

    /// Waits for a started roost to end (killing it after 5 minutes) and collects its output.
    static func wait(for started: Started, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Outcome {
        defer {
            try? FileManager.default.removeItem(atPath: started.out)
            try? FileManager.default.removeItem(atPath: started.err)
        }
        let pid = started.pid
        var status: Int32 = 0
        var waited = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw RFC4180.Malformed(description: "waitpid: errno \(errno)") }
            if waited >= 300_000 {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                Issue.record("roost \(started.arguments.joined(separator: " ")) did not finish in 5 minutes", sourceLocation: sourceLocation)
                break
            }
            // Sleep without holding a thread: a blocked worker makes dispatch start another.
            try await Task.sleep(nanoseconds: 5_000_000)
            waited += 5
        }
        // Exit code when it exited; 128 + signal when a signal ended it.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Outcome(status: code, stdout: try TemporaryFolder.read(started.out), stderr: try TemporaryFolder.read(started.err))
    }
}

@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct RoostCommandTests {
    private static func scenario(thresholds: [String] = []) -> String {
        """
        name: roost-cli
        seed: 5
        stack: { storage: memory }
        dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 64 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: { virtual_users: 1, iterations: 2 }
        steps:
          - login
          - open_profile: { user: random }
          - close_profile
        """ + (thresholds.isEmpty ? "\n" : "\nthresholds:\n" + thresholds.map { "  - \"\($0)\"\n" }.joined())
    }

    private func workspace() throws -> String { try TemporaryFolder.make("cli") }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func validateExitsOneOnABadFileAndZeroOnAGoodOne() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write("name: Bad Name\nsteps:\n  - fly\n", to: directory + "/bad.yaml")
        try write(Self.scenario(), to: directory + "/good.yaml")
        let bad = try await RoostBinary.run(["validate", "bad.yaml"], in: directory)
        #expect(bad.status == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("bad.yaml:3:5: "), "\(bad.stderr)")
        #expect(bad.stderr.contains("bad.yaml:1:7: "), "\(bad.stderr)")
        let good = try await RoostBinary.run(["validate", "good.yaml"], in: directory)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("ok good.yaml (roost-cli: 3 steps, 2 variants)"), "\(good.stdout)")
        let both = try await RoostBinary.run(["validate", "good.yaml", "bad.yaml"], in: directory)
        #expect(both.status == 1)
        #expect(both.stderr.contains("1 of 2 files invalid"))
    }

    @Test func everyBundledScenarioPassesRoostValidate() async throws {
        let paths = try ScenarioTestSupport.bundledScenarioPaths()
        let names = ["busy-hour", "ci", "ci-multi-user", "feed-ramp", "feed-scroll", "leak-catalog", "mixed-social", "notifications-live",
                     "parallel-reads", "post-capacity", "post-follow",
                     "profile-open-close", "search", "signup-login", "soak"]
        #expect(paths.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }.sorted() == names)
        let run = try await RoostBinary.run(["validate"] + paths, in: ScenarioTestSupport.packageRoot.path)
        #expect(run.status == 0, "\(run.stderr)")
        for path in paths { #expect(run.stdout.contains("ok \(path) ("), "\(run.stdout)") }
    }

    @Test func runWritesTheReportAndCompareJudgesIt() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write(Self.scenario(), to: directory + "/tiny.yaml")
        let out = directory + "/out/nested"
        let run = try await RoostBinary.run(["run", "tiny.yaml", "--out", out], in: directory)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stdout.contains("roost-cli / weak") && run.stdout.contains("roost-cli / strong"), "\(run.stdout)")
        #expect(run.stdout.contains("reports: \(out)"), "\(run.stdout)")
        // The report files, and what the run streamed as it went (the time series, executions, latency logs, scenario).
        var expected = ["steps.csv", "timeseries.csv", "executions.csv", "memory.csv", "retention.csv", "leaks.csv",
                        "summary.csv", "thresholds.csv", "run.csv", "scenario.yaml", "report.html", "hgrm",
                        "allocations.csv", "profiles", "queries.csv", "errors.csv", "distributions.csv", "stages.csv"]
        for variant in ["weak", "strong"] {
            for step in ["login", "open_profile", "close_profile"] {
                expected += ["hgrm/\(variant).\(step).hgrm", "hgrm/\(variant).\(step).hlog"]
            }
            for kind in ["allocs", "bytes", "retained", "peak"] { expected.append("profiles/\(variant).\(kind).folded") }
        }
        #expect(TemporaryFolder.contents(out) == expected.sorted())
        // --out writes only there: no Reports/ in the working directory, no latest link.
        #expect(!FileManager.default.fileExists(atPath: directory + "/Reports"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/latest"))
        let info = try TemporaryFolder.csv(out + "/run.csv", header: ["key", "value"])
        let values = Dictionary(info.map { ($0["key"]!, $0["value"]!) }, uniquingKeysWith: { a, _ in a })
        #expect(values["build_configuration"] == "debug")
        #expect(values["command_line"]?.hasSuffix("run tiny.yaml --out \(out)") == true, "\(values)")
        #expect(values["deterministic_hashing"] == "true", "roost run re-executes itself with SWIFT_DETERMINISTIC_HASHING=1")
        #expect(values["state"] == "complete" && values["completed_variants"] == "weak strong", "\(values)")
        let steps = try TemporaryFolder.csv(out + "/steps.csv", header: ["scenario", "variant", "step", "count", "errors", "mean_us",
                                                                       "p50_us", "p90_us", "p99_us", "p999_us", "max_us", "ops_per_s",
                                                                       "allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50"]
                                                                       + ["statements_per_op", "statements_p50", "vm_steps_per_op", "vm_steps_p50", "fullscan_steps_per_op", "fullscan_steps_p50"]
                                                                       + ["uncorrected_p50_us", "uncorrected_p90_us", "uncorrected_p99_us", "uncorrected_p999_us", "uncorrected_max_us"]
                                                                       + ["cpu_p50_us", "wait_share"]
                                                                       + ["peak_bytes_p50", "peak_bytes_max", "temporary_allocs_p50"]
                                                                       + ["population"])
        #expect(steps.map { $0["count"]! } == ["2", "2", "2", "2", "2", "2"])

        // The folder against itself: nothing changed.
        let same = try await RoostBinary.run(["compare", out, out], in: directory)
        #expect(same.status == 0, "\(same.stdout)\n\(same.stderr)")
        #expect(same.stdout.hasPrefix("no regression ("), "\(same.stdout)")
        let markdown = try await RoostBinary.run(["compare", out, out, "--format", "markdown"], in: directory)
        #expect(markdown.status == 0 && markdown.stdout.hasPrefix("### roost compare: no regression"), "\(markdown.stdout)")

        // A copy whose login's median execution allocates 10% more: a regression (0% tolerance) ...
        let worse = directory + "/worse"
        try FileManager.default.createDirectory(atPath: worse, withIntermediateDirectories: true)
        var rows = try RFC4180.parse(TemporaryFolder.read(out + "/summary.csv"))
        let index = try #require(rows.firstIndex { $0[1] == "weak" && $0[2] == "allocs_p50(login)" })
        rows[index][3] = String(Double(rows[index][3])! * 1.1)
        try write(rows.map(RFC4180.line).joined(), to: worse + "/summary.csv")
        let regressed = try await RoostBinary.run(["compare", out, worse], in: directory)
        #expect(regressed.status == 2, "\(regressed.stdout)\n\(regressed.stderr)")
        #expect(regressed.stdout.contains("worse   roost-cli/weak allocs_p50(login): "), "\(regressed.stdout)")
        #expect(regressed.stdout.contains(", +10%)"), "the exact delta, then the percentage: \(regressed.stdout)")
        // ... that a wider tolerance lets through.
        let tolerated = try await RoostBinary.run(["compare", out, worse, "--threshold", "allocs_p50=+20%"], in: directory)
        #expect(tolerated.status == 0, "\(tolerated.stdout)\n\(tolerated.stderr)")
    }

    @Test func allocationProfileFromTheCommandLine() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write(Self.scenario(), to: directory + "/tiny.yaml")
        let off = try await RoostBinary.run(["run", "tiny.yaml", "--variant", "weak", "--allocation-profile", "off", "--out", "off"],
                                            in: directory)
        #expect(off.status == 0, "stdout: \(off.stdout)\nstderr: \(off.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/off/allocations.csv"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/off/profiles"))
        let exact = try await RoostBinary.run(["run", "tiny.yaml", "--variant", "weak", "--allocation-profile", "exact", "--out", "exact"],
                                              in: directory)
        #expect(exact.status == 0, "stdout: \(exact.stdout)\nstderr: \(exact.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/exact/profiles/weak.bytes.folded"))
        let bad = try await RoostBinary.run(["run", "tiny.yaml", "--allocation-profile", "exakt"], in: directory)
        #expect(bad.status != 0 && bad.stderr.contains("exakt"), "\(bad.stderr)")
        let list = try await RoostBinary.run(["list"], in: ScenarioTestSupport.packageRoot.path)
        #expect(list.stdout.contains("[allocation_profile: exact]"), "\(list.stdout)")
        #expect(list.stdout.contains("Allocation profiles (allocation_profile:, roost run --allocation-profile): off, sampled, exact"))
    }

    @Test func aFailingThresholdExitsTwo() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write(Self.scenario(thresholds: ["leaked_objects{variant:strong} == 0", "p99(login) < 60s"]), to: directory + "/leaky.yaml")
        let run = try await RoostBinary.run(["run", "leaky.yaml", "--out", directory + "/out"], in: directory)
        #expect(run.status == 2, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stdout.contains("FAIL  leaked_objects{variant:strong} == 0  [strong: "), "\(run.stdout)")
        #expect(run.stdout.contains("pass  p99(login) < 60s  [weak: "), "\(run.stdout)")
        let thresholds = try TemporaryFolder.csv(directory + "/out/thresholds.csv", header: ["scenario", "threshold", "observed", "passed"])
        #expect(thresholds.map { $0["passed"]! } == ["false", "true", "true"])

        // Only the weak variant: its thresholds pass, so the run does.
        let weak = try await RoostBinary.run(["run", "leaky.yaml", "--variant", "weak", "--out", directory + "/weak"], in: directory)
        #expect(weak.status == 0, "stdout: \(weak.stdout)\nstderr: \(weak.stderr)")
    }

    @Test func severalScenariosIntoOneOutFolderGetASubfolderEach() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try write(Self.scenario(), to: directory + "/first.yaml")
        try write(Self.scenario().replacingOccurrences(of: "name: roost-cli", with: "name: second"), to: directory + "/second.yaml")
        let run = try await RoostBinary.run(["run", "first.yaml", "second.yaml", "--variant", "weak", "--out", directory + "/out"],
                                            in: directory)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        for name in ["roost-cli", "second"] {
            let rows = try TemporaryFolder.csv("\(directory)/out/\(name)/steps.csv", header: StepsHeader.columns)
            #expect(Set(rows.map { $0["scenario"] }) == [name])
        }
        // And the exported benchmark JSON covers both.
        let export = try await RoostBinary.run(["export", directory + "/out/roost-cli", directory + "/out/second"], in: directory)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("\"name\" : \"roost-cli weak allocs_per_op(login)\""), "\(export.stdout)")
        #expect(export.stdout.contains("\"name\" : \"second weak allocs_per_op(login)\""), "\(export.stdout)")
    }

    /// Roost's own benchmarks are `roost-bench`'s commands, not `roost`'s: tooling that
    /// measures Roost itself stays out of what users run and link. Help and bad input only.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: RoostBinary.benchPath), "roost-bench is not built: run `swift build`"))
    func theBenchmarksAreRoostBenchsCommands() async throws {
        let root = ScenarioTestSupport.packageRoot.path
        let roost = try await RoostBinary.run(["--help"], in: root)
        #expect(roost.status == 0 && roost.stdout.contains("SUBCOMMANDS:") && !roost.stdout.contains("bench-"), "\(roost.stdout)")
        let bench = try await RoostBinary.run(["--help"], in: root, program: RoostBinary.benchPath)
        #expect(bench.status == 0, "\(bench.stderr)")
        for name in ["stack", "probes", "dataset", "hostile", "parallel", "scheduler", "capacity"] {
            #expect(bench.stdout.contains("\n  \(name) "), "\(name): \(bench.stdout)")
        }
        let stack = try await RoostBinary.run(["stack", "--help"], in: root, program: RoostBinary.benchPath)
        #expect(stack.status == 0 && stack.stdout.contains("--reference"), "\(stack.stdout)")
        // Bad input is refused while parsing, before anything is measured: exit 1, as roost's.
        let bad = try await RoostBinary.run(["stack", "--users", "1"], in: root, program: RoostBinary.benchPath)
        #expect(bad.status == 1 && bad.stderr.contains("--users must be at least 2"), "\(bad.stderr)")
    }

    @Test func badInputExitsOne() async throws {
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/empty", withIntermediateDirectories: true)
        let missing = try await RoostBinary.run(["compare", directory + "/nowhere", directory + "/empty"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(directory)/nowhere/summary.csv"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)

        let badTolerance = try await RoostBinary.run(["compare", directory, directory, "--threshold", "latency=+5%"], in: directory)
        #expect(badTolerance.status == 1)
        #expect(badTolerance.stderr.contains("unknown metric 'latency'"), "\(badTolerance.stderr)")

        let noFile = try await RoostBinary.run(["run", "absent.yaml", "--out", directory + "/out"], in: directory)
        #expect(noFile.status == 1, "\(noFile.stderr)")
        #expect(noFile.stderr.contains("absent.yaml"), "\(noFile.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))

        try write(Self.scenario(), to: directory + "/tiny.yaml")
        let noVariant = try await RoostBinary.run(["run", "tiny.yaml", "--variant", "mixed", "--out", directory + "/out"], in: directory)
        #expect(noVariant.status == 1)
        #expect(noVariant.stderr.contains("no variant 'mixed'"), "\(noVariant.stderr)")
    }
}

/// steps.csv's columns (design section 6).
enum StepsHeader {
    static let columns = ["scenario", "variant", "step", "count", "errors", "mean_us", "p50_us", "p90_us", "p99_us", "p999_us",
                          "max_us", "ops_per_s", "allocs_per_op", "bytes_per_op", "allocs_p50", "bytes_p50"]
                          + ["statements_per_op", "statements_p50", "vm_steps_per_op", "vm_steps_p50", "fullscan_steps_per_op", "fullscan_steps_p50"]
                          + ["uncorrected_p50_us", "uncorrected_p90_us", "uncorrected_p99_us", "uncorrected_p999_us", "uncorrected_max_us"]
                          + ["cpu_p50_us", "wait_share"]
                          + ["peak_bytes_p50", "peak_bytes_max", "temporary_allocs_p50"]
                          + ["population"]
}
