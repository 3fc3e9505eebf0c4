import ArgumentParser
@preconcurrency import Foundation
import LoadHarness
import MemoryProbes

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios: virtual users on a fresh stack per variant; latency, allocations and leaks.",
        discussion: """
            Writes Reports/runs/<scenario>/<UTC time>-<id>/ (steps.csv, timeseries.csv, memory.csv, retention.csv, \
            leaks.csv, summary.csv, thresholds.csv, run.csv, hgrm/, report.html, and with an allocation profile \
            allocations.csv and profiles/<variant>.{allocs,bytes,retained}.folded) and points Reports/runs/<scenario>/latest \
            at it. The time series, memory, retention, executions.csv and the latency interval logs (hgrm/*.hlog) are \
            streamed as the run goes (flushed at least once a second; run.csv says state,running until the end), so a \
            killed run keeps them: `roost report DIR` rebuilds the other files. \
            Exit codes: 0 success, 1 bad input, a failure to run or an interrupted run (Ctrl-C, \
            reports still written), 2 a threshold failed. Build with \
            -c release for numbers worth quoting. The run re-executes itself with \
            SWIFT_DETERMINISTIC_HASHING=1 so that allocation counts repeat exactly.
            """
    )

    @Argument(help: "Scenario files (YAML).") var scenarios: [String]
    @Option(help: "Run only this variant (repeatable).") var variant: [String] = []
    @Option(help: "Write the run's files into this folder instead of Reports/runs/... (with several scenarios, into DIR/<scenario>).")
    var out: String?
    @Flag(help: "One virtual user, one iteration: a smoke run of every step.") var quick = false
    @Option(help: "Summary format: text or markdown.") var format: RunSummary.Format = .text
    @Option(help: "Allocation profile of each measured step: off, sampled or exact (overrides the scenario's allocation_profile).")
    var allocationProfile: AllocationProfileMode?
    @Flag(help: "Write the files only at the end, nothing as the run goes (a killed run leaves nothing): to measure what streaming costs.")
    var noStreaming = false
    @Option(help: "Keep built datasets in this folder (default: $XDG_CACHE_HOME/roost/datasets or ~/.cache/roost/datasets).")
    var datasetCache: String?
    @Flag(help: "Build every variant's dataset, neither reading nor writing the dataset cache.") var noDatasetCache = false
    @Flag(help: "Count each measured step's instructions under valgrind's callgrind (instructions.csv, instructions(step) in summary.csv; latencies marked, never judged). Needs valgrind.")
    var instructions = false
    @Flag(help: "Time the steps only: write steps.csv and latencies.csv (every execution) and nothing else (no allocation profile, leak report, thresholds, report.html or run.csv); what `roost paired` plays each round.")
    var timingsOnly = false
    @Option(help: "Play the I-th of N parts of the run (1 <= I <= N): variants dealt to the parts whole, or, with fewer variants than parts, each variant's load split (docs/scale-out.md). `auto`: I from JOB_COMPLETION_INDEX (0-based, a Kubernetes Indexed Job's), N from ROOST_SHARD_COUNT. Merge the parts' folders with roost merge.")
    var shard: String?

    /// `--shard`, read (nil without it); `validate()` has checked it.
    var chosenShard: Shard? {
        guard let shard else { return nil }
        return shard == "auto" ? try? Shard.fromEnvironment(ProcessInfo.processInfo.environment).get() : Shard(parsing: shard)
    }

    func validate() throws {
        guard let shard else { return }
        if shard == "auto" {
            if case .failure(let error) = Shard.fromEnvironment(ProcessInfo.processInfo.environment) {
                throw ValidationError(error.description)
            }
        } else if Shard(parsing: shard) == nil {
            throw ValidationError(ShardError.badSpecification(shard).description)
        }
    }

    func run() throws {
        if timingsOnly, !timingsOnlyConflicts.isEmpty {
            for problem in timingsOnlyConflicts { printError("roost run: \(problem)") }
            printError("roost run: nothing was run")
            throw ExitCode(1)
        }
        // Before anything runs: `--instructions` builds datasets in this process too.
        DeterministicHashing.reexecIfNeeded()
        if instructions { return try runUnderCallgrind() }
        guard AllocationCounters.isJemallocActive else {
            printError("roost run: \(AllocationCounters.unavailableReason ?? "jemalloc is not active")")
            throw ExitCode(1)
        }
        let loaded = try loadedScenarios()
        StaleStacks.sweep(for: "roost run")
        if !unknownVariants(in: loaded).isEmpty { throw ExitCode(1) }

        let stop = StopFlag()
        let interrupt = Interrupt(stop: stop)
        defer { withExtendedLifetime(interrupt) {} }
        var failed = false
        for scenario in loaded {
            if try !play(quick ? Self.quickened(scenario) : scenario, of: loaded.count, stop: stop) { failed = true }
            if stop.isSet { break }
        }
        if stop.isSet {
            printError("roost run: interrupted; the reports cover what ran")
            throw ExitCode(1)
        }
        if failed { throw ExitCode(2) }
    }

    /// Every scenario file read; each problem printed, then exit 1.
    private func loadedScenarios() throws -> [Scenario] {
        var loaded: [Scenario] = []
        var invalid = false
        for path in scenarios {
            do {
                loaded.append(try ScenarioLoader.load(path: path))
            } catch {
                printError(String(describing: error))
                invalid = true
            }
        }
        if invalid { throw ExitCode(1) }
        return loaded
    }

    /// `--quick`: one virtual user playing one iteration, in every population, all at once.
    private static func quickened(_ scenario: Scenario) -> Scenario {
        var scenario = scenario
        scenario.load = .closed(.init(virtualUsers: 1, iterations: 1))
        for index in scenario.populations.indices {
            scenario.populations[index].load = .closed(.init(virtualUsers: 1, iterations: 1))
            scenario.populations[index].startAfter = .zero
        }
        return scenario
    }

    /// The build's configuration, as the run's files record it.
    private static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// Plays one of `count` scenarios into its folder, streamed as it goes, and writes its
    /// reports; whether its thresholds passed (a timings-only run judges none).
    private func play(_ scenario: Scenario, of count: Int, stop: StopFlag) throws -> Bool {
        let writer = ReportWriter(buildConfiguration: Self.buildConfiguration)
        // Several scenarios into one --out folder: a subfolder each, so none overwrites another.
        let target = out.map { count > 1 ? ($0 as NSString).appendingPathComponent(scenario.name) : $0 }
            ?? writer.runFolder(for: scenario.name)
        let stream = try streamingFolder(target, for: scenario)
        if stream != nil { ProgressLine.shared.note("writing \(target)") }
        let result: RunResult
        do {
            result = try runner(for: scenario, stream: stream, stop: stop).run()
        } catch {
            stream?.close()
            ProgressLine.shared.finish()
            printError("roost run: \(scenario.path): \(error)")
            throw ExitCode(1)
        }
        stream?.close()
        ProgressLine.shared.finish()
        if let failure = stream?.writeFailure { printError("roost run: a streamed file could not be written: \(failure)") }
        if timingsOnly {
            // Only steps.csv and latencies.csv: `latest` keeps pointing at a whole run.
            let folder = try writer.writeTimings(result, to: target)
            print("\(scenario.name): timings only, \(result.variants.count) variants; wrote \(folder)/steps.csv and latencies.csv")
            return true
        }
        let folder = try writer.write(result, to: target, linkLatest: out == nil, streamed: stream?.streamedTables ?? [],
                                      intervalLogsStreamed: !(stream?.streamedTables.isEmpty ?? true))
        print(RunSummary.render(result, folder: folder, format: format))
        return result.passed
    }

    /// The run's folder, made at the start: what the run measures is streamed into it, so a
    /// killed run keeps it (`roost report` rebuilds the rest); nil without streaming.
    private func streamingFolder(_ target: String, for scenario: Scenario) throws -> StreamingRunFolder? {
        guard !(noStreaming || timingsOnly) else { return nil }
        do {
            return try StreamingRunFolder(folder: target, scenario: scenario,
                                          scenarioText: try? String(contentsOfFile: scenario.path, encoding: .utf8),
                                          buildConfiguration: Self.buildConfiguration, shard: chosenShard)
        } catch {
            printError("roost run: cannot write the run's folder \(target): \(error)")
            throw ExitCode(1)
        }
    }

    /// The runner of `scenario` as the options ask.
    private func runner(for scenario: Scenario, stream: StreamingRunFolder?, stop: StopFlag) -> ScenarioRunner {
        var runner = ScenarioRunner(scenario: scenario)
        runner.stop = stop
        runner.variants = variant
        runner.shard = chosenShard
        // Under callgrind (`--instructions`) no progress line: it is drawn by the clock, between steps.
        if !InstructionCounter.isActive { runner.progress = ProgressLine.shared.update }
        runner.stream = stream
        runner.allocationProfile = timingsOnly ? .off : allocationProfile
        runner.timingsOnly = timingsOnly
        runner.datasetCache = noDatasetCache ? nil : requestedDatasetCache
        runner.warn = ProgressLine.shared.warn
        return runner
    }
}

