import Foundation
import Synchronization

/// Plays an open model (`OpenLoad`, `RampingArrivalRate`): iterations start at the arrival
/// schedule's times whether or not earlier ones finished. Each virtual user has its own
/// thread and, when free, claims the next iteration and waits on its intended start itself
/// (timer slack at its least, a short spin at the end: `RunClock.waitPrecisely`), so no
/// hand-off from a scheduler thread sits between the schedule and the step. An iteration
/// whose intended start came while every user was busy playing one is dropped and counted;
/// each user's playing is counted as if its iteration had begun on time (its intended start
/// plus what it took), so the harness's own lateness (a user woken late, a stalled machine)
/// is never taken for busy users: those iterations start late, and the lag says so. Latency
/// counts from the intended start.
struct OpenUsers {
    let arrivals: any ArrivalSchedule

    /// What one user did.
    private struct UserOutcome {
        var result: VirtualUserResult
        var dropped = 0
        var lag = ScheduleLag()
    }

    func play(_ driver: LoadDriver) -> LoadOutcome {
        let outcomes = Mutex<[UserOutcome]>([])
        let prepared = DispatchGroup(), finished = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let phase = Mutex<MeasuredPhase?>(nil)
        let next = ClaimCounter()
        let users = driver.playing.count
        let availability = UserAvailability(users: users)
        // Users numbered across the whole run (their dataset accounts); slots number this run's.
        for (slot, index) in driver.playing.enumerated() {
            prepared.enter()
            finished.enter()
            FixedStackThread.start { [self] in
                driver.enterUserThread(index)
                defer { driver.leaveUserThread() }
                TimerSlack.set()
                let user = driver.prepareUser(index, warmup: 0)
                let player = driver.player(user, in: nil)
                player.prepareMeasuring(driver.measuredSteps)
                prepared.leave()
                go.wait()
                guard let phase = phase.withLock({ $0 }) else {  // set before `go`: never taken
                    finished.leave()
                    return
                }
                player.enter(phase)
                var outcome = UserOutcome(result: VirtualUserResult())
                loop(player, slot: slot, phase: phase, next: next, availability: availability, driver: driver, outcome: &outcome)
                outcome.result = driver.result(player, user)
                outcomes.withLock { [outcome] in $0.append(outcome) }
                finished.leave()
            }
        }
        prepared.wait()
        let begun = driver.beginMeasuredPhase()
        phase.withLock { $0 = begun }
        for _ in 0..<users { go.signal() }
        finished.wait()
        let all = outcomes.withLock { $0 }
        let lag = all.reduce(into: ScheduleLag()) { $0.merge($1.lag) }
        return LoadOutcome(results: all.map(\.result), dropped: all.reduce(0) { $0 + $1.dropped }, lag: lag, phase: begun)
    }

    /// One user's iterations: claim the next; drop it (and those after it) if its intended
    /// start passed while every user was busy, else wait for it and play it.
    private func loop(_ player: StepPlayer, slot index: Int, phase: MeasuredPhase, next: ClaimCounter, availability: UserAvailability,
                      driver: LoadDriver, outcome: inout UserOutcome) {
        let clock = driver.clock, stop = driver.stop, start = phase.start
        let records = driver.iterations(of: index)
        let count = arrivals.count
        var claimed = next.value.load(ordering: .relaxed)
        while !stop.isSet, claimed < count {
            let intended = arrivals.start(of: claimed)
            let free = availability.earliestFree
            if intended < free {
                // Every user was busy at its intended start: dropped, with every later one
                // that also came before any user was free.
                let resume = max(claimed + 1, arrivals.firstIteration(atOrAfter: free))
                let (exchanged, seen) = next.value.compareExchange(expected: claimed, desired: resume, ordering: .relaxed)
                if exchanged {
                    outcome.dropped += resume - claimed
                    records?.push(.dropped(user: index, from: claimed, count: resume - claimed))
                    claimed = resume
                } else {
                    claimed = seen
                }
                continue
            }
            let (exchanged, seen) = next.value.compareExchange(expected: claimed, desired: claimed + 1, ordering: .relaxed)
            guard exchanged else {
                claimed = seen
                continue
            }
            // The CPU the wait takes (its last part spins, yielding the core to any thread that
            // can run): counted apart from the harness's work, as the cores' idle time it is.
            let cpuBeforeWait = CPUTime.thread()
            clock.waitPrecisely(until: start + intended)
            let waitCPU = CPUTime.thread() &- cpuBeforeWait
            availability.busy(index)
            let began = clock.now()
            let late = began &- (start + intended)
            outcome.lag.record(late)
            records?.push(.began(user: index, at: began &- start, intended: intended, waitCPU: waitCPU))
            player.playIteration(intendedStart: start + intended)
            let ended = clock.now()
            records?.push(.ended(user: index, at: ended &- start))
            availability.free(index, at: intended &+ (ended &- began))
            claimed = next.value.load(ordering: .relaxed)
        }
    }
}

/// The next iteration of an open model's schedule not yet claimed by a user (or dropped).
private final class ClaimCounter: Sendable {
    let value = Atomic<Int>(0)
}

/// When each user of an open model became free (as if its last iteration had begun on
/// time), or that it is playing one: an iteration is dropped only when every user was busy
/// at its intended start. Users publish their own; a claiming user reads them all.
private final class UserAvailability: @unchecked Sendable {
    private let times: UnsafeMutablePointer<Atomic<UInt64>>
    private let count: Int
    /// What a playing user publishes.
    private static let playing = UInt64.max

    init(users: Int) {
        count = users
        times = .allocate(capacity: users)
        for user in 0..<users { (times + user).initialize(to: Atomic(0)) }
    }

    deinit {
        times.deinitialize(count: count)
        times.deallocate()
    }

    func busy(_ user: Int) { times[user].store(Self.playing, ordering: .relaxed) }

    func free(_ user: Int, at offset: UInt64) { times[user].store(offset, ordering: .relaxed) }

    /// The earliest moment (offset) a user not playing became free; `playing` when all play.
    var earliestFree: UInt64 {
        var earliest = Self.playing
        for user in 0..<count { earliest = min(earliest, times[user].load(ordering: .relaxed)) }
        return earliest
    }
}
