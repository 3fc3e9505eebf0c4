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

    init(context: Context, clock: any RunClock, stop: StopFlag, playing: [Int], plan: LoadPlan, stepQueues: [StepRecordQueue],
         iterationQueues: [IterationRecordQueue], begin: @escaping () -> MeasuredPhase) {
        self.context = context
        self.clock = clock
        self.stop = stop
        self.playing = playing
        self.plan = plan
        self.stepQueues = stepQueues
        self.iterationQueues = iterationQueues
        self.begin = begin
        slots = Dictionary(playing.enumerated().map { ($1, $0) }) { first, _ in first }
        let order = ScenarioSteps.measuredNames(in: context.scenario.steps)
        stepIndex = Dictionary(order.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
    }

    /// Marks the calling thread as user `index`'s (first thing on it).
    func enterUserThread(_ index: Int) {
        VirtualUserThread.mark(index)
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
        let scenario = context.scenario
        let vu = VirtualUser(index: index, stack: context.stack, policy: context.variant.policy, dataset: context.dataset,
                             seed: scenario.seed)
        if warmup > 0 {
            let unshared = SharedRunState()
            let idle = MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: unshared, period: context.samplePeriod)
            if !scenario.setup.isEmpty, !stop.isSet {
                player(vu, steps: scenario.setup, shared: unshared, start: 0, sampler: idle, records: nil).playSetup(measured: false)
            }
            let warm = player(vu, steps: scenario.steps, shared: unshared, start: 0, sampler: idle, records: nil)
            for _ in 0..<warmup where !stop.isSet { warm.playIteration(intendedStart: nil, measured: false) }
        }
        guard !scenario.setup.isEmpty, !stop.isSet else { return PreparedUser(vu: vu, setup: nil) }
        // Measured like any step, before the phase: reported apart, not in the time series.
        let idle = MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: context.shared, period: context.samplePeriod)
        let setup = player(vu, steps: scenario.setup, shared: context.shared, start: 0, sampler: idle, records: nil)
        setup.namePrefix = ScenarioSteps.setupPrefix
        setup.playSetup(measured: true)
        return PreparedUser(vu: vu, setup: setup.result)
    }

    /// Starts the measured phase (once, when every user is prepared): the clock's origin, the
    /// memory sampler and the time series.
    func beginMeasuredPhase() -> MeasuredPhase { begin() }

    /// User `user`'s player for the measured phase (nil: not begun yet; `StepPlayer.enter` moves it in).
    func player(_ user: PreparedUser, in phase: MeasuredPhase?) -> StepPlayer {
        let slot = slots[user.vu.index] ?? -1
        let sampler = phase?.sampler
            ?? MemorySampler(clock: clock, start: 0, tracker: context.tracker, shared: context.shared, period: context.samplePeriod)
        return player(user.vu, steps: context.scenario.steps, shared: context.shared, start: phase?.start ?? 0, sampler: sampler,
                      records: stepQueues.indices.contains(slot) ? stepQueues[slot] : nil)
    }

    /// The names of the iterations' measured steps.
    var measuredSteps: [String] { ScenarioSteps.measuredNames(in: context.scenario.steps) }

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
        return result
    }

    private func player(_ vu: VirtualUser, steps: [Step], shared: SharedRunState, start: UInt64, sampler: MemorySampler,
                        records: StepRecordQueue?) -> StepPlayer {
        let player = StepPlayer(vu: vu, steps: steps, clock: clock, tracker: context.tracker, shared: shared, stop: stop,
                                sampler: sampler, progress: context.progress, variant: context.variant.name, start: start,
                                records: records, stepIndex: stepIndex)
        player.patch = context.patch
        player.keepsLatencies = context.keepsLatencies
        return player
    }
}