extension RunCommand {
    /// Why `--timings-only` cannot go with the other options given (every reason; empty: it can).
    var timingsOnlyConflicts: [String] {
        var problems: [String] = []
        if instructions { problems.append("--timings-only and --instructions cannot be combined: a run under callgrind is not timed") }
        if let allocationProfile, allocationProfile != .off {
            problems.append("--timings-only plays with the allocation profile off; leave out --allocation-profile \(allocationProfile.rawValue)")
        }
        return problems
    }
}

extension RunSummary.Format: ExpressibleByArgument {}
extension AllocationProfileMode: ExpressibleByArgument {}

/// One progress line on a terminal (stderr), rewritten in place; nothing when stderr is not
/// a terminal.
package final class ProgressLine: @unchecked Sendable {
    package static let shared = ProgressLine()
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastDraw: UInt64 = 0
    private var drawn = false

    package func update(_ progress: RunProgress) {
        guard isTerminal else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lock.lock()
        defer { lock.unlock() }
        guard now - lastDraw > 100_000_000 || (progress.phase != "run" && progress.phase != "dataset") else { return }
        lastDraw = now
        drawn = true
        let seconds = Double(progress.elapsedNanoseconds) / 1e9
        let line = progress.phase == "dataset"
            ? "[\(progress.variant)] dataset: \(progress.iterations) of \(progress.total) rows, " + String(format: "%.1fs", seconds)
            : "[\(progress.variant)] \(progress.phase): \(progress.iterations) iterations, \(progress.errors) errors, "
                + String(format: "%.1fs", seconds)
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    /// A line for the terminal only (stderr), above the progress line.
    func note(_ text: String) {
        guard isTerminal else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(((drawn ? "\r\u{1B}[K" : "") + text + "\n").utf8))
        drawn = false
    }

    /// A warning (stderr, terminal or not), above the progress line.
    @Sendable func warn(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(((drawn ? "\r\u{1B}[K" : "") + text + "\n").utf8))
        drawn = false
    }

    package func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}

/// Allocation counts depend on hashing (a dictionary's growth): with a fixed seed they
/// repeat run to run. The runtime reads the variable at start-up, so roost sets it and
/// re-executes itself once.
package enum DeterministicHashing {
    package static func reexecIfNeeded() {
        guard ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil else { return }
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        let arguments = CommandLine.arguments
        var pointers = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &pointers)
        // execv returns only on failure: carry on with hashing as it is (run.csv says so).
        unsetenv("SWIFT_DETERMINISTIC_HASHING")
    }
}

extension RunCommand {
    /// The dataset cache `--dataset-cache` names, or the default one.
    var requestedDatasetCache: DatasetCache { DatasetCache(folder: datasetCache ?? DatasetCache.defaultFolder()) }

    /// The `--variant` names some scenario lacks, each said on stderr with the variants it has.
    func unknownVariants(in loaded: [Scenario]) -> [String] {
        var unknown: [String] = []
        for name in variant {
            for scenario in loaded where !scenario.variants.contains(where: { $0.name == name }) {
                printError("\(scenario.path): no variant '\(name)'; it has \(scenario.variants.map(\.name).joined(separator: ", "))")
                unknown.append(name)
            }
        }
        return unknown
    }
}
