import Foundation
@testable import LoadHarness
import SocialStack
import Testing

/// Issue 21 end to end, with `roost` as a child process whose temporary directory (`TMPDIR`)
/// is a folder of the test's own: a run leaves no stack folder behind, strong variants
/// included; a run killed with SIGKILL leaves its folders and the next run removes them and
/// says so; a run does not remove the folders of one still going.
@Suite(.serialized, .enabled(if: RoostBinary.exists, "roost is not built at .build/debug/roost: run `swift build` first"))
struct StackFolderCommandTests {
    /// A file-backed scenario with a strong variant (its leaked screens keep the stack).
    private static func scenario(load: String) -> String {
        """
        name: stack-folders
        seed: 9
        stack: { storage: file }
        dataset: { users: 12, posts_per_user: 2, follows_per_user: 3, likes_per_user: 1, image_bytes: 64 }
        variants:
          - { name: weak, references: weak }
          - { name: strong, references: strong }
        load: \(load)
        steps:
          - login
          - open_profile: { user: random }
          - close_profile

        """
    }

    private struct Workspace {
        let directory: String
        /// The children's TMPDIR.
        var temporary: String { directory + "/tmp" }
        var environment: [String: String] { ["TMPDIR": temporary] }

        init() throws {
            directory = try TemporaryFolder.make("folders-of-stacks")
            try FileManager.default.createDirectory(atPath: directory + "/tmp", withIntermediateDirectories: true)
            try Data(StackFolderCommandTests.scenario(load: "{ virtual_users: 1, iterations: 3 }").utf8)
                .write(to: URL(fileURLWithPath: directory + "/short.yaml"))
            try Data(StackFolderCommandTests.scenario(load: "{ virtual_users: 1, duration: 120s }").utf8)
                .write(to: URL(fileURLWithPath: directory + "/long.yaml"))
        }

        /// The stack folders (and lock files) in the children's temporary directory.
        func stackEntries() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix(StackFolder.stackPrefix) }.sorted()
        }

        func arguments(_ scenario: String, out: String) -> [String] {
            ["run", scenario, "--out", directory + "/" + out, "--no-dataset-cache"]
        }

        /// Waits (up to two minutes) until a started run has made its stack folder, and returns it.
        func waitForStackFolder() async throws -> [String] {
            for _ in 0..<2_400 {
                let folders = try stackEntries().filter { !$0.hasSuffix(StackFolder.lockSuffix) }
                if !folders.isEmpty { return folders }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            return []
        }
    }

    @Test func aRunWithAStrongVariantLeavesNoStackFolder() async throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.directory) }
        let run = try await RoostBinary.run(workspace.arguments("short.yaml", out: "out"), in: workspace.directory,
                                            environment: workspace.environment)
        #expect(run.status == 0, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        // The strong variant leaked its screens (and through their app, the stack) ...
        let leaks = try TemporaryFolder.csv(workspace.directory + "/out/leaks.csv", header: RunTable.leaks.header)
        #expect(leaks.contains { $0["variant"] == "strong" && Int($0["leaked"] ?? "") ?? 0 > 0 }, "\(leaks)")
        // ... and its folder went all the same.
        #expect(try workspace.stackEntries() == [])
    }

    @Test func aKilledRunsFoldersAreRemovedByTheNextRun() async throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.directory) }
        let started = try RoostBinary.start(workspace.arguments("long.yaml", out: "killed"), in: workspace.directory,
                                            environment: workspace.environment)
        let folders = try await workspace.waitForStackFolder()
        #expect(kill(started.pid, SIGKILL) == 0)
        let killed = try await RoostBinary.wait(for: started)
        #expect(killed.status == 128 + SIGKILL, "the run ended before the kill: \(killed.stderr)")
        try #require(folders.count == 1, "no stack folder of the killed run: \(killed.stderr)")
        #expect(try workspace.stackEntries() == [folders[0], folders[0] + StackFolder.lockSuffix])

        let next = try await RoostBinary.run(workspace.arguments("short.yaml", out: "next"), in: workspace.directory,
                                             environment: workspace.environment)
        #expect(next.status == 0, "stdout: \(next.stdout)\nstderr: \(next.stderr)")
        #expect(next.stderr.contains("roost run: removed 1 stack folder left behind by runs no longer going ("), "\(next.stderr)")
        #expect(next.stderr.contains(folders[0]), "\(next.stderr)")
        #expect(try workspace.stackEntries() == [])
    }

    @Test func aRunLeavesTheFoldersOfARunStillGoing() async throws {
        let workspace = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace.directory) }
        let started = try RoostBinary.start(workspace.arguments("long.yaml", out: "long"), in: workspace.directory,
                                            environment: workspace.environment)
        let folders = try await workspace.waitForStackFolder()
        try #require(folders.count == 1, "no stack folder of the long run")

        let other = try await RoostBinary.run(workspace.arguments("short.yaml", out: "short"), in: workspace.directory,
                                              environment: workspace.environment)
        #expect(other.status == 0, "stdout: \(other.stdout)\nstderr: \(other.stderr)")
        #expect(!other.stderr.contains("removed"), "\(other.stderr)")
        #expect(try workspace.stackEntries() == [folders[0], folders[0] + StackFolder.lockSuffix])

        // Ctrl-C: the long run winds down, writes its reports, and removes its own folder.
        #expect(kill(started.pid, SIGINT) == 0)
        let interrupted = try await RoostBinary.wait(for: started)
        #expect(interrupted.status == 1, "stdout: \(interrupted.stdout)\nstderr: \(interrupted.stderr)")
        #expect(try workspace.stackEntries() == [])
    }
}
