import ArgumentParser
@preconcurrency import Foundation
import LoadHarness
import MemoryProbes

struct CapacityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capacity",
        abstract: "Find the highest arrival rate a scenario's steps keep their thresholds at.",
        discussion: """
            Plays the scenario's steps in the open model at a series of rates, each probe on a fresh stack with a fresh copy \
            of the dataset: --settle at the rate (not judged), then --level judged by the scenario's thresholds (or --slo, \
            repeatable). Rates double from --start (four times while the cores were at most a quarter busy, with the users \
            Little's law asks for) until a probe fails, then bisection until the passing and failing rates \
            are within --precision; the highest passing rate is confirmed by a probe three levels long. A stack that cannot \
            keep up while its steps fill the cores fails the probe (its limit on this machine); with every user busy and \
            cores to spare the probe is played again with more users (Little's law, up to 1,024); only when the harness's \
            own work is the cause is a probe generator-limited, and the search stops and says why. The answer names the \
            bottleneck at the knee: CPU, waiting (under which frame, from wall-clock samples of the users' threads) or the \
            harness. Writes capacity.csv (every probe: cores busy, harness share, each step's on-CPU time and waiting \
            share), hgrm/probe<N>.<variant>.<step>.hgrm, profiles/probe<N>.wall.folded (the knee), run.csv and report.html \
            (latency against achieved throughput), and prints the answer, e.g. capacity: 480/s (passes at 480/s, fails at \
            505/s: p99(open_post) < 20ms); bottleneck: waiting, .... A scenario with populations plays them all in every \
            probe: the open ones' rates scaled together in the scenario's proportions (the rate searched is their total), or \
            only --scale NAME's, the others held at their own loads; closed populations are held at their users; the answer \
            gives each population's rate (capacity: 1200/s (readers 1143/s, writers 57/s; fails at ...)). Exit codes: 0 found \
            (and at least --require); 1 bad input, a failure to run, an interrupted or inconclusive search; 2 the first probe \
            failed, or the capacity is below --require.
            """
    )

    @Argument(help: "The scenario file (YAML).") var scenario: String
    @Option(help: "The variant to probe (default: the scenario's first).") var variant: String?
    @Option(help: ArgumentHelp("With populations: search this open population's rate alone, the others held at their own "
                               + "loads (default: every open population's rate together, in the scenario's proportions).",
                               valueName: "population"))
    var scale: String?
    @Option(help: "The first probe's rate, e.g. 50/s.") var start = "10/s"
    @Option(help: "How close the passing and failing rates must come, e.g. 5%.") var precision = "5%"
    @Option(help: "How long each probe is judged.") var level = "5s"
    @Option(help: "How long each probe runs at its rate before it is judged.") var settle = "1s"
    @Option(help: "The most the search may take.") var maxTime = "15m"
    @Option(help: "Write the search's files into this folder instead of Reports/runs/<scenario>/capacity-<time>-<id>.")
    var out: String?
    @Option(help: "A threshold every probe must keep, e.g. 'p99(open_post) < 20ms' (repeatable; replaces the scenario's thresholds).")
    var slo: [String] = []
    @Option(help: "Exit 2 when the capacity found is below this rate (a CI gate on capacity), e.g. 400/s.") var require: String?
    @Option(help: "Keep built datasets in this folder (default: $XDG_CACHE_HOME/roost/datasets or ~/.cache/roost/datasets).")
    var datasetCache: String?
    @Flag(help: "Build every probe's dataset, neither reading nor writing the dataset cache.") var noDatasetCache = false
    @Flag(help: "Do not sample the users' threads on a wall clock (no profile at the knee, no frame named for waiting).")
    var noWallProfile = false
    @Option(help: .hidden) var shard: String?

    func validate() throws {
        if shard != nil {
            throw ValidationError("roost capacity does not shard: each probe is judged on its whole latency, so the search runs "
                + "on one machine (--shard splits `roost run`; docs/capacity.md)")
        }
    }

    func run() throws {
        DeterministicHashing.reexecIfNeeded()
        guard AllocationCounters.isJemallocActive else {
            printError("roost capacity: \(AllocationCounters.unavailableReason ?? "jemalloc is not active")")
            throw ExitCode(1)
        }
        let loaded: Scenario
        do {
            loaded = try ScenarioLoader.load(path: scenario)
        } catch {
            printError(String(describing: error))
            throw ExitCode(1)
        }
        var search: CapacityRun
        let required: Double?
        do {
            // Refused before any probe: a --scale that names no open population, a scenario with no rate to search.
            let populations = try CapacityPopulations.searched(loaded, scale: scale)
            let settings = CapacitySettings(
                start: try CapacityOptions.rate(start, option: "--start"), precision: try CapacityOptions.precision(precision),
                level: try CapacityOptions.duration(level, option: "--level"), settle: try settleDuration(),
                maxTime: try CapacityOptions.duration(maxTime, option: "--max-time"),
                users: max(populations?.scaledUsers ?? loaded.load.virtualUsers, 16))
            required = try require.map { text throws(CapacityError) in try CapacityOptions.rate(text, option: "--require") }
            search = CapacityRun(scenario: loaded, variant: try CapacityOptions.variant(variant, of: loaded),
                                 thresholds: try CapacityOptions.thresholds(slo, for: loaded), settings: settings, populations: populations)
        } catch {
            printError("roost capacity: \(error)")
            throw ExitCode(1)
        }
        StaleStacks.sweep(for: "roost capacity")
        let stop = StopFlag()
        let interrupt = Interrupt(stop: stop)
        defer { withExtendedLifetime(interrupt) {} }
        search.stop = stop
        search.samplesWallClock = !noWallProfile
        search.datasetCache = noDatasetCache ? nil : DatasetCache(folder: datasetCache ?? DatasetCache.defaultFolder())
        search.warn = { printError($0) }
        search.progress = { printError($0) }
        if variant == nil, loaded.variants.count > 1 {
            printError("probing variant \(search.variant) (the first; --variant picks another)")
        }
        let result: CapacityResult
        do {
            result = try search.run()
        } catch {
            printError("roost capacity: \(scenario): \(error)")
            throw ExitCode(1)
        }
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        let writer = ReportWriter(buildConfiguration: configuration)
        let folder = out ?? {
            let run = writer.runFolder(for: loaded.name)
            return (run as NSString).deletingLastPathComponent + "/capacity-" + (run as NSString).lastPathComponent
        }()
        do {
            try CapacityFiles.write(result, to: folder, buildConfiguration: configuration)
        } catch {
            printError("roost capacity: cannot write \(folder): \(error)")
            throw ExitCode(1)
        }
        print(result.answer)
        print("reports: \(folder)")
        throw ExitCode(exitCode(result, required: required))
    }

    /// `--settle`: a duration, 0s allowed (no settling stage).
    private func settleDuration() throws(CapacityError) -> Duration {
        if let value = DurationSyntax.duration(settle), value == .zero { return .zero }
        return try CapacityOptions.duration(settle, option: "--settle")
    }

    /// 0 found (and at least `required`), 2 below it or failing at the start, 1 otherwise.
    private func exitCode(_ result: CapacityResult, required: Double?) -> Int32 {
        if result.wasInterrupted {
            printError("roost capacity: interrupted; the files cover the probes done")
            return 1
        }
        if result.failsAtStart {
            printError("roost capacity: the first probe, at \(start), failed: the capacity is below it (try a lower --start)")
            return 2
        }
        if let required {
            if let capacity = result.capacity, capacity >= required { return result.isFound || capacity >= required ? 0 : 1 }
            if result.isFound {
                printError("roost capacity: the capacity found is below --require \(require ?? "")")
                return 2
            }
            return 1
        }
        return result.isFound ? 0 : 1
    }
}
