@testable import LoadHarness
import Testing

/// `roost capacity`'s decisions, exactly, against a stack whose limit is known: which rate it
/// probes next, when it confirms, what it answers, and that a probe the harness could not
/// drive is never taken for the stack's limit.
@Suite struct CapacitySearchTests {
    /// A probe of `request` against a stack that keeps its thresholds up to `limit` per second,
    /// judged by `ProbeJudgement` on cores with room (half busy).
    private func probe(_ request: CapacitySearch.Request, number: Int, limit: Double, dropsBelow users: Int = 0,
                       lagFailure: Bool = false, maxUsers: Int = 1_024) -> CapacityProbe {
        let dropped = request.users < users ? 10 : 0
        let passes = request.rate <= limit
        let usage = CoreUsage(wallNanoseconds: 1_000_000_000, processNanoseconds: 1_000_000_000, stepNanoseconds: 900_000_000, cores: 2)
        let judgement = ProbeJudgement.judge(ProbeJudgement.Figures(
            targetRate: request.rate, achievedRate: request.rate, dropped: dropped, isLate: lagFailure, lagP99: lagFailure ? 5_000 : 10,
            users: request.users, maxUsers: maxUsers, busyUsers: Double(request.users), usage: usage,
            stackFailures: passes || lagFailure ? [] : ["p99(logout) < 25ms"], scheduleFailures: lagFailure ? ["p99(logout) < 25ms"] : []))
        var probe = CapacityProbe(number: number, targetRate: request.rate, users: request.users, levels: request.levels,
                                  achievedRate: request.rate, dropped: dropped, lagP99: lagFailure ? 5_000 : 10,
                                  verdict: judgement.verdict, failed: passes && !lagFailure ? [] : ["p99(logout) < 25ms"], steps: [],
                                  reason: judgement.reason)
        probe.nextUsers = judgement.nextUsers
        return probe
    }

    /// Plays the whole search; the requests in order.
    private func search(_ settings: CapacitySettings, limit: Double, dropsBelow users: Int = 0,
                        lagFailureAt: Double? = nil) -> (CapacitySearch, [CapacitySearch.Request]) {
        var search = CapacitySearch(settings)
        var requests: [CapacitySearch.Request] = []
        while let request = search.next, requests.count < 50 {
            requests.append(request)
            search.record(probe(request, number: requests.count, limit: limit, dropsBelow: users,
                                lagFailure: lagFailureAt == request.rate))
        }
        return (search, requests)
    }

    @Test func ratesDoubleThenBisectThenTheHighestPassIsConfirmed() {
        let (search, requests) = search(CapacitySettings(start: 25, precision: 0.05, users: 4), limit: 180)
        // 182 failed once, right above the pass: played again (it fails again) before 175 is confirmed.
        #expect(requests.map(\.rate) == [25, 50, 100, 200, 150, 175, 188, 182, 182, 175])
        #expect(requests.map(\.levels) == [1, 1, 1, 1, 1, 1, 1, 1, 1, 3])
        #expect(search.ending == .found)
        #expect(search.highestPass == 175)
        #expect(search.lowestFail?.rate == 182)
        #expect(search.lowestFail?.threshold == "p99(logout) < 25ms")
        // Within the precision of the known limit (175 of 180: 2.8% under it).
        #expect(abs(175.0 - 180) / 180 < 0.05)
    }

    @Test func belowTenthsOfAnIterationPerSecondTheRatesKeepATenth() {
        let (search, requests) = search(CapacitySettings(start: 2, precision: 0.05, users: 1), limit: 5.3)
        #expect(requests.map(\.rate) == [2, 4, 8, 6, 5, 5.5, 5.3, 5.5, 5.3])
        #expect(search.ending == .found)
        #expect(search.highestPass == 5.3)
    }

    @Test func aFailingFirstProbeEndsTheSearch() {
        let (search, requests) = search(CapacitySettings(start: 100, users: 4), limit: 50)
        #expect(requests.map(\.rate) == [100])
        #expect(search.ending == .failsAtStart)
        #expect(search.highestPass == nil)
        #expect(search.lowestFail?.rate == 100)
    }

