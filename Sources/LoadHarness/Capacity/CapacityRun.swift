import Foundation
import MemoryProbes

/// `roost capacity`: plays a scenario's steps in the open model at a series of rates (the
/// search in `CapacitySearch`), each probe a run of its own on a fresh stack with a fresh copy
/// of the dataset, judged by the scenario's thresholds (or the `--slo` ones) on the probe's
/// judged stage, after a settling stage that is not judged (`ProbeScenario`). A scenario with
/// `populations:` plays them all in every probe, its open ones scaled together or one of them
/// alone, the others held (`CapacityPopulations`).
public struct CapacityRun: Sendable {
    public let scenario: Scenario
    /// How a scenario with `populations:` is searched; nil without them.
    public let populations: CapacityPopulations?
    /// The variant probed.
    public let variant: String
    /// What a probe must keep: per-stage metrics are judged on the stage `probe` only.
    public let thresholds: [Threshold]
    public var settings: CapacitySettings
    public var stop = StopFlag()
    public var datasetCache: DatasetCache?
    public var warn: @Sendable (String) -> Void = { _ in }
    /// Whether each probe samples its users' threads on a wall clock (the knee's profiles and
    /// the frame a waiting bottleneck is named by); signals cut the users' sleeps short.
    public var samplesWallClock = true
    /// Told of each probe as it begins and ends (one line each).
    public var progress: @Sendable (String) -> Void = { _ in }
    /// A change to each probe's stack (a test's or a benchmark's), or nil.
    package var patch: StackPatch?
    var clock: any RunClock = SystemClock()

    /// The judged stage of every probe.
    static let judgedStage = ProbeScenario.judgedStage

    /// A search of `scenario`'s `variant`, judged by `thresholds`. A scenario with `populations:`
    /// is searched as `populations` says (`CapacityPopulations.searched(_:scale:)`, which refuses
    /// a scenario it cannot search); nil scales every open population together.
    public init(scenario: Scenario, variant: String, thresholds: [Threshold], settings: CapacitySettings,
                populations: CapacityPopulations? = nil) {
        self.scenario = scenario
        self.populations = populations ?? (try? CapacityPopulations.searched(scenario, scale: nil))
        self.variant = variant
        self.thresholds = thresholds
        self.settings = settings
    }

    /// Runs the search until it ends (or `stop`, or the time allowed).
    public func run() throws -> CapacityResult {
        let started = Date()
        let clock = ContinuousClock(), begin = clock.now
        var search = CapacitySearch(settings)
        // The raw wall-clock samples of the probes that may end as the knee's (the last passing
        // and the first failing so far): folded and named once the search is over.
        var sampled: [Int: WallClockProfile] = [:]
        while let request = search.next {
            if stop.isSet {
                search.stop(.interrupted)
                break
            }
            let elapsed = clock.now - begin
            if elapsed + settings.probeDuration(levels: request.levels) > settings.maxTime {
                search.stop(.outOfTime)
                break
            }
            let number = search.probes.count + 1
            progress("probe \(number): \(Self.rate(request.rate))" + (populations.map { " (\($0.described(at: request.rate)))" } ?? "")
                + " with up to \(request.users) virtual users" + (populations == nil ? "" : " each")
                + (request.levels > 1 ? ", \(request.levels) levels (confirming)" : "") + " ...")
            // The same rate played before with fewer users: more users must start more.
            let fewerUsers = search.probes.last { $0.targetRate == request.rate && $0.verdict == .moreUsers }
            // Or with more than the harness could drive: then fewer that are short must start less.
            let undriven = search.probes.last { $0.targetRate == request.rate && $0.verdict == .generatorLimited && $0.users > request.users }
            let (probe, profile) = try play(request, number: number, fewerUsers: fewerUsers, undrivenMoreUsers: undriven)
            search.record(probe)
            var described = Self.describe(probe)
            if probe.verdict == .generatorLimited, let again = search.next, again.rate == request.rate {
                described += again.users < request.users ? "; again with \(again.users) (as many as the highest passing rate needed)"
                    : "; played again as it was (the machine may have stalled for a moment)"
            }
            progress("probe \(number): \(Self.rate(request.rate)): \(described)")
            sampled[number] = profile
            let knee = Self.kneeNumbers(search)
            sampled = sampled.filter { knee.contains($0.key) }
        }
        return CapacityResult(scenario: scenario, variant: variant, settings: settings, probes: withProfiles(search.probes, sampled),
                              ending: search.ending ?? .interrupted, highestPass: search.highestPass,
                              lowestFail: search.lowestFail.map { CapacityResult.Failure(rate: $0.rate, threshold: $0.threshold) },
                              started: started, ended: Date(), populations: populations)
    }

