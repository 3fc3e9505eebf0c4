import Foundation
import LoadHarness
import Testing

/// `roost paired` end to end, as a child process: builds it cannot use are refused with the
/// reason before any round, rounds play `roost run --timings-only`, and Ctrl-C writes
/// paired.csv from the completed rounds, marked incomplete.
@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct PairedCommandTests {
    private static let tiny = """
        name: paired-tiny
        seed: 2
        stack: { storage: memory }
        dataset: { users: 10, posts_per_user: 1, follows_per_user: 2, likes_per_user: 1, image_bytes: 64 }
        variants:
          - { name: weak, references: weak }
        load: { virtual_users: 1, iterations: 3 }
        steps:
          - login
          - open_feed
          - close_feed

        """

    /// A folder with the tiny scenario, and a script pretending to be a roost that cannot read it.
    private static func workspace(_ label: String) throws -> String {
        let directory = try TemporaryFolder.make(label)
        try Data(tiny.utf8).write(to: URL(fileURLWithPath: directory + "/tiny.yaml"))
        let impostor = """
            #!/bin/sh
            case "$1" in
              --version) echo 0.0.9 ;;
              run) echo "USAGE: roost run <scenarios> ... [--out <out>]" ;;
              validate) echo "$2: unknown key 'stack' at line 3" >&2; exit 1 ;;
            esac

            """
        try Data(impostor.utf8).write(to: URL(fileURLWithPath: directory + "/old-roost"))
        chmod(directory + "/old-roost", 0o755)
        return directory
    }

    @Test func everyProblemIsNamedAndNothingRuns() async throws {
        let directory = try Self.workspace("paired-refused")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = try await RoostBinary.run(["paired", "tiny.yaml", "--baseline", "no/such/roost", "--tolerance", "0%",
                                                 "--rounds", "5", "--out", "out"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the baseline build no/such/roost does not exist or is not executable"), "\(missing.stderr)")
        #expect(missing.stderr.contains("--tolerance 0%: expected a percentage above 0% and below 100%"))
        #expect(missing.stderr.contains("--rounds 5: at least 8 rounds give a 99% interval"))
        let badTime = try await RoostBinary.run(["paired", "tiny.yaml", "--baseline", RoostBinary.path, "--max-time", "3 minutes",
                                                 "--cpu", "4096", "--out", "out"], in: directory)
        #expect(badTime.status == 1)
        #expect(badTime.stderr.contains("--max-time 3 minutes: expected a duration like 3m, 150s or 0s (no limit)"), "\(badTime.stderr)")
        #expect(badTime.stderr.contains("--cpu 4096: expected none or a CPU roost may use: 0"), "\(badTime.stderr)")
        #expect(missing.stderr.contains("nothing was run"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))

        let notRoost = try await RoostBinary.run(["paired", "tiny.yaml", "--baseline", "/bin/echo", "--out", "out"], in: directory)
        #expect(notRoost.status == 1)
        #expect(notRoost.stderr.contains("the baseline build /bin/echo is not a roost: `--version` exited 0 with 'echo (GNU coreutils)"),
                "\(notRoost.stderr)")

        let oldFormat = try await RoostBinary.run(["paired", "tiny.yaml", "--baseline", "./old-roost", "--out", "out"], in: directory)
        #expect(oldFormat.status == 1)
        #expect(oldFormat.stderr.contains("the baseline build ./old-roost cannot read \(directory)/tiny.yaml (another scenario format)"),
                "\(oldFormat.stderr)")
        #expect(oldFormat.stderr.contains("unknown key 'stack' at line 3"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
    }

    @Test func ctrlCWritesTheCompletedRoundsMarkedIncomplete() async throws {
        let directory = try Self.workspace("paired-interrupted")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let started = try RoostBinary.start(["paired", "tiny.yaml", "--baseline", RoostBinary.path, "--out", "out", "--keep-runs",
                                             "--dataset-cache", directory + "/datasets"], in: directory)
        // Round 2's first run has started: round 1 is complete. Then Ctrl-C. (The wait sleeps
        // the thread, not the task: with the other suites running, the signal once reached
        // round 10, most likely through a task's late wake-up.)
        let secondRound = directory + "/out/rounds/02-1-baseline"
        for _ in 0..<2_400 where !FileManager.default.fileExists(atPath: secondRound) { usleep(50_000) }
        try #require(FileManager.default.fileExists(atPath: secondRound), "round 2 did not start within two minutes")
        #expect(kill(started.pid, SIGINT) == 0)
        let outcome = try await RoostBinary.wait(for: started)
        #expect(outcome.status == 1, "stdout: \(outcome.stdout)\nstderr: \(outcome.stderr)")
        #expect(outcome.stderr.contains("round 1 (8 to 100)"), "progress per round: \(outcome.stderr)")
        // Both builds have --timings-only: each run of a round leaves only its steps.csv and latencies.csv.
        let firstRun = try FileManager.default.contentsOfDirectory(atPath: directory + "/out/rounds/01-1-baseline")
        #expect(firstRun.sorted() == ["latencies.csv", "steps.csv"])
        // The rounds completed before the signal arrived: at least round 1 (the signal is a real
        // one, so how many more depends on the machine); paired.csv says the same number.
        let said = try #require(outcome.stderr.firstMatch(of: #/interrupted; paired.csv covers the (\d+) completed rounds, marked incomplete/#),
                                "\(outcome.stderr)")
        let completed = try #require(Int(said.1))
        #expect(completed >= 1 && !FileManager.default.fileExists(atPath: directory + "/out/rounds/\(String(format: "%02d", completed + 2))-1-baseline"))
        let rows = try TemporaryFolder.csv(directory + "/out/paired.csv", header: PairedFile.header)
        #expect(rows.map { "\($0["comparison"]!) \($0["step"]!)" }
                == ["candidate login", "candidate open_feed", "candidate close_feed", "control login", "control open_feed", "control close_feed"])
        #expect(rows.allSatisfy { $0["state"] == "incomplete" && $0["rounds"] == String(completed) })
        if completed == 1 { #expect(rows.allSatisfy { $0["verdict"] == "inconclusive" }) }
    }

    @Test func aTimingsOnlyRunWritesStepsAndLatenciesAlone() async throws {
        let directory = try Self.workspace("timings-only")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await RoostBinary.run(["run", "tiny.yaml", "--timings-only", "--out", "timed",
                                             "--dataset-cache", directory + "/datasets"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/timed").sorted() == ["latencies.csv", "steps.csv"])
        let medians = try StepMedians.read(folder: directory + "/timed")
        #expect(medians.keys.map(\.step) == ["login", "open_feed", "close_feed"])
        #expect(medians.keys.allSatisfy { (medians.p50[$0] ?? 0) > 0 })
        // Every measured execution's latency (3 iterations), and steps.csv's p50 is their median.
        for key in medians.keys {
            let executions = try #require(medians.executions[key])
            #expect(executions.count == 3)
            #expect(abs(executions.sorted()[1] - medians.p50[key]!) <= 0.001 * executions.sorted()[1] + 0.001, "\(key)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/Reports/runs/paired-tiny/latest"))

        let refused = try await RoostBinary.run(["run", "tiny.yaml", "--timings-only", "--instructions", "--allocation-profile", "exact",
                                                 "--out", "refused"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--timings-only and --instructions cannot be combined"), "\(refused.stderr)")
        #expect(refused.stderr.contains("leave out --allocation-profile exact") && refused.stderr.contains("nothing was run"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/refused"))
        let profiled = try await RoostBinary.run(["run", "tiny.yaml", "--timings-only", "--allocation-profile", "exact",
                                                  "--out", "refused"], in: directory)
        #expect(profiled.status == 1)
        #expect(profiled.stderr.contains("--timings-only plays with the allocation profile off; leave out --allocation-profile exact"))
    }
}
