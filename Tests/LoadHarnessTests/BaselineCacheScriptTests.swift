import Foundation
import Testing

/// `.ci/baseline-cache` (docs/ci-gate.md): the kept release build of the baselines' commit is
/// used only when it is whole and sound, of that commit and of this toolchain; anything else is
/// refused and removed, so `.ci/cpu-cost` builds the commit again. The "build" here is a small
/// script that answers `--version` as roost does: what the cache checks is the same.
@Suite struct BaselineCacheScriptTests {
    private static let script = ExternalTool.root + "/.ci/baseline-cache"

    private static func cache(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        try ExternalTool.run(script, arguments, environment: ["ROOST_BASELINE_CACHE": folder + "/cache"])
    }

    /// An executable at `path` that prints a version and exits `status`.
    private static func makeBuild(_ path: String, status: Int = 0) throws {
        try ExternalTool.write("#!/bin/sh\necho 0.1.0\nexit \(status)\n", to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    private static func setMarker(_ entry: String, _ key: String, _ value: String) throws {
        let lines = try TemporaryFolder.read(entry + "/complete").split(separator: "\n")
            .map { $0.hasPrefix(key + "=") ? "\(key)=\(value)" : String($0) }
        try ExternalTool.write(lines.joined(separator: "\n") + "\n", to: entry + "/complete")
    }

    @Test func aKeptBuildIsUsedOnlyWhenWholeAndOfThisCommitAndToolchain() throws {
        let folder = try TemporaryFolder.make("baseline-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = folder + "/roost"
        try Self.makeBuild(build)
        let commit = "1f5f55f"
        let key = try Self.cache(["key", commit], in: folder)
        #expect(key.status == 0, "\(key.output)")
        let name = key.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(name.wholeMatch(of: #/1f5f55f-[0-9a-f]{16}/#) != nil, "the commit and a hash of `swift --version`: \(name)")
        let entry = folder + "/cache/" + name

        let empty = try Self.cache(["find", commit], in: folder)
        #expect(empty.status == 1)
        #expect(empty.output.contains("no build of \(commit) by this toolchain"), "\(empty.output)")
        let stored = try Self.cache(["store", commit, build], in: folder)
        #expect(stored.status == 0, "\(stored.output)")
        #expect(stored.output == entry + "/roost\n")
        let found = try Self.cache(["find", commit], in: folder)
        #expect(found.status == 0, "\(found.output)")
        #expect(found.output == entry + "/roost\n")
        #expect(try Self.cache(["find", "2a6e0c1"], in: folder).status == 1, "another commit's build is not this one's")

        // Each damage: refused with its reason, and the entry removed.
        let damages: [(String, (String) throws -> Void)] = [
            ("its store was interrupted", { try FileManager.default.removeItem(atPath: $0 + "/complete") }),
            ("roost is missing", { try FileManager.default.removeItem(atPath: $0 + "/roost") }),
            ("roost is not executable", { try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: $0 + "/roost") }),
            ("roost is not the binary stored", { entry in
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: entry + "/roost"))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data([0]))
                try handle.close()
            }),
            ("built by another toolchain", { try Self.setMarker($0, "toolchain", "0123456789abcdef") }),
            ("a build of commit '2a6e0c1'", { try Self.setMarker($0, "commit", "2a6e0c1") }),
            ("'roost --version' fails", { entry in
                try Self.makeBuild(entry + "/roost", status: 1)
                let sha = try ExternalTool.run("/usr/bin/sha256sum", [entry + "/roost"]).output.prefix(64)
                try Self.setMarker(entry, "sha256", String(sha))
            }),
        ]
        for (reason, damage) in damages {
            #expect(try Self.cache(["store", commit, build], in: folder).status == 0)
            try damage(entry)
            let refused = try Self.cache(["find", commit], in: folder)
            #expect(refused.status == 1, "\(reason): \(refused.output)")
            #expect(refused.output.contains(reason), "\(refused.output)")
            #expect(!FileManager.default.fileExists(atPath: entry), "\(reason): the entry is removed")
        }

        // A build whose --version fails is not kept; a usage error is exit 2.
        let failing = folder + "/failing"
        try Self.makeBuild(failing, status: 1)
        #expect(try Self.cache(["store", commit, failing], in: folder).status == 1)
        #expect(try Self.cache(["find", commit], in: folder).status == 1)
        #expect(try Self.cache(["find", "not a commit"], in: folder).status == 2)
        #expect(try Self.cache(["find"], in: folder).status == 2)
    }
}
