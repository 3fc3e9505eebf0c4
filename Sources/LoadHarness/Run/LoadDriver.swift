import Foundation
import MemoryProbes
import Screens
import SocialStack

/// What a load model's virtual users get from the variant they play (and nothing else of
/// the runner): their users, warmed up and set up; the measured phase's start; each user's
/// measured player; the clock and the stop flag; where iterations are recorded.
final class LoadDriver: @unchecked Sendable {
    /// The variant's fixed parts, which every user's players share.
    struct Context: Sendable {
        let scenario: Scenario
        let variant: VariantSpec
        let stack: SocialStack
        let dataset: Dataset
        let tracker: LifetimeTracker
        let shared: SharedRunState
        let progress: @Sendable (RunProgress) -> Void
        let samplePeriod: UInt64
        let patch: StackPatch?
        let keepsLatencies: Bool
        /// Whether a wall-clock sampler may sample the users' threads (they register with it).
        var samplesWallClock = false
        /// The population these users play (the scenario's one unnamed population without `populations:`).
        var population: Population
        /// Added to its users' numbers: the users of the populations before it come first
        /// (their dataset accounts, seeds and `{vu}` follow from the number).
        var userOffset = 0
    }

    /// One user before the measured phase: its virtual user, and what its setup measured.
    struct PreparedUser {
        let vu: VirtualUser
        let setup: VirtualUserResult?
    }

    let clock: any RunClock
    let stop: StopFlag
    /// The virtual users this run plays, numbered across the whole run (all of the load's
    /// unless a shard plays a share of it: `roost run --shard`); a user's position here is its slot.
    let playing: [Int]
    /// What this run plays of the load: the whole plan, or a shard's segment of it.
    let plan: LoadPlan
    private let context: Context
    private let stepQueues: [StepRecordQueue]
    private let iterationQueues: [IterationRecordQueue]
    private let begin: () -> MeasuredPhase
    private let stepIndex: [String: Int32]
    private let slots: [Int: Int]
    /// What the population's step names start with in this run (`readers.`; "" unnamed).
    private let prefix: String
    /// Its iterations' and its setup's steps as the run names them, made once for all its users.
    private let iterationNames: RecordedStepNames, setupNames: RecordedStepNames

    /// `stepIndex`: every measured step's index in the variant's time series (all populations'),
    /// by its name in the run.
    init(context: Context, clock: any RunClock, stop: StopFlag, playing: [Int], plan: LoadPlan, stepQueues: [StepRecordQueue],
         iterationQueues: [IterationRecordQueue], stepIndex: [String: Int32], begin: @escaping () -> MeasuredPhase) {
        self.context = context
        self.clock = clock
        self.stop = stop
        self.playing = playing
        self.plan = plan
        self.stepQueues = stepQueues
        self.iterationQueues = iterationQueues
        self.begin = begin
        slots = Dictionary(playing.enumerated().map { ($1, $0) }) { first, _ in first }
        self.stepIndex = stepIndex
        prefix = PopulationStepName.prefix(of: context.population.name)
        iterationNames = RecordedStepNames(prefix: prefix, steps: context.population.steps)
        setupNames = RecordedStepNames(prefix: prefix + ScenarioSteps.setupPrefix, steps: context.population.setup)
    }

    /// Marks the calling thread as user `index`'s (first thing on it).
    func enterUserThread(_ index: Int) {
        VirtualUserThread.mark(index + context.userOffset)
        InstructionCounter.virtualUserThreadStarted()
        if context.samplesWallClock { SampledThread.register() }
    }

    /// The user's thread is about to end (last thing on it): no sample may reach it after.
    func leaveUserThread() {
        if context.samplesWallClock { SampledThread.unregister() }
    }

    /// Says the warm-up begins (a progress line).
    func announceWarmUp() {
        context.progress(RunProgress(phase: "warm-up", variant: context.variant.name, iterations: 0, errors: 0, elapsedNanoseconds: 0))
    }

