import Foundation

/// A `roost` binary one side of a paired run plays, checked before any round: it exists, it
/// answers `--version` as a roost does, and it reads the scenario (`roost validate`).
public struct PairedBuild: Sendable {
    /// "baseline" or "candidate", for messages.
    public let role: String
    /// The binary's absolute path.
    public let path: String
    /// What `--version` printed.
    public let version: String
    /// Whether its `roost run` has `--allocation-profile` (a paired run turns profiles off when both have it).
    public let hasAllocationProfileOption: Bool
    /// Whether its `roost run` has `--timings-only` (a paired run uses it when both have it).
    public let hasTimingsOnlyOption: Bool

    /// Checks the binary at `path` against `scenario`; every problem found, or the build.
    public static func check(role: String, path: String, scenario: String) -> Result<PairedBuild, PairedError> {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), !isFolder.boolValue,
              FileManager.default.isExecutableFile(atPath: absolute) else {
            return .failure(.missingBinary(role: role, path: path))
        }
        let child = ChildProcess()
        guard let version = try? child.run(absolute, ["--version"]) else {
            return .failure(.notRoost(role: role, path: path, reason: "it cannot be started"))
        }
        let answer = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard version.status == 0, answer.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+[^\s]*$"#, options: .regularExpression) != nil else {
            let said = (answer.isEmpty ? version.stderr : answer).split(separator: "\n").first.map(String.init) ?? ""
            return .failure(.notRoost(role: role, path: path,
                                      reason: "`--version` exited \(version.status) with '\(said.prefix(120))', not a version like 0.1.0"))
        }
        guard let help = try? child.run(absolute, ["run", "--help"]), help.status == 0, help.stdout.contains("--out") else {
            return .failure(.missingOption(role: role, path: path, option: "--out"))
        }
        guard let validation = try? child.run(absolute, ["validate", scenario]) else {
            return .failure(.notRoost(role: role, path: path, reason: "`validate` cannot be started"))
        }
        guard validation.status == 0 else {
            let message = (validation.stderr + validation.stdout).split(separator: "\n").prefix(3).joined(separator: "; ")
            return .failure(.scenarioFormat(role: role, path: path, scenario: scenario, message: message))
        }
        return .success(PairedBuild(role: role, path: absolute, version: answer,
                                    hasAllocationProfileOption: help.stdout.contains("--allocation-profile"),
                                    hasTimingsOnlyOption: help.stdout.contains("--timings-only")))
    }
}
