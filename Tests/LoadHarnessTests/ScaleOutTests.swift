import Foundation
import Testing
import Yams

/// The gate on engines its users run (design section 17, docs/scale-out.md): the GitHub Actions
/// workflow and the Kubernetes Indexed Job are checked by their own schemas, and the shard and
/// merge commands they run are run here, with the environment they give, so neither can rot.
@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct ScaleOutTests {
    private static let root = ScenarioTestSupport.packageRoot.path
    private static let workflow = root + "/.github/workflows/gate.yml"
    private static let manifests = [root + "/kubernetes/roost-shards.yaml", root + "/kubernetes/roost-merge.yaml"]

    /// The path of a linter on PATH; nil (and the test says why it is skipped) when it is not
    /// installed, unless ROOST_REQUIRE_LINTERS=1 (as `.ci/run` sets), where that is a failure.
    private static func linter(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        if ProcessInfo.processInfo.environment["ROOST_REQUIRE_LINTERS"] == "1" {
            Issue.record("\(name) is not installed (pip install \(name)); ROOST_REQUIRE_LINTERS=1 requires it", sourceLocation: sourceLocation)
        } else {
            print("skipped: \(name) is not installed here (pip install \(name)); .ci/run installs it and runs this check")
        }
        return nil
    }

    /// Runs `program` with `arguments` (and `environment` added) in the package root: its exit status and output.
    private static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
            .merging(environment) { _, new in new }
        let output = try TemporaryFolder.make("scale-out-output") + "/output"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try TemporaryFolder.read(output))
    }

    @Test func theWorkflowFollowsGitHubsWorkflowSchema() throws {
        guard let checker = Self.linter("check-jsonschema") else { return }
        let (status, output) = try Self.run(checker, ["--builtin-schema", "vendor.github-workflows", Self.workflow])
        #expect(status == 0, "\(output)")
        // The check can fail: a misspelt key is refused.
        let folder = try TemporaryFolder.make("workflow")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = try TemporaryFolder.read(Self.workflow).replacingOccurrences(of: "runs-on:", with: "runs_on:")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: folder + "/gate.yml"))
        #expect(try Self.run(checker, ["--builtin-schema", "vendor.github-workflows", folder + "/gate.yml"]).0 != 0)
    }

    @Test func theKubernetesManifestsFollowKubernetesSchemas() throws {
        guard let validator = Self.linter("kubernetes-validate") else { return }
        let (status, output) = try Self.run(validator, ["--strict", "--quiet"] + Self.manifests)
        #expect(status == 0, "\(output)")
        let folder = try TemporaryFolder.make("manifest")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = try TemporaryFolder.read(Self.manifests[0]).replacingOccurrences(of: "completionMode:", with: "completionsMode:")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: folder + "/shards.yaml"))
        #expect(try Self.run(validator, ["--strict", "--quiet", folder + "/shards.yaml"]).0 != 0)
    }

    /// A scenario whose two variants go to two shards, and one of a single variant (played whole
    /// by the first shard). Three warm-up passes: played alone in its shard's process, the strong
    /// variant meets first uses (runtime metadata pages) that in the whole run the weak one had
    /// met before it; with two, its open_profile counted 2 more allocations than the whole run's.
    /// The single variant has one virtual user: two users' reads and writes overlap as timing
    /// has them on the stack's parallel connections (WAL checkpoints wait for readers), so the
    /// median of two users' two executions moved by a quarter of an allocation between runs.
    private static let scenarios = [
        ("scale-out", """
            name: scale-out
            seed: 11
            allocation_profile: exact
            stack: { storage: memory }
            dataset: { users: 8, posts_per_user: 2, follows_per_user: 2, likes_per_user: 1, image_bytes: 256 }
            variants:
              - { name: weak, references: weak }
              - { name: strong, references: strong }
            load: { virtual_users: 1, iterations: 3, warmup: 3 }
            steps:
              - login
              - open_profile: { user: random }
              - close_profile
              - like: { post: random }
            """),
        ("scale-out-whole", """
            name: scale-out-whole
            seed: 12
            stack: { storage: memory }
            dataset: { users: 4, posts_per_user: 1, follows_per_user: 1, likes_per_user: 0, image_bytes: 0 }
            load: { virtual_users: 1, iterations: 3, warmup: 1 }
            steps:
              - login
              - open_feed: { pages: 1 }
            """),
    ]

    @Test func theWorkflowAndTheIndexedJobShardAndMergeAsTheyDoHere() throws {
        // What the workflow runs: the shard count, the matrix of indexes, the shard and merge commands.
        let gate = try #require(try Yams.load(yaml: TemporaryFolder.read(Self.workflow)) as? [String: Any])
        let count = try #require((gate["env"] as? [String: Any])?["ROOST_SHARD_COUNT"] as? Int)
        let jobs = try #require(gate["jobs"] as? [String: Any])
        let shardJob = try #require(jobs["shard"] as? [String: Any]), mergeJob = try #require(jobs["merge"] as? [String: Any])
        let indexes = try #require(((shardJob["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["index"] as? [Int])
        #expect(indexes == Array(0..<count), "one shard job per index 0 ..< ROOST_SHARD_COUNT")
        func command(_ job: [String: Any], _ script: String) throws -> (words: [String], env: [String: String]) {
            let steps = try #require(job["steps"] as? [[String: Any]])
            for step in steps {
                guard let run = step["run"] as? String,
                      let line = run.split(separator: "\n").first(where: { $0.hasPrefix(script) }) else { continue }
                let env = (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
                return (line.split(separator: " ").map(String.init), env)
            }
            Issue.record("no step runs \(script)")
            return ([], [:])
        }
        let shardStep = try command(shardJob, ".ci/shard"), mergeStep = try command(mergeJob, ".ci/merge")
        #expect(shardStep.env["JOB_COMPLETION_INDEX"] == "${{ matrix.index }}")

        // What the Kubernetes Indexed Job runs: the same scripts, the index from Kubernetes, the count its own.
        let documents = try Yams.load_all(yaml: TemporaryFolder.read(Self.manifests[0])).compactMap { $0 as? [String: Any] }
        let job = try #require(documents.first { $0["kind"] as? String == "Job" })
        let spec = try #require(job["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let container = try #require(((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
            .flatMap { ($0["containers"] as? [[String: Any]])?.first })
        let env = Dictionary(uniqueKeysWithValues: (container["env"] as? [[String: Any]] ?? []).compactMap { entry in
            (entry["name"] as? String).map { ($0, "\(entry["value"] ?? "")") }
        })
        #expect(env["ROOST_SHARD_COUNT"] == "\(spec["completions"] ?? "")", "one pod per shard")
        #expect((container["command"] as? [String])?.first == shardStep.words.first)
        let merger = try #require(try Yams.load(yaml: TemporaryFolder.read(Self.manifests[1])) as? [String: Any])
        let mergeContainer = try #require((((merger["spec"] as? [String: Any])?["template"] as? [String: Any])?["spec"] as? [String: Any])
            .flatMap { ($0["containers"] as? [[String: Any]])?.first })
        #expect((mergeContainer["command"] as? [String])?.first == mergeStep.words.first)

        // The same commands here, with the same variables, on two small scenarios.
        let folder = try TemporaryFolder.make("scale-out")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, yaml) in Self.scenarios { try Data(yaml.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).yaml")) }
        try Data("scale-out --timing-tolerance 100000%\nscale-out-whole --timing-tolerance 100000%\n".utf8).write(to: URL(fileURLWithPath: folder + "/gated"))
        let local = ["ROOST": RoostBinary.path, "ROOST_GATED_SCENARIOS": folder + "/gated", "ROOST_SHARD_COUNT": "\(count)",
                     "ROOST_BASELINES": folder + "/baselines", "GITHUB_STEP_SUMMARY": folder + "/summary.md"]
        // The baselines: each scenario run whole.
        for (name, _) in Self.scenarios {
            let (status, output) = try Self.run(RoostBinary.path, ["run", "\(folder)/\(name).yaml", "--out", "\(folder)/baselines/\(name)"])
            #expect(status == 0, "\(output)")
        }
        for index in indexes {
            let (status, output) = try Self.run(Self.root + "/" + shardStep.words[0], [folder + "/runs"],
                                                environment: local.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { _, new in new })
            #expect(status == 0, "\(output)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/runs/scale-out/shard-1/run.csv"))
        #expect(FileManager.default.fileExists(atPath: folder + "/runs/scale-out/shard-2/run.csv"))
        #expect(FileManager.default.fileExists(atPath: folder + "/runs/scale-out-whole/whole/run.csv"))
        let (status, output) = try Self.run(Self.root + "/" + mergeStep.words[0], [folder + "/runs"], environment: local)
        #expect(status == 0, "\(output)")
        #expect(output.contains("no regression"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: folder + "/runs/scale-out/merged/report.html"))
        #expect(try TemporaryFolder.read(folder + "/summary.md").contains("### roost compare: no regression"))
    }

    @Test func aShardThatIsNotIOfNIsAUsageError() async throws {
        let folder = try TemporaryFolder.make("shard-usage")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.scenarios[1].1.utf8).write(to: URL(fileURLWithPath: folder + "/s.yaml"))
        for shard in ["0/2", "3/2", "x"] {
            let run = try await RoostBinary.run(["run", "s.yaml", "--shard", shard], in: folder)
            #expect(run.status == 1, "--shard \(shard): \(run.stderr)")
            #expect(run.stderr.contains("--shard \(shard): expected I/N"), "\(run.stderr)")
        }
        let auto = try await RoostBinary.run(["run", "s.yaml", "--shard", "auto"], in: folder, environment: ["ROOST_SHARD_COUNT": "2"])
        #expect(auto.status == 1)
        #expect(auto.stderr.contains("JOB_COMPLETION_INDEX is not set"), "\(auto.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Reports"), "nothing ran")
    }

    @Test func mergeWritesNothingWhenAShardIsMissing() async throws {
        let folder = try TemporaryFolder.make("merge-missing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.scenarios[0].1.utf8).write(to: URL(fileURLWithPath: folder + "/s.yaml"))
        let shard = try await RoostBinary.run(["run", "s.yaml", "--shard", "2/2", "--out", "two"], in: folder)
        #expect(shard.status == 0, "\(shard.stderr)")
        let merge = try await RoostBinary.run(["merge", "two", "--out", "merged"], in: folder)
        #expect(merge.status == 1)
        #expect(merge.stderr.contains("roost merge: shard 1/2 missing"), "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/merged"))
    }
}
