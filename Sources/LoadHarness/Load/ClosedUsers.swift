import Foundation
import Synchronization

/// Plays a closed model (`ClosedLoad`, `RampingUsers`): each virtual user on its own thread
/// plays its warm-up and setup, waits until every user has, then loops over the steps while
/// the schedule has it active: an iteration begins only inside an active interval and is
/// always finished, so a user the schedule removes stops after its iteration, never in a
/// step. A user stops too after `iterations` iterations, when given.
struct ClosedUsers {
    let schedule: UserSchedule
    /// Iterations per user; nil when only the schedule bounds them.
    let iterations: Int?
    let warmup: Int

    func play(_ driver: LoadDriver) -> LoadOutcome {
        let results = Mutex<[VirtualUserResult]>([])
        let warmedUp = DispatchGroup(), finished = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let phase = Mutex<MeasuredPhase?>(nil)
        if warmup > 0 { driver.announceWarmUp() }
        // Each user keeps its place in the whole run's schedule (a shard plays some of them:
        // k6's ramping-vus over an execution segment).
        for (slot, index) in driver.playing.enumerated() {
            let intervals = schedule.intervals(of: index)
            warmedUp.enter()
            finished.enter()
            FixedStackThread.start(stackSize: 4 << 20) { [self] in
                driver.enterUserThread(index)
                defer { driver.leaveUserThread() }
                let user = driver.prepareUser(index, warmup: warmup)
                warmedUp.leave()
                go.wait()
                guard let phase = phase.withLock({ $0 }) else {  // set before `go`: never taken
                    finished.leave()
                    return
                }
                let player = driver.player(user, in: phase)
                loop(player, slot: slot, intervals: intervals, phase: phase, driver: driver)
                results.withLock { $0.append(driver.result(player, user)) }
                finished.leave()
            }
        }
        warmedUp.wait()
        let begun = driver.beginMeasuredPhase()
        phase.withLock { $0 = begun }
        for _ in driver.playing { go.signal() }
        finished.wait()
        return LoadOutcome(results: results.withLock { $0 }, dropped: 0, lag: nil, phase: begun)
    }

    /// One user's measured iterations: in each active interval, from its start while it lasts.
    private func loop(_ player: StepPlayer, slot: Int, intervals: [UserSchedule.Interval], phase: MeasuredPhase,
                      driver: LoadDriver) {
        let clock = driver.clock, stop = driver.stop, start = phase.start
        let records = driver.iterations(of: slot)
        var done = 0
        for interval in intervals {
            guard !stop.isSet, iterations.map({ done < $0 }) ?? true else { break }
            clock.sleep(until: start + interval.from)
            let deadline = interval.to.map { start + $0 }
            while !stop.isSet, iterations.map({ done < $0 }) ?? true, deadline.map({ clock.now() < $0 }) ?? true {
                records?.push(.began(user: slot, at: clock.now() &- start))
                player.playIteration(intendedStart: nil)
                records?.push(.ended(user: slot, at: clock.now() &- start))
                done += 1
            }
        }
    }
}
