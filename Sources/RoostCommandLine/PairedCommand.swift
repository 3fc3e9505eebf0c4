import ArgumentParser
@preconcurrency import Foundation
import LoadHarness

struct PairedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paired",
        abstract: "Time one scenario with two roost builds alternately on this machine; paired.csv with 99% intervals.",
        discussion: """
            Rounds of six runs, A B A' A' B A (A the baseline build, B the candidate, A' the baseline again as the \
            A/A control), each a `roost run SCENARIO` with allocation profiles off. Per variant and step, each round \
            gives the log ratio of the step's p50 (mean of the two runs on each side); the ratio is exp of their \
            Hodges-Lehmann estimate with the exact Wilcoxon signed-rank 99% interval, and the verdict is slower, \
            faster, same (within the tolerance: --tolerance, or --floor microseconds over the step's p50 if larger) or \
            inconclusive. After --rounds, rounds go on while a candidate step is inconclusive, up to --max-rounds and \
            --max-time. Both builds play with `--timings-only` when both have it. Writes DIR/paired.csv (docs/paired-timing.md). Exit codes: 0 no step \
            slower, 1 bad input, a failed run or an interrupted session (Ctrl-C: paired.csv is written, every row \
            marked incomplete), 2 a step slower beyond the tolerance with 99% confidence.
            """
    )

    @Argument(help: "The scenario file (YAML); both builds play this file.") var scenario: String
    @Option(help: "The baseline roost binary (A), e.g. a build of main.") var baseline: String
    @Option(help: "The candidate roost binary (B); default this roost.") var candidate: String?
    @Option(help: "Write paired.csv (and the runs, with --keep-runs) here; default Reports/paired/<scenario>/<UTC time>.")
    var out: String?
    @Option(help: "Rounds played before judging (at least 8: fewer cannot give a 99% interval).") var rounds = 8
    @Option(help: "Most rounds, while a candidate step is inconclusive.") var maxRounds = 100
    @Option(help: "Most time for rounds, e.g. 3m or 150s: after --rounds, no round starts that would end later (0s: no limit).")
    var maxTime = "3m"
    @Option(help: "A step is slower (or faster) only beyond this ratio, e.g. 2%.") var tolerance = "2%"
    @Option(help: "And only beyond this many microseconds of its baseline p50 (a step's tolerance is the larger of the two).")
    var floor = 0.25
    @Option(help: "Pin every run to this CPU (a number), or none; default the last CPU roost may use.") var cpu: String?
    @Flag(help: "Keep every run's folder under DIR/rounds/.") var keepRuns = false
    @Option(help: "Passed to every roost run: keep built datasets in this folder.") var datasetCache: String?

    /// What `run` plays with once every option, the scenario and both builds are checked.
    private struct Setup {
        let scenarioPath: String
        let scenario: Scenario
        let baseline: PairedBuild
        let candidate: PairedBuild
        /// `--tolerance` as a fraction.
        let tolerance: Double
        /// `--max-time` in seconds (0: no limit).
        let maxSeconds: Double
        /// The CPU to pin every run to, if any.
        let cpu: Int?
    }

    func run() throws {
        let setup = try checkedSetup()
        let folder = out ?? "Reports/paired/\(setup.scenario.name)/" + Self.timestamp()
        let player = PairedPlayer(baseline: setup.baseline, candidate: setup.candidate, scenario: setup.scenarioPath, folder: folder,
                                  runOptions: datasetCache.map { ["--dataset-cache", $0] } ?? [], keepRuns: keepRuns)
        // Every run inherits the pinning: no run migrates between CPUs mid-step.
        let pinnedTo = setup.cpu.flatMap { CPUPin.pin(to: $0) ? $0 : nil }
        let stop = StopFlag()
        let interrupt = Interrupt { stop.set(); player.interrupt() }
        defer { withExtendedLifetime(interrupt) {} }
        announce(setup, player: player, pinnedTo: pinnedTo)
        var results = PairedRounds(tolerance: setup.tolerance, confidence: 0.99, floorMicroseconds: floor)
        let ending = playRounds(into: &results, player: player, stop: stop, maxSeconds: setup.maxSeconds)
        let rows = results.rows()
        do {
            try PairedFile.write(scenario: setup.scenario.name, rows: rows, ending: ending, folder: folder)
        } catch {
            printError("roost paired: cannot write \(folder)/paired.csv: \(error)")
            throw ExitCode(1)
        }
        printOutcome(rows, ending: ending, rounds: results.rounds.count, folder: folder)
        try throwExitCode(rows, ending: ending, rounds: results.rounds.count)
    }

    /// The options, the scenario and both builds checked; every problem printed, then exit 1.
    private func checkedSetup() throws -> Setup {
        var problems = optionProblems()
        let fraction = Self.fraction(tolerance)
        let seconds = DurationSyntax.duration(maxTime).map { $0 / .seconds(1) }
        let (pinned, cpuProblem) = pinnedCPU()
        problems += cpuProblem.map { [$0] } ?? []
        let scenarioPath = URL(fileURLWithPath: scenario).standardizedFileURL.path
        let loaded: Scenario?
        do {
            loaded = try ScenarioLoader.load(path: scenarioPath)
        } catch {
            printError("roost paired: \(error)")
            loaded = nil
        }
        var builds: [PairedBuild] = []
        for (role, path) in [("baseline", baseline), ("candidate", candidate ?? Self.thisExecutable())] {
            switch PairedBuild.check(role: role, path: path, scenario: scenarioPath) {
            case .success(let build): builds.append(build)
            case .failure(let problem): problems.append(problem)
            }
        }
        for problem in problems { printError("roost paired: \(problem)") }
        guard problems.isEmpty, let loaded, builds.count == 2, let fraction, let seconds else {
            printError("roost paired: nothing was run")
            throw ExitCode(1)
        }
        return Setup(scenarioPath: scenarioPath, scenario: loaded, baseline: builds[0], candidate: builds[1], tolerance: fraction,
                     maxSeconds: seconds, cpu: pinned)
    }

    /// What is wrong with `--tolerance`, `--floor`, `--rounds`, `--max-time` and `--max-rounds`.
    private func optionProblems() -> [PairedError] {
        var problems: [PairedError] = []
        if Self.fraction(tolerance) == nil {
            problems.append(.badOption(name: "tolerance", value: tolerance, reason: "expected a percentage above 0% and below 100%, e.g. 5%"))
        }
        if !(floor >= 0) { problems.append(.badOption(name: "floor", value: String(floor), reason: "expected microseconds, 0 or more; try 0.25")) }
        if rounds < 8 { problems.append(.badOption(name: "rounds", value: String(rounds), reason: "at least 8 rounds give a 99% interval; try 8")) }
        if DurationSyntax.duration(maxTime) == nil {
            problems.append(.badOption(name: "max-time", value: maxTime, reason: "expected a duration like 3m, 150s or 0s (no limit)"))
        }
        if maxRounds < rounds {
            problems.append(.badOption(name: "max-rounds", value: String(maxRounds), reason: "below --rounds \(rounds); try \(max(rounds, 8))"))
        }
        return problems
    }

    /// The CPU `--cpu` names (by default the last CPU roost may use, when it may use more than
    /// one), and what is wrong with it.
    private func pinnedCPU() -> (Int?, PairedError?) {
        let allowed = CPUPin.allowed()
        let pinned: Int? = switch cpu {
        case nil: allowed.count > 1 ? allowed.last : nil
        case "none": nil
        case let text?: Int(text)
        }
        if let cpu, cpu != "none", pinned.map({ !allowed.contains($0) }) ?? true {
            return (pinned, .badOption(name: "cpu", value: cpu, reason: "expected none or a CPU roost may use: "
                                           + allowed.map(String.init).joined(separator: ", ")))
        }
        return (pinned, nil)
    }

    /// The session's first line: the builds, the rounds, the tolerance and the pinning.
    private func announce(_ setup: Setup, player: PairedPlayer, pinnedTo: Int?) {
        print("paired timing of \(setup.scenario.name): baseline \(setup.baseline.path) (\(setup.baseline.version)), candidate "
              + "\(setup.candidate.path) (\(setup.candidate.version)); rounds of A B A' A' B A, \(rounds) to \(maxRounds)"
              + (setup.maxSeconds > 0 ? " within \(maxTime)" : "")
              + "; tolerance \(tolerance) and at least \(floor) us, 99% intervals"
              + (pinnedTo.map { "; every run on CPU \($0)" } ?? "; runs not pinned to a CPU")
              + (player.options.contains("--timings-only") ? "" : "; a build has no --timings-only: both play whole runs"))
    }

    /// Plays rounds into `results` until the session settles, hits a cap, fails or is stopped,
    /// each round's time and the inconclusive steps on stderr.
    private func playRounds(into results: inout PairedRounds, player: PairedPlayer, stop: StopFlag, maxSeconds: Double) -> PairedSession.Ending {
        var session = PairedSession()
        session.minimumRounds = rounds
        session.maximumRounds = maxRounds
        session.maximumSeconds = maxSeconds > 0 ? maxSeconds : nil
        session.stop = stop
        var started = Date()
        session.progress = { done in
            let open = done.inconclusiveSteps().count
            printError(String(format: "round %d (%d to %d): %.1f s; %d candidate steps inconclusive", done.rounds.count, rounds, maxRounds,
                              Date().timeIntervalSince(started), open))
            started = Date()
        }
        return session.play(into: &results, run: player.play)
    }

    /// The table of verdicts, how the steps were compared, why the session stopped early and where paired.csv is.
    private func printOutcome(_ rows: [PairedRow], ending: PairedSession.Ending, rounds played: Int, folder: String) {
        if !rows.isEmpty {
            print(PairedFile.table(rows: rows))
            print(rows.allSatisfy { $0.statistic == .executionMedian }
                  ? "each round compared the steps execution by execution (docs/paired-timing.md)"
                  : "a build wrote no latencies.csv: steps without them were compared by each run's p50 (docs/paired-timing.md)")
        }
        if ending == .timeCap { print("another round would have gone past --max-time \(maxTime): stopped with steps inconclusive") }
        if ending == .roundCap { print("--max-rounds \(maxRounds) played: stopped with steps inconclusive") }
        print("\(played) rounds; wrote \((folder as NSString).appendingPathComponent("paired.csv"))")
    }

    /// Exit 1 for an interrupted or failed session, 2 for a candidate step slower beyond the tolerance.
    private func throwExitCode(_ rows: [PairedRow], ending: PairedSession.Ending, rounds played: Int) throws {
        switch ending {
        case .settled, .roundCap, .timeCap: break
        case .interrupted:
            printError("roost paired: interrupted; paired.csv covers the \(played) completed rounds, marked incomplete")
            throw ExitCode(1)
        case .failed(let message):
            printError("roost paired: \(message); paired.csv covers the \(played) completed rounds, marked incomplete")
            throw ExitCode(1)
        }
        let slower = rows.filter { $0.comparison == .candidate && $0.verdict == .slower }
        if !slower.isEmpty {
            printError("roost paired: slower beyond \(tolerance) with 99% confidence: "
                       + slower.map { "\($0.key.variant)/\($0.key.step)" }.joined(separator: ", "))
            throw ExitCode(2)
        }
    }

    /// "5%" or "5" as 0.05; nil outside (0%, 100%).
    static func fraction(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value > 0, value < 100 else { return nil }
        return value / 100
    }

    static func thisExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date())
    }
}
