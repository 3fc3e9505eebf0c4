import Foundation

/// Plays one run of a paired round: `<build> run SCENARIO --out <folder>/rounds/<round>-<position>-<arm>`
/// (`--timings-only` when both builds have it, else allocation profiles off when both can),
/// reads its steps.csv and, unless told to keep them, removes the run's folder.
public final class PairedPlayer: @unchecked Sendable {
    public let baseline: PairedBuild
    public let candidate: PairedBuild
    public let scenario: String
    public let folder: String
    /// Extra options for every `roost run` (e.g. `--dataset-cache DIR`).
    public let runOptions: [String]
    public let keepRuns: Bool
    private let child = ChildProcess()

    /// A player of `scenario` (an absolute path) writing under `folder`.
    public init(baseline: PairedBuild, candidate: PairedBuild, scenario: String, folder: String, runOptions: [String], keepRuns: Bool) {
        self.baseline = baseline
        self.candidate = candidate
        self.scenario = scenario
        self.folder = folder
        self.runOptions = runOptions
        self.keepRuns = keepRuns
    }

    /// The options both builds' runs get: the same on both sides. `--timings-only` leaves out
    /// what a run does after its steps (reports, profiles): a round takes about half the time.
    public var options: [String] {
        let played: [String] = if baseline.hasTimingsOnlyOption && candidate.hasTimingsOnlyOption {
            ["--timings-only"]
        } else if baseline.hasAllocationProfileOption && candidate.hasAllocationProfileOption {
            ["--allocation-profile", "off"]
        } else {
            []
        }
        return played + runOptions
    }

    /// Plays `run` and returns its step medians; throws when the run fails.
    public func play(_ run: PairedSession.Run) throws -> StepMedians {
        let build = run.arm == .candidate ? candidate : baseline
        let name = String(format: "%02d-%d-%@", run.round, run.position + 1, run.arm.rawValue)
        let out = (folder as NSString).appendingPathComponent("rounds/" + name)
        try? FileManager.default.removeItem(atPath: out)
        let outcome = try child.run(build.path, ["run", scenario, "--out", out] + options, environment: Self.environment,
                                    discardOutput: true)
        // 2: a threshold of the scenario failed; the timings still count.
        guard outcome.status == 0 || outcome.status == 2 else {
            let message = outcome.stderr.split(separator: "\n").suffix(3).joined(separator: "; ")
            throw PairedError.runFailed(role: build.role, path: build.path, round: run.round, status: outcome.status, message: message)
        }
        let medians = try StepMedians.read(folder: out)
        if !keepRuns { try? FileManager.default.removeItem(atPath: out) }
        return medians
    }

    /// Every run's environment: this process's, with the hashing seed fixed as `roost run`
    /// fixes it, so that no run spends time re-executing itself to set it.
    static let environment: [String: String] = ProcessInfo.processInfo.environment
        .merging(["SWIFT_DETERMINISTIC_HASHING": "1"], uniquingKeysWith: { _, fixed in fixed })

    /// Interrupts the run playing now (Ctrl-C) and starts no other.
    public func interrupt() { child.interrupt() }
}
