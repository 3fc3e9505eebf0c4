import Foundation
import LoadHarness
import Testing

/// `roost baseline update` keeps what CI needs to build the baselines' commit (.ci/cpu-cost,
/// .ci/paired-timing): run.csv's git_commit and git_dirty, copied with the run.
struct BaselineStoreTests {
    @Test func anUpdatedBaselineKeepsTheRunsCommit() throws {
        let root = try TemporaryFolder.make("baseline-store")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = root + "/Reports/runs/ci/20261124T200000Z-1"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        let info = "key,value\r\nroost_version,0.1.0\r\ngit_commit,abc1234\r\ngit_dirty,false\r\n"
        try Data(info.utf8).write(to: URL(fileURLWithPath: run + "/run.csv"))
        try FileManager.default.createSymbolicLink(atPath: root + "/Reports/runs/ci/latest", withDestinationPath: "20261124T200000Z-1")

        let folder = try BaselineStore(root: root).update(scenario: "ci")
        #expect(folder == root + "/Reports/baselines/ci")
        let copied = try TemporaryFolder.read(folder + "/run.csv")
        #expect(copied.contains("git_commit,abc1234\r\n") && copied.contains("git_dirty,false\r\n"))
    }
}
