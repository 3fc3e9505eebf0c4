import Foundation
import Testing

/// The programs the tests check the project's CI and deployment files with (linters, kubectl),
/// found on PATH as `.ci/run` installs them (`.ci/python-tools.txt`), run in the package root.
enum ExternalTool {
    static let root = ScenarioTestSupport.packageRoot.path

    /// The path of `name` on PATH; nil (and the test says why it is skipped) when it is not
    /// installed, unless ROOST_REQUIRE_LINTERS=1 (as `.ci/run` sets), where that is a failure.
    /// `package` is the PyPI package that installs it.
    static func find(_ name: String, package: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        let install = "pip install \(package ?? name)"
        if ProcessInfo.processInfo.environment["ROOST_REQUIRE_LINTERS"] == "1" {
            Issue.record("\(name) is not installed (\(install)); ROOST_REQUIRE_LINTERS=1 requires it", sourceLocation: sourceLocation)
        } else {
            print("skipped: \(name) is not installed here (\(install)); .ci/run installs it and runs this check")
        }
        return nil
    }

    /// Runs `program` with `arguments` (and `environment` added) in the package root: its exit
    /// status and its output (standard output and error together).
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_DETERMINISTIC_HASHING" }
            .merging(environment) { _, new in new }
        let output = try TemporaryFolder.make("tool-output") + "/output"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try TemporaryFolder.read(output))
    }

    /// Writes `text` to `path`.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
