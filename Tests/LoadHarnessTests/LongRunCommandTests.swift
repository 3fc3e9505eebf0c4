import Foundation
@testable import LoadHarness
import Testing

/// Issue 12 end to end, with `roost` as a child process: a run killed by SIGKILL is rebuilt
/// from what it streamed, and a four-user scenario without warm-up repeats its medians.
@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct LongRunCommandTests {
    private static let soak = """
        name: killed-soak
        seed: 3
        stack: { storage: memory }
        dataset: { users: 20, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 64 }
        variants:
          - { name: weak, references: weak }
        load: { virtual_users: 2, duration: 120s }
        steps:
          - login
          - open_feed
          - close_feed
          - post: { text: "still here" }
          - logout

        """

    @Test func aKilledRunIsRebuiltFromTheRowsItStreamed() async throws {
        let directory = try TemporaryFolder.make("killed")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(Self.soak.utf8).write(to: URL(fileURLWithPath: directory + "/soak.yaml"))
        let out = directory + "/out"
        let started = try RoostBinary.start(["run", "soak.yaml", "--out", out], in: directory)

        // Wait until the run has streamed rows of three different seconds, then kill it.
        var seconds = Set<String>()
        for _ in 0..<2_400 where seconds.count < 3 {
            try await Task.sleep(nanoseconds: 50_000_000)
            seconds = Set(try Self.streamedRows(out).map { $0["second"]! })
        }
        #expect(kill(started.pid, SIGKILL) == 0)
        let killed = try await RoostBinary.wait(for: started)
        #expect(killed.status == 128 + SIGKILL, "the run ended before the kill: \(killed.stdout)\n\(killed.stderr)")
        try #require(seconds.count >= 3, "no streamed rows of three seconds in two minutes: \(killed.stderr)")
        let info = try Self.runInfo(out)
        #expect(info["state"] == "running", "run.csv of a killed run: \(info)")

        let report = try await RoostBinary.run(["report", out], in: directory)
        #expect(report.status == 0, "stdout: \(report.stdout)\nstderr: \(report.stderr)")
        #expect(try Self.runInfo(out)["state"] == "incomplete")

        // The rebuilt counts are the sums of the streamed rows, step by step.
        let streamed = try Self.streamedRows(out)
        var expected: [String: (count: Int, errors: Int)] = [:]
        for row in streamed {
            let sum = expected[row["step"]!, default: (0, 0)]
            expected[row["step"]!] = (sum.count + Int(row["count"]!)!, sum.errors + Int(row["errors"]!)!)
        }
        let steps = try TemporaryFolder.csv(out + "/steps.csv", header: RunTable.steps.header)
        #expect(Set(steps.map { $0["step"]! }) == Set(expected.keys))
        for step in steps {
            let sums = try #require(expected[step["step"]!])
            #expect(Int(step["count"]!) == sums.count && Int(step["errors"]!) == sums.errors,
                    "\(step["step"]!): steps.csv \(step["count"]!)/\(step["errors"]!), streamed rows \(sums)")
            #expect(sums.count > 0)
        }
        #expect(FileManager.default.fileExists(atPath: out + "/report.html"))
        #expect(report.stdout.contains("incomplete"), "\(report.stdout)")
    }

    @Test func fourUsersWithoutWarmUpRepeatTheirMediansExactly() async throws {
        let directory = try TemporaryFolder.make("multi-user")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = ScenarioTestSupport.packageRoot.appendingPathComponent("Scenarios/ci-multi-user.yaml").path
        var medians: [[String: String]] = []
        for attempt in 1...2 {
            let out = directory + "/run\(attempt)"
            let run = try await RoostBinary.run(["run", scenario, "--out", out], in: directory)
            #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
            let steps = try TemporaryFolder.csv(out + "/steps.csv", header: RunTable.steps.header)
            #expect(steps.count == 23, "one row per step of ci-multi-user")
            var byStep: [String: String] = [:]
            for step in steps {
                #expect(step["count"] == "60", "4 users x 15 iterations: \(step)")
                byStep[step["variant"]! + "/" + step["step"]!] = step["allocs_p50"]! + " allocs, " + step["bytes_p50"]! + " B"
            }
            medians.append(byStep)
            let summary = try RFC4180.parse(TemporaryFolder.read(out + "/summary.csv"))
            #expect(summary.contains { $0.count > 3 && $0[2] == "virtual_users" && $0[3] == "4" })
        }
        #expect(Set(medians[0].keys) == Set(medians[1].keys))
        // Each virtual user reads on a connection of its own (docs/storage.md, "Multi-user
        // medians"): a connection opened, or a statement prepared, inside some other user's
        // step moved which execution was an outlier, and so the median.
        for key in medians[0].keys.sorted() where medians[0][key] != medians[1][key] {
            Issue.record("\(key): median per execution \(medians[0][key]!) in one run, \(medians[1][key] ?? "missing") in the next")
        }
    }

    /// Streaming happens off the virtual users' threads: a measured step allocates exactly
    /// as much while the run folder is filled as with `--no-streaming`.
    @Test func streamingAddsNoAllocationToAMeasuredStep() async throws {
        let directory = try TemporaryFolder.make("stream-cost")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = Self.soak.replacingOccurrences(of: "load: { virtual_users: 2, duration: 120s }",
                                                  with: "load: { virtual_users: 1, iterations: 6, warmup: 2 }")
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: directory + "/cost.yaml"))
        var counts: [[String]] = []
        for (name, flags) in [("streamed", [String]()), ("plain", ["--no-streaming"])] {
            let run = try await RoostBinary.run(["run", "cost.yaml", "--out", name] + flags, in: directory)
            #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
            // Only the streamed run wrote the files that exist only as the run goes.
            #expect(FileManager.default.fileExists(atPath: "\(directory)/\(name)/executions.csv") == flags.isEmpty)
            let steps = try TemporaryFolder.csv("\(directory)/\(name)/steps.csv", header: RunTable.steps.header)
            counts.append(steps.map { "\($0["step"]!): \($0["allocs_per_op"]!) allocs, \($0["bytes_per_op"]!) B per op" })
        }
        #expect(counts[0].count == 5)
        #expect(counts[0] == counts[1])
    }

    /// The complete rows of a run folder's `timeseries.csv` (none before it exists).
    private static func streamedRows(_ folder: String) throws -> [[String: String]] {
        guard let data = FileManager.default.contents(atPath: folder + "/timeseries.csv") else { return [] }
        var text = String(decoding: data, as: UTF8.self)
        // A line still being written is not a row yet.
        if let end = text.range(of: "\r\n", options: .backwards) { text = String(text[..<end.upperBound]) } else { return [] }
        let rows = try RFC4180.parse(text)
        guard rows.first == RunTable.timeSeries.header else { return [] }
        return rows.dropFirst().filter { $0.count == RunTable.timeSeries.header.count }.map {
            Dictionary(uniqueKeysWithValues: zip(RunTable.timeSeries.header, $0))
        }
    }

    private static func runInfo(_ folder: String) throws -> [String: String] {
        let rows = try TemporaryFolder.csv(folder + "/run.csv", header: ["key", "value"])
        return Dictionary(rows.map { ($0["key"]!, $0["value"]!) }, uniquingKeysWith: { first, _ in first })
    }
}
