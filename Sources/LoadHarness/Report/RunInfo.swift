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

/// What `run.csv` records about a run: where and how it ran, and how far it got. Its rows
/// are written here and read back by `RecordedRunInfo`, both by the keys below.
struct RunInfo: Sendable {
    /// The keys of `run.csv`'s rows.
    enum Key {
        static let roostVersion = "roost_version", gitCommit = "git_commit", gitDirty = "git_dirty"
        static let swiftVersion = "swift_version", buildConfiguration = "build_configuration", host = "host", cores = "cores"
        static let start = "start", end = "end", seed = "seed", commandLine = "command_line", state = "state"
        static let completedVariants = "completed_variants", interrupted = "interrupted"
        static let deterministicHashing = "deterministic_hashing", sqliteVersion = "sqlite_version"
        static let datasetSeconds = "dataset_seconds", datasetSource = "dataset_source"
        /// When each completed variant's measured phase began (ISO 8601 with milliseconds) and how long it ran (seconds).
        static let measuredStarted = "measured_started", measuredSeconds = "measured_seconds"
        static let allocationProfile = "allocation_profile", rebuiltBy = "rebuilt_by"
        /// `callgrind` when the latencies were measured under it (`roost run --instructions`): never judged.
        static let measuredUnder = "measured_under"
        /// The scenario's name, the shard (`I/N`) of a sharded run, and the build's ELF build ID.
        static let scenario = "scenario", shard = "shard", buildID = "build_id"
        /// The shards' folders a merged run was made of (`roost merge`).
        static let mergedFrom = "merged_from"
        /// Per variant: the largest resident set and the largest live heap (design 19) any memory reading saw.
        static let rssPeakBytes = "rss_peak_bytes", heapPeakBytes = "heap_peak_bytes"
        /// Facts a rebuild (`roost report`) keeps from the killed run's own run.csv, not this process's.
        static let kept: Set<String> = [roostVersion, gitCommit, gitDirty, swiftVersion, buildConfiguration, host, cores,
                                        commandLine, deterministicHashing, sqliteVersion, buildID, shard]
    }

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
    /// Each completed variant's measured phase: when it began and how long it ran (in
    /// `completed_variants` order; `roost merge` lines shards up by them).
    var phases: [(started: Date, seconds: Double)] = []
    /// The scenario's name; nil: not written (a run.csv of a test's own).
    var scenario: String? = nil
    /// The part of the run this is (`roost run --shard`); nil for a whole run.
    var shard: Shard? = nil
    /// Further rows (`allocation_profile`, `rebuilt_by`, `measured_under`), after the standard ones.
    var extra: [(String, String)] = []
    /// Facts a killed run recorded, which a rebuild keeps in place of this process's.
    var recorded: [String: String] = [:]

    /// The rows of `run.csv`.
    var rows: [(String, String)] {
        let formatter = ISO8601DateFormatter()
        let standard: [(String, String)] = [
            (Key.roostVersion, Roost.version), (Key.gitCommit, Self.gitCommit ?? "unknown"),
            (Key.gitDirty, Self.gitDirty.map { $0 ? "true" : "false" } ?? "unknown"),
            (Key.swiftVersion, Self.swiftVersion), (Key.buildConfiguration, configuration),
            (Key.host, ProcessInfo.processInfo.hostName), (Key.cores, String(ProcessInfo.processInfo.activeProcessorCount)),
            (Key.start, formatter.string(from: started)), (Key.end, ended.map { formatter.string(from: $0) } ?? ""),
            (Key.seed, String(seed)), (Key.commandLine, commandLine.joined(separator: " ")),
            (Key.state, state.rawValue), (Key.completedVariants, completedVariants.joined(separator: " ")),
            (Key.interrupted, state == .interrupted ? "true" : "false"),
            (Key.deterministicHashing, ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil ? "false" : "true"),
            // The SQLite the run linked: its VM steps and plans are compared only with the same one.
            (Key.sqliteVersion, String(cString: sqlite3_libversion())),
        ]
        let identity: [(String, String)] = (scenario.map { [(Key.scenario, $0)] } ?? [])
            + [(Key.buildID, BuildIdentity.current ?? "unknown")] + (shard.map { [(Key.shard, $0.description)] } ?? [])
        return (standard + identity).map { key, value in Key.kept.contains(key) ? (key, recorded[key] ?? value) : (key, value) }
            + datasetRows + phaseRows + extra
    }

    private var phaseRows: [(String, String)] {
        guard !phases.isEmpty else { return [] }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return [(Key.measuredStarted, phases.map { formatter.string(from: $0.started) }.joined(separator: " ")),
                (Key.measuredSeconds, phases.map { String(format: "%.9f", $0.seconds) }.joined(separator: " "))]
    }

    private var datasetRows: [(String, String)] {
        guard !datasets.isEmpty else { return [] }
        return [(Key.datasetSeconds, datasets.map { String(format: "%.3f", $0.seconds) }.joined(separator: " ")),
                (Key.datasetSource, datasets.map(\.source.rawValue).joined(separator: " "))]
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