    /// The probes that are the knee as the search stands: the last played at the highest
    /// passing rate, and the last at the lowest failing one.
    static func kneeNumbers(_ search: CapacitySearch) -> Set<Int> {
        let pass = search.highestPass.flatMap { rate in search.probes.last { $0.verdict == .pass && $0.targetRate == rate } }
        let fail = search.lowestFail.flatMap { failure in search.probes.last { $0.verdict == .fail && $0.targetRate == failure.rate } }
        return Set([pass?.number, fail?.number].compactMap { $0 })
    }

    /// `probes` with the knee's wall-clock profiles folded and named.
    private func withProfiles(_ probes: [CapacityProbe], _ sampled: [Int: WallClockProfile]) -> [CapacityProbe] {
        let steps = scenario.measuredStepNames, symbolizer = StackSymbolizer()
        return probes.map { probe in
            guard let profile = sampled[probe.number] else { return probe }
            var named = probe
            named.wallProfile = ProbeWallProfile(profile, steps: steps, symbolizer: symbolizer)
            return named
        }
    }

    /// One probe: the scenario's steps at `request.rate` on a fresh stack, its users' threads
    /// sampled on a wall clock (the samples, nil when interrupted before measuring).
    func play(_ request: CapacitySearch.Request, number: Int, fewerUsers: CapacityProbe? = nil, undrivenMoreUsers: CapacityProbe? = nil) throws
        -> (CapacityProbe, WallClockProfile?) {
        var runner = ScenarioRunner(scenario: ProbeScenario.make(scenario, request: request, settings: settings, thresholds: thresholds,
                                                                 populations: populations))
        runner.wallClockSampler = samplesWallClock ? WallClockSampler() : nil
        runner.variants = [variant]
        runner.stop = stop
        runner.clock = clock
        runner.datasetCache = datasetCache
        runner.warn = warn
        runner.patch = patch
        runner.allocationProfile = .off
        let result = try runner.run()
        guard let measured = result.variants.first, let stage = JudgedStage.of(measured.stages, populations: populations) else {
            return (CapacityProbe(number: number, targetRate: request.rate, users: request.users, levels: request.levels,
                                  achievedRate: 0, dropped: 0, lagP99: nil, verdict: .interrupted, failed: [], steps: []), nil)
        }
        let failed = result.thresholds.filter { !$0.passed }.map(\.threshold)
        let stackFailures = Self.stackFailures(failed, stage, held: populations?.heldNames ?? [])
        let scheduleFailures = failed.filter { failure in !stackFailures.contains(failure) }
        let judgement = ProbeJudgement.judge(ProbeJudgement.Figures(
            targetRate: request.rate, achievedRate: stage.load.achievedRate, dropped: stage.load.dropped,
            scheduled: Int((stage.load.targetRate ?? request.rate) * (stage.end - stage.start)),
            isLate: (stage.load.lagP99 ?? 0) > ScheduleVerdict.lagTolerance, lagP99: stage.load.lagP99, users: request.users,
            maxUsers: settings.maxUsers, busyUsers: stage.load.virtualUsers, usage: stage.usage,
            stackFailures: stackFailures.map { source(of: $0) }, scheduleFailures: scheduleFailures.map { source(of: $0) },
            wasInterrupted: result.wasInterrupted, fewerUsers: fewerUsers.map { ($0.users, $0.achievedRate) },
            undrivenMoreUsers: undrivenMoreUsers.map { ($0.users, $0.achievedRate) }))
        let named = (stackFailures.isEmpty ? failed : stackFailures).map { source(of: $0) }
        var probe = CapacityProbe(number: number, targetRate: request.rate, users: request.users, levels: request.levels,
                                  achievedRate: stage.load.achievedRate, dropped: stage.load.dropped, lagP99: stage.load.lagP99,
                                  verdict: judgement.verdict, failed: named, steps: stage.steps, reason: judgement.reason)
        probe.usage = stage.usage
        probe.busyUsers = stage.load.virtualUsers
        probe.nextUsers = judgement.nextUsers
        probe.populations = JudgedStage.populations(measured.stages, populations, request: request)
        return (probe, measured.wallClockProfile)
    }

