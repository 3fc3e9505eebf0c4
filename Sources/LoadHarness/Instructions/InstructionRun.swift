import Foundation

/// The driving side of `roost run --instructions`: plays one scenario in a second roost
/// process under valgrind's callgrind (a copy of this binary with its DWARF stripped: valgrind
/// 3.19 cannot read Swift 6.3's DWARF 5, and function names come from the symbol table), with
/// collection off until a measured step switches it on (`InstructionCounter`), into a folder
/// of its own; this side reads that run back with the dumps, and the caller writes the run's
/// folder once, with the counts in it.
public struct InstructionRun {
    /// callgrind's options: instrumentation only in the measured phases (`InstructionCounter`
    /// starts and stops it), collection only inside measured steps, no per-line costs (smaller
    /// dumps), recursion not split into `'2` contexts.
    public static let callgrindOptions = ["--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--dump-line=no",
                                          "--separate-recs=1"]
    /// Options the run under callgrind always gets, after the user's: no allocation profile (its
    /// stack walk on every allocation would be counted as the step's instructions, and is slow
    /// under callgrind; a plain run records it), and no streaming (the files are written at the
    /// end: fewer background threads' writes at moments that depend on the clock; this process
    /// reads the dumps anyway, so a killed run under callgrind is rerun, not rebuilt).
    public static let childOptions = ["--allocation-profile", "off", "--no-streaming"]

    /// jemalloc's options in the run under callgrind (after the user's own, which they
    /// override). No time-based purging of unused pages: jemalloc returns dirty pages to the
    /// system as they age (10 s by default), checked on its allocation paths, so which
    /// allocation found pages purged, and how much work that cost it, depended on the clock,
    /// under valgrind tens of times slower. No garbage collection of the thread caches: jemalloc
    /// runs it on a thread after every 64 KiB the thread allocates, the harness's allocations
    /// between steps included, so which step paid for it moved whenever the harness allocated a
    /// little more or less (plays of two builds that differ only in the harness differed by up
    /// to 7.4% on a step with it, 0.5% without, docs/cpu-cost.md). Allocation counts do not change.
    static func mallocConf(_ user: String?) -> String {
        let ours = "dirty_decay_ms:-1,muzzy_decay_ms:-1,tcache_gc_incr_bytes:\(1 << 40)"
        guard let user, !user.isEmpty else { return ours }
        return user + "," + ours
    }

    /// valgrind's arguments to play `roost ARGUMENTS` (a plain `run`) with `binary` under
    /// callgrind, its dumps into `dumps`.
    public static func valgrindArguments(binary: String, run arguments: [String], dumps: String) -> [String] {
        callgrindOptions + ["--callgrind-out-file=\(dumps)/callgrind.out.%p", "--log-file=\(dumps)/valgrind.log", binary]
            + arguments + childOptions
    }

    let valgrind: String
    let objcopy: String
    /// A folder of its own for the stripped binary and the dumps, removed by `cleanUp()`.
    public let workFolder: String
    /// The stripped copy of roost that runs under valgrind.
    public let binary: String