    @Test func aFailedConfirmationMovesTheSearchBelowIt() {
        var search = CapacitySearch(CapacitySettings(start: 10, precision: 0.5, users: 2))
        var rates: [Double] = []
        while let request = search.next, rates.count < 20 {
            rates.append(request.rate)
            // Short probes pass up to 40/s; a long one at 20/s or more fails (the stack tires).
            let passes = request.levels > 1 ? request.rate < 20 : request.rate <= 40
            search.record(CapacityProbe(number: rates.count, targetRate: request.rate, users: 2, levels: request.levels,
                                        achievedRate: request.rate, dropped: 0, lagP99: 10, verdict: passes ? .pass : .fail,
                                        failed: passes ? [] : ["errors == 0"], steps: []))
        }
        // 10, 20, 40 pass, 80 and 60 fail (60 again); 40 is confirmed and fails; 30 passes short
        // and fails confirmed; 20 fails confirmed; 15 passes short and confirmed.
        #expect(rates == [10, 20, 40, 80, 60, 60, 40, 30, 30, 20, 15, 15])
        #expect(search.ending == .found)
        #expect(search.highestPass == 15)
        #expect(search.lowestFail?.rate == 20)
    }

    /// Near the limit one probe can fail by chance (a burst of drops, a slow tail): the failing
    /// rate right above the pass is played again before the pass is confirmed, and when it
    /// passes the search goes on above it instead of answering low.
    @Test func aFailureByChanceIsPlayedAgainAndTheSearchGoesOnAboveIt() {
        var search = CapacitySearch(CapacitySettings(start: 100, precision: 0.05, users: 4))
        var requests: [CapacitySearch.Request] = []
        var playedAt: [Double: Int] = [:]
        while let request = search.next, requests.count < 30 {
            requests.append(request)
            playedAt[request.rate, default: 0] += 1
            // The stack keeps up to 180/s, but 150/s fails the first time it is played.
            let passes = request.rate <= 180 && !(request.rate == 150 && playedAt[150] == 1)
            search.record(CapacityProbe(number: requests.count, targetRate: request.rate, users: 4, levels: request.levels,
                                        achievedRate: request.rate, dropped: 0, lagP99: 10, verdict: passes ? .pass : .fail,
                                        failed: passes ? [] : ["p99(logout) < 25ms"], steps: []))
        }
        // 100 passes, 200 fails, 150 fails by chance; 125, 138, 144 pass; 150 again passes, so
        // the search bisects between 150 and 200 up to the limit.
        #expect(requests.prefix(7).map(\.rate) == [100, 200, 150, 125, 138, 144, 150])
        #expect(search.ending == .found)
        #expect(search.highestPass.map { $0 <= 180 && $0 >= 180 / 1.05 } == true, "found \(String(describing: search.highestPass))")
        #expect(search.lowestFail.map { $0.rate > 180 } == true)
    }

    @Test func dropsOnCoresWithRoomAskForMoreUsersNeverForALimit() {
        let settings = CapacitySettings(start: 100, precision: 0.05, users: 4, maxUsers: 16)
        let (search, requests) = search(settings, limit: 150, dropsBelow: 16)
        // 100/s is played with 4, 8, then 16 users before it counts as a pass (every user busy the
        // whole time: Little's law asks for 1.5 x as many, twice as many is more).
        #expect(requests.prefix(4).map(\.rate) == [100, 100, 100, 200])
        #expect(requests.prefix(4).map(\.users) == [4, 8, 16, 16])
        #expect(search.ending == .found)
        #expect(search.probes.filter { $0.verdict == .moreUsers }.count == 2)
        #expect(search.highestPass.map { $0 <= 150 && $0 >= 150 / 1.05 } == true)
    }

