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
    private static let manifests = [root + "/kubernetes/roost-shards.yaml", root + "/kubernetes/roost-merge.yaml",
                                    root + "/kubernetes/namespace.yaml"]

    private static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        try ExternalTool.run(program, arguments, environment: environment)
    }

    @Test func theWorkflowFollowsGitHubsWorkflowSchema() throws {
        guard let checker = ExternalTool.find("check-jsonschema") else { return }
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
        guard let validator = ExternalTool.find("kubernetes-validate") else { return }
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
        let indexes = try Self.shardIndexes(jobs, shardJob: shardJob, count: count)
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

    /// The shard matrix as GitHub makes it: the shard job's matrix is the JSON list the
    /// shard-indexes job's step writes to its outputs, computed here by running that step.
    private static func shardIndexes(_ jobs: [String: Any], shardJob: [String: Any], count: Int) throws -> [Int] {
        let matrix = try #require((shardJob["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        #expect(matrix["index"] as? String == "${{ fromJSON(needs.shard-indexes.outputs.indexes) }}")
        #expect((shardJob["needs"] as? [String])?.contains("shard-indexes") == true)
        let indexJob = try #require(jobs["shard-indexes"] as? [String: Any])
        let output = try #require((indexJob["outputs"] as? [String: Any])?["indexes"] as? String)
        let stepID = try #require(output.firstMatch(of: #/^\$\{\{ steps\.([A-Za-z0-9_-]+)\.outputs\.indexes \}\}$/#)?.1)
        let step = try #require((indexJob["steps"] as? [[String: Any]])?.first { $0["id"] as? String == String(stepID) })
        let script = try #require(step["run"] as? String)
        let folder = try TemporaryFolder.make("shard-indexes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/output", contents: nil)
        let (status, printed) = try Self.run("/bin/bash", ["-e", "-o", "pipefail", "-c", script],
                                             environment: ["ROOST_SHARD_COUNT": "\(count)", "GITHUB_OUTPUT": folder + "/output"])
        #expect(status == 0, "\(printed)")
        let line = try #require(try TemporaryFolder.read(folder + "/output").split(separator: "\n").first { $0.hasPrefix("indexes=") })
        return try JSONDecoder().decode([Int].self, from: Data(line.dropFirst("indexes=".count).utf8))
    }

    /// Every job in a container marks the checkout a safe git directory before it runs
    /// anything of the package (git refuses a checkout another user owns, and run.csv's
    /// git_commit would be unknown); the tests and build jobs cache .build by toolchain and manifest.
    @Test func theWorkflowsContainerJobsRecordTheCommitAndTheBuildsAreCached() throws {
        let gate = try #require(try Yams.load(yaml: TemporaryFolder.read(Self.workflow)) as? [String: Any])
        let jobs = try #require(gate["jobs"] as? [String: Any])
        for (name, job) in jobs {
            let job = try #require(job as? [String: Any])
            guard job["container"] != nil else { continue }
            let steps = try #require(job["steps"] as? [[String: Any]])
            let safe = steps.firstIndex { ($0["run"] as? String)?.contains("git config --global --add safe.directory \"$GITHUB_WORKSPACE\"") == true }
            let checkout = steps.firstIndex { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true }
            #expect(safe != nil && checkout != nil && safe! > checkout!, "job \(name) marks its checkout safe after checking it out")
            let firstOwn = steps.firstIndex { step in
                guard let run = step["run"] as? String else { return false }
                return run.contains("swift ") || run.contains(".ci/")
            }
            if let safe, let firstOwn { #expect(safe < firstOwn, "job \(name) marks its checkout safe before it runs swift or .ci/") }
        }
        for name in ["build", "tests"] {
            let steps = try #require((jobs[name] as? [String: Any])?["steps"] as? [[String: Any]])
            let cache = steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true }?["with"] as? [String: Any]
            #expect(cache?["path"] as? String == ".build", "job \(name) caches its build")
            let key = cache?["key"] as? String ?? ""
            #expect(key.contains("steps.toolchain.outputs.hash") && key.contains("hashFiles('Package.swift'"), "job \(name): \(key)")
        }
        // The baselines' build: the folder .ci/baseline-cache keeps it in, under its own key.
        let cpu = try #require(jobs["cpu-cost"] as? [String: Any])
        let folder = try #require((cpu["env"] as? [String: Any])?["ROOST_BASELINE_CACHE"] as? String)
        let steps = try #require(cpu["steps"] as? [[String: Any]])
        let cache = steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true }?["with"] as? [String: Any]
        #expect(cache?["path"] as? String == folder)
        #expect(cache?["key"] as? String == "baseline-roost-${{ steps.baselines.outputs.key }}")
        let keyStep = steps.first { $0["id"] as? String == "baselines" }?["run"] as? String ?? ""
        #expect(keyStep.contains(".ci/baseline-cache key"), "\(keyStep)")
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