    /// Finds valgrind and objcopy (throwing before anything runs when either is missing) and
    /// makes the stripped copy of `executable` (this process's binary by default).
    public init(executable: String = "/proc/self/exe") throws {
        guard let valgrind = Self.program("valgrind") else { throw InstructionRunError.valgrindMissing }
        guard let objcopy = Self.program("objcopy") else { throw InstructionRunError.objcopyMissing }
        self.valgrind = valgrind
        self.objcopy = objcopy
        workFolder = NSTemporaryDirectory() + "roost-instructions-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        binary = workFolder + "/roost"
        // `/proc/self/exe` read in objcopy's own process would be objcopy: resolve it here.
        let source = (try? FileManager.default.destinationOfSymbolicLink(atPath: executable)) ?? executable
        let status = try Self.wait(objcopy, ["--strip-debug", source, binary])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: workFolder)
            throw InstructionRunError.stripFailed(binary: executable, status: status)
        }
    }

    /// The full path of `name` on PATH, nil when it is not there.
    public static func program(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The dataset cache the counted process reads its datasets from: `requested` (the user's),
    /// or, when there is none (`--no-dataset-cache`) or it cannot be written, a folder in
    /// `workFolder`, removed with it.
    ///
    /// The counted process never builds a dataset: this process builds every one it lacks first
    /// (`DatasetCache.prepare(for:)`, at full speed), and each variant starts from a copy. A build in the counted
    /// process (a first play with an empty cache) instantiates runtime metadata and leaves heap
    /// blocks that a copy does not, and the counts of every later step differed from a play
    /// that found the cache filled (up to 2.9% in `ci`, docs/cpu-cost.md).
    public func datasetCache(requested: DatasetCache?) -> DatasetCache {
        if let requested, requested.isWritable { return requested }
        return DatasetCache(folder: workFolder + "/datasets")
    }

    /// Plays `roost ARGUMENTS` (a `run` of one scenario, without `--out`) under callgrind, into
    /// a folder of `workFolder`'s, and returns its exit status and the run with what callgrind
    /// counted: the counted process's folder read back whole (`RecordedRun`), its dumps read
    /// here (at full speed; under valgrind reading them took minutes). The caller writes the
    /// run's folder, once (`ReportWriter`). `prebuiltDatasets`: what `DatasetCache.prepare(for:)`
    /// built first (run.csv then says `built` for them; the counted process is not told:
    /// anything it did differently before measuring would move its counts).
    /// `interrupted`: whether Ctrl-C was pressed (the child then exits 1 with its reports written).
    public func play(_ run: Scenario, arguments: [String], prebuiltDatasets: [String: Double] = [:],
                     interrupted: () -> Bool = { false }) throws -> (status: Int32, result: RunResult) {
        let scenario = run.name
        let dumps = workFolder + "/dumps-\(scenario)", staging = workFolder + "/run-\(scenario)"
        for folder in [dumps, staging] { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: dumps, withIntermediateDirectories: true)
        defer { for folder in [dumps, staging] { try? FileManager.default.removeItem(atPath: folder) } }
        let log = dumps + "/valgrind.log"
        var environment = ProcessInfo.processInfo.environment
        environment[InstructionCounter.environmentKey] = InstructionCounter.environmentValue
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["MALLOC_CONF"] = Self.mallocConf(environment["MALLOC_CONF"])
        // Its summary is printed from the finished run, with the counts; its messages (stderr) pass through.
        let status = try Self.wait(valgrind, Self.valgrindArguments(binary: binary, run: arguments + ["--out", staging], dumps: dumps),
                                   environment: environment, output: FileHandle.nullDevice)
        guard status == 0 || status == 2 || (status == 1 && interrupted()) else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw InstructionRunError.playFailed(scenario: scenario, status: status,
                                                 log: text.split(separator: "\n").suffix(8).joined(separator: "\n"))
        }
        let recorded = try RecordedRun.read(RunFolder(staging), states: [.complete, .interrupted])
        let profile = try InstructionProfile.read(folder: dumps)
        guard !profile.order.isEmpty else { throw InstructionRunError.noDumps(scenario: scenario, folder: dumps) }
        var result = recorded.result(instructions: InstructionCounts(profile))
        // What the counted process could not find out under valgrind (its git checkout), this one,
        // the same build in the same place, says.
        result.recordedRunInfo = result.recordedRunInfo.filter { $0.value != "unknown" }
        result.datasetsBuiltBeforehand = prebuiltDatasets
        return (status, result)
    }

    /// Removes the stripped binary and any dumps left.
    public func cleanUp() { try? FileManager.default.removeItem(atPath: workFolder) }

    /// Runs `program` with this process's standard output and error and waits for it (SIGINT
    /// ignored here meanwhile: the child, in the same process group, winds down and writes
    /// its reports; valgrind passes the signal on).
    @discardableResult
    static func wait(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                     output: FileHandle? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let output { process.standardOutput = output }
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}