    /// The failed thresholds on the stack's own figures: not the harness's (dropped
    /// iterations, schedule lag), and, when the schedule ran late, only latencies that still
    /// fail counted from each step's actual start (from the intended start they carry the
    /// harness's lateness). A held population's drops and lag are the stack's: its load and
    /// users are the scenario's own, the same in every probe, and only the scaled rate beside it
    /// changed.
    static func stackFailures(_ failed: [Threshold], _ stage: StageResult, held: Set<String> = []) -> [Threshold] {
        let onStack = failed.filter { !generatorMetrics.contains($0.metric) || $0.population.map(held.contains) == true }
        guard (stage.load.lagP99 ?? 0) > ScheduleVerdict.lagTolerance else { return onStack }
        return onStack.filter { failsWithoutLag($0, stage) }
    }

    /// Whether `threshold` (failed) also fails on latencies counted from each step's actual
    /// start (a step several populations play, over all of them unless the threshold names
    /// one); a threshold on anything but a step's latency stands as it failed.
    static func failsWithoutLag(_ threshold: Threshold, _ stage: StageResult) -> Bool {
        guard let name = threshold.step else { return true }
        let played = stage.steps.filter { PopulationStepName.names($0.step, step: name, population: threshold.population) }
        guard let only = played.first else { return true }
        let step = played.count == 1 ? only : StageMerge.mergeStep(played, named: name)
        let value: Double?
        if let percentile = threshold.metric.percentile {
            value = step.uncorrectedPercentileMicroseconds(percentile)
        } else if threshold.metric == .max {
            value = step.uncorrectedPercentileMicroseconds(100)
        } else {
            return true
        }
        guard let value else { return true }
        return !threshold.comparison.holds(value, threshold.value)
    }

    /// Thresholds on the harness's own figures: their failing says the generator fell behind.
    static let generatorMetrics: [Threshold.Metric] = [.droppedIterations, .scheduleLagP50, .scheduleLagP99]

    /// A threshold as the user wrote it (the probe's own copy names the judged stage).
    private func source(of judged: Threshold) -> String {
        thresholds.first { $0.metric == judged.metric && $0.step == judged.step && $0.population == judged.population
            && $0.comparison == judged.comparison && $0.value == judged.value }?.source ?? judged.source
    }

    /// `480/s`, `12.5/s`.
    static func rate(_ value: Double) -> String { LoadUnit.rate.written(value >= 20 ? value.rounded() : (value * 10).rounded() / 10) }

    /// `, cores 52% busy (harness 4%), run queue 0.4, writer 19%`; empty when not measured.
    private static func cores(_ probe: CapacityProbe) -> String {
        guard let usage = probe.usage else { return "" }
        return ", cores \(ProbeJudgement.percent(usage.busyShare)) busy (harness \(ProbeJudgement.percent(usage.harnessShare)))"
            + (usage.waitingThreads.map { String(format: ", run queue %.1f", $0) + (usage.isSaturated ? " (saturated)" : "") } ?? "")
            + (usage.writerBusyShare.map { ", writer \(ProbeJudgement.percent($0))" } ?? "")
    }

    /// A probe's verdict and figures on one line.
    static func describe(_ probe: CapacityProbe) -> String {
        let achieved = "achieved \(rate(probe.achievedRate))"
        let slowest = probe.steps.max { $0.p99Microseconds < $1.p99Microseconds }
            .map { ", slowest p99 \($0.step) \(RunSummary.observed(.time, $0.p99Microseconds))" } ?? ""
        switch probe.verdict {
        case .pass: return "pass (\(achieved)\(slowest)\(cores(probe)))"
        case .fail:
            let why = probe.failed.first ?? probe.reason ?? ""
            return "FAIL \(why) (\(achieved)\(slowest)\(probe.dropped > 0 ? ", \(probe.dropped) dropped" : "")\(cores(probe)))"
        case .moreUsers: return "more users: \(probe.reason ?? "") (\(achieved)); again with \(probe.nextUsers ?? probe.users * 2)"
        case .generatorLimited: return "generator-limited: \(probe.reason ?? "") (\(achieved))"
        case .interrupted: return "interrupted"
        }
    }
}