    /// User `index`, on its own thread: its `warmup` iterations played unmeasured (the setup
    /// steps first), so thread-local first uses are warmed too; then its setup steps, measured.
    func prepareUser(_ index: Int, warmup: Int) -> PreparedUser {
        let (scenario, population) = (context.scenario, context.population)
        let vu = VirtualUser(index: index + context.userOffset, stack: context.stack, policy: context.variant.policy,
                             dataset: context.dataset, seed: scenario.seed)
        if warmup > 0 {
            let unshared = SharedRunState()
            let idle = MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: unshared, period: context.samplePeriod)
            if !population.setup.isEmpty, !stop.isSet {
                player(vu, steps: population.setup, shared: unshared, start: 0, sampler: idle, records: nil).playSetup(measured: false)
            }
            let warm = player(vu, steps: population.steps, shared: unshared, start: 0, sampler: idle, records: nil)
            for _ in 0..<warmup where !stop.isSet { warm.playIteration(intendedStart: nil, measured: false) }
        }
        guard !population.setup.isEmpty, !stop.isSet else { return PreparedUser(vu: vu, setup: nil) }
        // Measured like any step, before the phase: reported apart, not in the time series.
        let idle = MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: context.shared, period: context.samplePeriod)
        let setup = player(vu, steps: population.setup, shared: context.shared, start: 0, sampler: idle, records: nil)
        setup.names = setupNames
        setup.playSetup(measured: true)
        return PreparedUser(vu: vu, setup: setup.result)
    }

    /// Starts the measured phase (once, when every user is prepared): the clock's origin, the
    /// memory sampler and the time series.
    func beginMeasuredPhase() -> MeasuredPhase { begin() }

    /// User `user`'s player for the measured phase (nil: not begun yet; `StepPlayer.enter` moves it in).
    func player(_ user: PreparedUser, in phase: MeasuredPhase?) -> StepPlayer {
        let slot = slots[user.vu.index - context.userOffset] ?? -1
        let sampler = phase?.sampler
            ?? MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: context.shared, period: context.samplePeriod)
        return player(user.vu, steps: context.population.steps, shared: context.shared, start: phase?.start ?? 0, sampler: sampler,
                      records: stepQueues.indices.contains(slot) ? stepQueues[slot] : nil)
    }

    /// The names of the iterations' measured steps, as the run knows them (`readers.open_feed`).
    var measuredSteps: [String] { ScenarioSteps.measuredNames(in: context.population.steps).map { prefix + $0 } }

    /// Where the user in `slot` records its iterations (nil when no time series is made).
    func iterations(of slot: Int) -> IterationRecordQueue? {
        iterationQueues.indices.contains(slot) ? iterationQueues[slot] : nil
    }

    /// What user `user` measured: its iterations' and its setup's.
    func result(_ player: StepPlayer, _ user: PreparedUser) -> VirtualUserResult {
        var result = player.result
        if let setup = user.setup {
            result.steps.merge(setup.steps) { measured, _ in measured }
            result.statements.merge(setup.statements) { measured, _ in measured }
        }
        // Its thread's last run-queue figure: the thread ends before the phase's last reading.
        result.runQueueAtEnd = RunQueueMeter.callingThread()
        return result
    }

    private func player(_ vu: VirtualUser, steps: [Step], shared: SharedRunState, start: UInt64, sampler: MemorySampler,
                        records: StepRecordQueue?) -> StepPlayer {
        let player = StepPlayer(vu: vu, steps: steps, clock: clock, tracker: context.tracker, shared: shared, stop: stop,
                                sampler: sampler, progress: context.progress, variant: context.variant.name, start: start,
                                records: records, stepIndex: stepIndex)
        player.patch = context.patch
        player.keepsLatencies = context.keepsLatencies
        player.names = iterationNames
        return player
    }
}