    @Test func aProbeTheHarnessCouldNotDriveStopsTheSearchAndSaysWhy() {
        let (search, requests) = search(CapacitySettings(start: 50, users: 4), limit: 1_000, lagFailureAt: 200)
        // 200/s is played twice: once late may be a moment's stall; late again, the search stops.
        #expect(requests.map(\.rate) == [50, 100, 200, 200])
        guard case .generatorLimited(let rate, let reason)? = search.ending else {
            Issue.record("ended \(String(describing: search.ending))")
            return
        }
        #expect(rate == 200)
        #expect(reason == "iterations started late (schedule lag p99 5ms) and failed only by that: p99(logout) < 25ms with users free; "
            + "cores 50% busy")
        // Never the stack's limit: no failing rate was found.
        #expect(search.lowestFail == nil)
        #expect(search.highestPass == 100)
    }

    /// A probe the harness could not drive with more users than the highest passing rate needed
    /// is played again with those; what that probe finds decides, and a second undriven probe
    /// (or one asking for more users again) stops the search.
    @Test func aProbeTheHarnessCouldNotDriveWithManyUsersIsPlayedAgainWithFewer() {
        func play(_ verdicts: [CapacityProbe.Verdict]) -> (CapacitySearch, [CapacitySearch.Request]) {
            var search = CapacitySearch(CapacitySettings(start: 1_000, precision: 0.05, users: 32, maxUsers: 1_024))
            var requests: [CapacitySearch.Request] = []
            var left = verdicts[...]
            while let request = search.next, requests.count < 40 {
                requests.append(request)
                let verdict = left.popFirst() ?? (request.rate <= 1_500 ? .pass : .fail)
                var probe = CapacityProbe(number: requests.count, targetRate: request.rate, users: request.users, levels: request.levels,
                                          achievedRate: request.rate, dropped: 0, lagP99: 10, verdict: verdict,
                                          failed: verdict == .fail ? ["p99(logout) < 25ms"] : [], steps: [],
                                          reason: verdict == .generatorLimited ? "the harness's own work took 34% of the busy cores" : nil)
                probe.nextUsers = verdict == .moreUsers ? 128 : nil
                search.record(probe)
            }
            return (search, requests)
        }
        // 1,000 passes with 32 users; 2,000 asks for 128, which the harness cannot drive; 32 again fail it: bisection.
        let (found, played) = play([.pass, .moreUsers, .generatorLimited, .fail])
        #expect(played.prefix(5).map(\.rate) == [1_000, 2_000, 2_000, 2_000, 1_500])
        #expect(played.prefix(5).map(\.users) == [32, 32, 128, 32, 32])
        #expect(found.ending == .found)
        #expect(found.lowestFail.map { $0.rate > 1_500 && $0.rate <= 2_000 } == true)
        #expect(found.highestPass.map { $0 <= 1_500 && $0 >= 1_500 / 1.05 } == true)
        // With 32 again it asks for more users: the harness could not drive them, the search says so.
        let (asked, askedPlayed) = play([.pass, .moreUsers, .generatorLimited, .moreUsers])
        #expect(askedPlayed.map(\.users) == [32, 32, 128, 32])
        #expect(asked.ending == .generatorLimited(rate: 2_000, reason: "the harness's own work took 34% of the busy cores"))
        // Undriven with 32 as well: no fewer to try, the search stops.
        let (again, againPlayed) = play([.pass, .moreUsers, .generatorLimited, .generatorLimited])
        #expect(againPlayed.count == 4)
        #expect(again.ending == .generatorLimited(rate: 2_000, reason: "the harness's own work took 34% of the busy cores"))
        // Undriven with the users the passing rate had: nothing fewer to try, so the rate is
        // played again as it was; undriven again, the search stops and says why.
        let (first, firstPlayed) = play([.pass, .generatorLimited, .generatorLimited])
        #expect(firstPlayed.map(\.users) == [32, 32, 32])
        #expect(firstPlayed.map(\.rate) == [1_000, 2_000, 2_000])
        #expect(first.ending == .generatorLimited(rate: 2_000, reason: "the harness's own work took 34% of the busy cores"))
        // Played again, it fails (the stack's limit after all): the search bisects below it.
        let (stalled, stalledPlayed) = play([.pass, .generatorLimited, .fail])
        #expect(stalledPlayed.prefix(4).map(\.rate) == [1_000, 2_000, 2_000, 1_500])
        #expect(stalled.ending == .found)
        #expect(stalled.highestPass.map { $0 <= 1_500 && $0 >= 1_500 / 1.05 } == true)
    }

    /// A confirmation the harness could not drive is played again as it was, once: the rate's
    /// earlier probe (a pass) was the stack's figure, not a first undriven one.
    @Test func aConfirmationTheHarnessCouldNotDriveIsPlayedAgain() {
        var search = CapacitySearch(CapacitySettings(start: 1_000, precision: 0.05, users: 32))
        var requests: [CapacitySearch.Request] = []
        while let request = search.next, requests.count < 40 {
            requests.append(request)
            let undriven = request.levels > 1 && requests.filter { $0.levels > 1 }.count == 1
            let verdict: CapacityProbe.Verdict = undriven ? .generatorLimited : request.rate <= 1_500 ? .pass : .fail
            search.record(CapacityProbe(number: requests.count, targetRate: request.rate, users: request.users, levels: request.levels,
                                        achievedRate: request.rate, dropped: 0, lagP99: 10, verdict: verdict,
                                        failed: verdict == .fail ? ["p99(logout) < 25ms"] : [], steps: [],
                                        reason: undriven ? "the harness's own work took 34% of the busy cores" : nil))
        }
        let confirmations = requests.filter { $0.levels > 1 }
        #expect(confirmations.count == 2)
        #expect(confirmations.first == confirmations.last)
        #expect(search.ending == .found)
        #expect(search.highestPass == confirmations.last?.rate)
        #expect(search.highestPass.map { $0 <= 1_500 && $0 >= 1_500 / 1.05 } == true)
    }

    /// Far below the cores' limit a rate grows four times, and the users grow with it by
    /// Little's law, so no probe is played again for want of users; from a quarter busy it doubles.
    @Test func ratesLeapWhileTheCoresAreMostlyIdleAndUsersFollowTheRate() {
        // Each iteration keeps one user busy 20 ms and takes 1 ms of the two cores' time: the
        // cores are full at 2,000/s; thresholds hold up to 1,500/s.
        var search = CapacitySearch(CapacitySettings(start: 10, precision: 0.05, users: 4, maxUsers: 1_024))
        var requests: [CapacitySearch.Request] = []
        while let request = search.next, requests.count < 30 {
            requests.append(request)
            let passes = request.rate <= 1_500
            var probe = CapacityProbe(number: requests.count, targetRate: request.rate, users: request.users, levels: request.levels,
                                      achievedRate: request.rate, dropped: 0, lagP99: 10, verdict: passes ? .pass : .fail,
                                      failed: passes ? [] : ["p99(logout) < 25ms"], steps: [])
            let busy = UInt64(request.rate * 1_000_000)  // 1 ms of CPU an iteration, over one second
            probe.usage = CoreUsage(wallNanoseconds: 1_000_000_000, processNanoseconds: busy, stepNanoseconds: busy, cores: 2)
            probe.busyUsers = request.rate * 0.020
            search.record(probe)
        }
        // 10, 40, 160 (8% busy) leap; 640 (32%) doubles to 1,280 (64%), then 2,560 fails.
        #expect(requests.prefix(6).map(\.rate) == [10, 40, 160, 640, 1_280, 2_560])
        // Users for the next rate: 1.5 x rate x 20 ms, never fewer than before.
        #expect(requests.prefix(6).map(\.users) == [4, 4, 5, 20, 39, 77])
        #expect(search.ending == .found)
        #expect(search.highestPass.map { $0 <= 1_500 && $0 >= 1_500 / 1.05 } == true)
    }

    /// Plays the whole search against a stack that starts `started(request)` iterations a
    /// second (8 ms each) on cores with room and drops the rest; each probe judged by
    /// `ProbeJudgement`, the same rate's earlier probe with fewer users beside it.
    private func search(_ settings: CapacitySettings, started: (CapacitySearch.Request) -> Double)
        -> (CapacitySearch, [CapacitySearch.Request]) {
        var search = CapacitySearch(settings)
        var requests: [CapacitySearch.Request] = []
        while let request = search.next, requests.count < 40 {
            requests.append(request)
            let started = started(request)
            let dropped = Int((request.rate - started).rounded())
            let usage = CoreUsage(wallNanoseconds: 1_000_000_000, processNanoseconds: 1_000_000_000, stepNanoseconds: 900_000_000, cores: 2)
            var fewer: (users: Int, achievedRate: Double)?
            if let last = search.probes.last, last.verdict == .moreUsers, last.targetRate == request.rate {
                fewer = (last.users, last.achievedRate)
            }
            let busyUsers = min(Double(request.users), started * 0.008)
            let judgement = ProbeJudgement.judge(ProbeJudgement.Figures(
                targetRate: request.rate, achievedRate: started, dropped: dropped, scheduled: Int(request.rate), isLate: false,
                lagP99: 10, users: request.users, maxUsers: settings.maxUsers, busyUsers: busyUsers, usage: usage,
                stackFailures: [], scheduleFailures: [], fewerUsers: fewer))
            var probe = CapacityProbe(number: requests.count, targetRate: request.rate, users: request.users, levels: request.levels,
                                      achievedRate: started, dropped: dropped, lagP99: 10, verdict: judgement.verdict, failed: [],
                                      steps: [], reason: judgement.reason)
            probe.nextUsers = judgement.nextUsers
            probe.busyUsers = busyUsers
            search.record(probe)
        }
        return (search, requests)
    }

    /// A stack whose one writer is a queue: 32 users start 1,800/s at most, more start half as
    /// many (a longer queue of threads on the same cores). After 64 users failed a rate 32 were
    /// short of, the search goes back to 32 and finds the limit with them.
    @Test func afterMoreUsersStartedFewerTheSearchGoesBackToFewer() {
        let settings = CapacitySettings(start: 1_000, precision: 0.05, users: 32, maxUsers: 1_024)
        let (search, requests) = search(settings) { min($0.rate, $0.users <= 32 ? 1_800 : 900) }
        // 1,000 passes; 2,000 drops with 32 users and fails with 64; 1,500 is played with 32 again.
        #expect(requests.prefix(4).map(\.rate) == [1_000, 2_000, 2_000, 1_500])
        #expect(requests.prefix(4).map(\.users) == [32, 32, 64, 32])
        let afterFailures = search.probes.indices.dropLast().filter { search.probes[$0].verdict == .fail && search.probes[$0].users == 64 }
        #expect(!afterFailures.isEmpty)
        #expect(afterFailures.allSatisfy { requests[$0 + 1].users == 32 })
        #expect(search.ending == .found)
        // Up to 1% of a probe's iterations may drop, so rates to 1,800 / 0.99 keep up.
        #expect(search.highestPass.map { $0 <= 1_800 / 0.99 && $0 >= 1_800 / 1.05 } == true, "found \(String(describing: search.highestPass))")
    }

    /// A stack that serves 3,000/s but stalls now and then: users busy through a stall drop
    /// what arrives meanwhile, 3% of the iterations with 32 users, half that with each doubling
    /// (the drops of a noisy machine near the limit). 64 users start 1.5% more than 32, under
    /// 2%, yet made up half of what the 32 missed: the search goes on to 128 and finds the
    /// limit, not a rate where 32 users happened to suffice.
    @Test func usersThatWaitThroughStallsAreAddedUntilTheyKeepUp() {
        let settings = CapacitySettings(start: 640, precision: 0.05, users: 32, maxUsers: 1_024)
        let (search, requests) = search(settings) { min($0.rate, 3_000) * (1 - 0.03 * 32 / Double($0.users)) }
        // 640/s: 32 users drop 3%, 64 drop 1.5%, 128 keep up; the search goes on with 128.
        #expect(requests.prefix(4).map(\.rate) == [640, 640, 640, 1_280])
        #expect(requests.prefix(4).map(\.users) == [32, 64, 128, 128])
        #expect(search.ending == .found)
        #expect(search.highestPass.map { $0 <= 3_000 / 0.99 && $0 >= 3_000 / 1.05 } == true,
                "found \(String(describing: search.highestPass))")
        #expect(search.probes.last?.users == 128)
    }
}
