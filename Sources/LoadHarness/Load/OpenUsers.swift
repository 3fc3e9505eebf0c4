import Foundation
import Synchronization

/// Plays an open model (`OpenLoad`, `RampingArrivalRate`): iterations start at the arrival
/// schedule's times whether or not earlier ones finished. Each virtual user has its own
/// thread and, when free, claims the next iteration and waits on its intended start itself
/// (timer slack at its least, a short spin at the end: `RunClock.waitPrecisely`), so no
/// hand-off from a scheduler thread sits between the schedule and the step. An iteration
/// whose intended start came while every user was busy (before the claiming user became
/// free) is dropped and counted. Latency counts from the intended start; how late each
/// iteration began is the schedule's lag, recorded apart.
struct OpenUsers {
    let arrivals: any ArrivalSchedule
    let users: Int

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
        for index in 0..<users {
            prepared.enter()
            finished.enter()
            FixedStackThread.start { [self] in
                driver.enterUserThread(index)
                TimerSlack.set()
                let user = driver.prepareUser(index, warmup: 0)
                prepared.leave()
                go.wait()
                guard let phase = phase.withLock({ $0 }) else {  // set before `go`: never taken
                    finished.leave()
                    return
                }
                let player = driver.player(user, in: phase)
                var outcome = UserOutcome(result: VirtualUserResult())
                loop(player, index: index, phase: phase, next: next, driver: driver, outcome: &outcome)
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

    /// One user's iterations: claim the next, drop it (and those after it) if its intended
    /// start passed while this user was busy, else wait for it and play it.
    private func loop(_ player: StepPlayer, index: Int, phase: MeasuredPhase, next: ClaimCounter, driver: LoadDriver,
                      outcome: inout UserOutcome) {
        let clock = driver.clock, stop = driver.stop, start = phase.start
        let records = driver.iterations(of: index)
        let count = arrivals.count
        // Offset from the phase's start at which this user last became free.
        var free: UInt64 = 0
        var claimed = next.value.load(ordering: .relaxed)
        while !stop.isSet, claimed < count {
            let intended = arrivals.start(of: claimed)
            if intended < free {
                // Every user was busy at its intended start: dropped, with every later one
                // that also came before this user was free.
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
            clock.waitPrecisely(until: start + intended)
            let began = clock.now()
            let late = began &- (start + intended)
            outcome.lag.record(late)
            records?.push(.began(user: index, at: began &- start, intended: intended))
            player.playIteration(intendedStart: start + intended)
            let ended = clock.now()
            records?.push(.ended(user: index, at: ended &- start))
            free = ended &- start
            claimed = next.value.load(ordering: .relaxed)
        }
    }
}

/// The next iteration of an open model's schedule not yet claimed by a user (or dropped).
private final class ClaimCounter: Sendable {
    let value = Atomic<Int>(0)
}
