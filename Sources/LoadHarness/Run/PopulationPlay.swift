import Foundation
import Synchronization

/// One population of a variant as this run plays it (design section 20): its users, numbered
/// after the earlier populations' (their accounts and seeds follow), its part of its load's
/// plan (a shard's segment of it, moved by `start_after`), its steps' names in the run, and
/// the queues its users record into.
struct PopulationPlay {
    let population: Population
    /// Added to its users' numbers.
    let userOffset: Int
    /// Its users this run plays, numbered within the population (a shard's stripe of them).
    let playing: [Int]
    /// What this run plays of its load, on the measured phase's time axis.
    let plan: LoadPlan
    /// Its iterations' measured steps as the run names them (`readers.open_feed`).
    let measured: [String]
    /// Its setup steps as the run names them (`readers.setup.login`).
    let setupNames: [String]
    /// One step record queue and one iteration record queue per user it plays (none without a time series).
    let stepQueues: [StepRecordQueue]
    let iterationQueues: [IterationRecordQueue]

    /// Every population of `scenario` as a run with `share` of the load plays it.
    static func plays(of scenario: Scenario, share: LoadShare?, makesTimeSeries: Bool) -> [PopulationPlay] {
        var offset = 0
        return scenario.playedPopulations.map { population in
            let users = population.load.virtualUsers
            defer { offset += users }
            let playing = share?.users(of: users) ?? Array(0..<users)
            let whole = population.load.shape.plan
            let plan = (share.map { whole.segment($0) } ?? whole).delayed(by: population.startAfter.nanoseconds)
            let prefix = PopulationStepName.prefix(of: population.name)
            return PopulationPlay(
                population: population, userOffset: offset, playing: playing, plan: plan,
                measured: ScenarioSteps.measuredNames(in: population.steps).map { prefix + $0 },
                setupNames: ScenarioSteps.setupNames(in: population.setup).map { prefix + $0 },
                stepQueues: makesTimeSeries ? playing.map { _ in StepRecordQueue() } : [],
                iterationQueues: makesTimeSeries ? playing.map { _ in IterationRecordQueue() } : [])
        }
    }

    /// Plays every population's load at once, each through its own driver, and returns each
    /// one's outcome in order. One population plays on the calling thread, as before
    /// populations; several each on a thread of their own, their measured phase begun once,
    /// when every population's users are ready (`begin` is called once, by the last to get ready).
    static func playAll(_ plays: [PopulationPlay], drivers: (_ play: PopulationPlay, _ begin: @escaping () -> MeasuredPhase) -> LoadDriver,
                        begin: @escaping () -> MeasuredPhase) -> [LoadOutcome] {
        if plays.count == 1 { return [plays[0].population.load.shape.play(drivers(plays[0], begin))] }
        let barrier = PhaseBarrier(parties: plays.count, begin: begin)
        let outcomes = Mutex<[Int: LoadOutcome]>([:])
        let finished = DispatchGroup()
        for (index, play) in plays.enumerated() {
            let driver = drivers(play, barrier.arrive)
            let shape = play.population.load.shape
            finished.enter()
            let thread = Thread {
                let outcome = shape.play(driver)
                outcomes.withLock { $0[index] = outcome }
                finished.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        finished.wait()
        let all = outcomes.withLock { $0 }
        return plays.indices.map { all[$0]! }
    }
}

/// The measured phase of several populations begun once: each population's driver arrives
/// when its users are ready; the last to arrive begins the phase, and every one gets it.
private final class PhaseBarrier: Sendable {
    private let state: Mutex<(waiting: Int, phase: MeasuredPhase?)>
    private let ready = DispatchSemaphore(value: 0)
    private let parties: Int
    private let begin: @Sendable () -> MeasuredPhase

    init(parties: Int, begin: @escaping () -> MeasuredPhase) {
        self.parties = parties
        state = Mutex((parties, nil))
        let unchecked = UncheckedBegin(begin: begin)
        self.begin = { unchecked.begin() }
    }

    func arrive() -> MeasuredPhase {
        let last = state.withLock { state -> Bool in
            state.waiting -= 1
            return state.waiting == 0
        }
        if last {
            let phase = begin()
            state.withLock { $0.phase = phase }
            for _ in 1..<parties { ready.signal() }
            return phase
        }
        ready.wait()
        return state.withLock { $0.phase! }
    }
}

/// The runner's begin closure, called on one population's thread only (the last ready).
private struct UncheckedBegin: @unchecked Sendable {
    let begin: () -> MeasuredPhase
}
