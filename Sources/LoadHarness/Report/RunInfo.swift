import Foundation
import GRDBSQLite

/// Where a run stands, as `run.csv` says it.
public enum RunState: String, Sendable, CaseIterable {
    /// Still running (or killed: nothing changed it since).
    case running
    /// Every variant ran to its end.
    case complete
    /// Stopped early on purpose (Ctrl-C): the files cover what ran.
    case interrupted
    /// Killed while running; `roost report` rebuilt the files from what it streamed.
    case incomplete
}

/// What `run.csv` records about a run: where and how it ran, and how far it got.
struct RunInfo: Sendable {
    var seed: UInt64
    var commandLine: [String]
    var configuration: String
    var started: Date
    var ended: Date?
    var state: RunState
    /// Variants whose end (and lifetime check) the run reached, in order.
    var completedVariants: [String]
    /// Each completed variant's dataset: seconds to get it ready and where it came from
    /// (`dataset_seconds`, `dataset_source`: one value per variant, in `completed_variants` order).
    var datasets: [(seconds: Double, source: DatasetSource)] = []
    /// Further rows (`rebuilt_by`), after the standard ones.
    var extra: [(String, String)] = []
    /// Facts a killed run recorded, which a rebuild keeps in place of this process's.
    var recorded: [String: String] = [:]

    /// The rows of `run.csv`.
    var rows: [(String, String)] {
        let formatter = ISO8601DateFormatter()
        return [
            ("roost_version", Roost.version), ("git_commit", Self.gitCommit ?? "unknown"),
            ("git_dirty", Self.gitDirty.map { $0 ? "true" : "false" } ?? "unknown"),
            ("swift_version", Self.swiftVersion), ("build_configuration", configuration),
            ("host", ProcessInfo.processInfo.hostName), ("cores", String(ProcessInfo.processInfo.activeProcessorCount)),
            ("start", formatter.string(from: started)), ("end", ended.map { formatter.string(from: $0) } ?? ""),
            ("seed", String(seed)), ("command_line", commandLine.joined(separator: " ")),
            ("state", state.rawValue), ("completed_variants", completedVariants.joined(separator: " ")),
            ("interrupted", state == .interrupted ? "true" : "false"),
            ("deterministic_hashing", ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil ? "false" : "true"),
            // The SQLite the run linked: its VM steps and plans are compared only with the same one.
            ("sqlite_version", String(cString: sqlite3_libversion())),
        ].map { key, value in
            ["roost_version", "git_commit", "git_dirty", "swift_version", "build_configuration", "host", "cores", "command_line",
             "deterministic_hashing", "sqlite_version"].contains(key) ? (key, recorded[key] ?? value) : (key, value)
        } + datasetRows + extra
    }

    private var datasetRows: [(String, String)] {
        guard !datasets.isEmpty else { return [] }
        return [("dataset_seconds", datasets.map { String(format: "%.3f", $0.seconds) }.joined(separator: " ")),
                ("dataset_source", datasets.map(\.source.rawValue).joined(separator: " "))]
    }

    static var swiftVersion: String {
        #if compiler(>=6.3)
        "6.3+"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// The checkout's commit, looked up once per process.
    static let gitCommit: String? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// Whether the checkout had uncommitted changes to tracked files when the run was made
    /// (`git_dirty` in run.csv): then `git_commit` is not quite the code that ran, and CI,
    /// which builds that commit to compare instructions and timings with, says so. nil
    /// outside a git checkout. Looked up once per process.
    static let gitDirty: Bool? = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "status", "--porcelain", "--untracked-files=no"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return !output.isEmpty
    }()
}
