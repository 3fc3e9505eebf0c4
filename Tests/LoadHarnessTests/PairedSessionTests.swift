import Foundation
import LoadHarness
import Synchronization
import Testing

/// `roost paired`'s rounds with injected medians (no process, no clock): the order of the
/// runs, the paired ratios, more rounds while a step is inconclusive, an interrupted or a
/// failed session, and paired.csv.
struct PairedSessionTests {
    static let post = StepMedians.Key(variant: "weak", step: "post")
    static let like = StepMedians.Key(variant: "weak", step: "like")

    /// Medians of one run: `post` 100 us times `factor` times the round's drift, `like` 10 us times the drift.
    static func medians(post factor: Double, drift: Double, like likeFactor: Double = 1) -> StepMedians {
        StepMedians([(post, 100 * factor * drift), (like, 10 * likeFactor * drift)])
    }

    /// A run whose post is 10% slower on the candidate, with a drift (in log) linear through each
    /// round and different between rounds; like is equal on both sides up to ±1% per round.
    static func tenPercentSlower(_ run: PairedSession.Run) -> StepMedians {
        let drift = exp(0.02 * Double(run.position) + 0.1 * Double(run.round % 3))
        let jitter = [1.0, 1.01, 0.99, 1.005, 0.995][run.round % 5]
        return medians(post: run.arm == .candidate ? 1.1 * jitter : 1, drift: drift, like: run.arm == .candidate ? jitter : 1)
    }

    /// A run whose post alternates between 0.9 and 1.1 of the baseline from round to round:
    /// its interval spans both bounds, so the session never settles.
    static func neverConclusive(_ run: PairedSession.Run) -> StepMedians {
        medians(post: run.arm == .candidate ? (run.round % 2 == 0 ? 1.1 : 0.9) : 1, drift: 1)
    }

    /// Plays `session` with never-conclusive runs that each take 1 s on an injected clock.
    static func playOneSecondPerRun(_ session: PairedSession) -> (PairedSession.Ending, PairedRounds) {
        let clock = Mutex(0.0)
        var session = session
        session.now = { clock.withLock { $0 } }
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        let ending = session.play(into: &rounds) { run in
            clock.withLock { $0 += 1 }
            return neverConclusive(run)
        }
        return (ending, rounds)
    }

    @Test func roundsRunABAprimeAprimeBA() {
        var arms: [PairedArm] = []
        var session = PairedSession()
        session.minimumRounds = 8
        session.maximumRounds = 8
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        _ = session.play(into: &rounds) { run in
            arms.append(run.arm)
            return Self.medians(post: 1, drift: 1)
        }
        #expect(Array(arms.prefix(6)) == [.baseline, .candidate, .control, .control, .candidate, .baseline])
        #expect(arms.count == 48)
    }

    @Test func aLinearDriftCancelsAndTheSlowStepIsFound() throws {
        let session = PairedSession()
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        let ending = session.play(into: &rounds, run: Self.tenPercentSlower)
        let rows = rounds.rows()
        let post = try #require(rows.first { $0.key == Self.post && $0.comparison == .candidate })
        // The log drift within a round is linear in the position: the ratio is exactly 1.1 times
        // the jitter's Hodges–Lehmann estimate; every round's ratio lies in 1.1 × [0.99, 1.01].
        #expect(post.verdict == .slower)
        #expect(post.rounds == 8)
        #expect(abs(post.lower! - 1.1 * 0.99) < 1e-9 && abs(post.upper! - 1.1 * 1.01) < 1e-9)
        let like = try #require(rows.first { $0.key == Self.like && $0.comparison == .candidate })
        #expect(like.verdict == .same)
        let control = try #require(rows.first { $0.key == Self.post && $0.comparison == .control })
        #expect(abs(control.ratio - 1) < 1e-12 && control.verdict == .same)
        #expect(ending == .settled)
        #expect(rows.map(\.comparison) == [.candidate, .candidate, .control, .control])
    }

    @Test func theFloorWidensTheToleranceOfShortSteps() throws {
        // like (10 us) and post (100 us) both 10% slower in every round; a floor of 2 us makes
        // like's tolerance 20% (same), post's stays 5% (slower).
        let session = PairedSession()
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99, floorMicroseconds: 2)
        _ = session.play(into: &rounds) { run in
            Self.medians(post: run.arm == .candidate ? 1.1 : 1, drift: 1, like: run.arm == .candidate ? 1.1 : 1)
        }
        let rows = rounds.rows().filter { $0.comparison == .candidate }
        let like = try #require(rows.first { $0.key == Self.like }), post = try #require(rows.first { $0.key == Self.post })
        #expect(abs(like.tolerance - 0.2) < 1e-12 && like.verdict == .same)
        #expect(post.tolerance == 0.05 && post.verdict == .slower)
        #expect(abs(like.ratio - 1.1) < 1e-12 && abs(post.ratio - 1.1) < 1e-12)
        let csv = PairedFile.csv(scenario: "ci", rows: rows, ending: .settled)
        #expect(csv.contains("ci,weak,like,candidate,8,10,11,1.1000,1.1000,1.1000,0.2000,same,complete,run_p50\r\n"), "\(csv)")
    }

    @Test func inconclusiveStepsGetMoreRoundsUpToTheCap() {
        var session = PairedSession()
        session.minimumRounds = 8
        session.maximumRounds = 11
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        var reported: [Int] = []
        session.progress = { reported.append($0.rounds.count) }
        let ending = session.play(into: &rounds, run: Self.neverConclusive)
        #expect(ending == .roundCap)
        #expect(reported == Array(1...11))
        #expect(rounds.inconclusiveSteps() == [Self.post])
    }

    @Test func noRoundStartsThatWouldGoPastTheTimeAllowed() {
        // Every run takes 1 s on the injected clock: a round 6 s. With 70 s allowed, the 11th
        // round would end at 66 s and a 12th at 72 s: 11 rounds, then the time cap.
        var session = PairedSession()
        session.minimumRounds = 8
        session.maximumRounds = 40
        session.maximumSeconds = 70
        let (ending, rounds) = Self.playOneSecondPerRun(session)
        #expect(ending == .timeCap && ending.isComplete)
        #expect(rounds.rounds.count == 11)
    }

    @Test func theMinimumOfRoundsIsPlayedWhateverTheTime() {
        var session = PairedSession()
        session.minimumRounds = 8
        session.maximumSeconds = 10
        let (ending, rounds) = Self.playOneSecondPerRun(session)
        #expect(ending == .timeCap)
        #expect(rounds.rounds.count == 8)
    }

    @Test func anInterruptedRoundIsLeftOutAndTheFileSaysIncomplete() throws {
        let stop = StopFlag()
        var session = PairedSession()
        session.stop = stop
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        let ending = session.play(into: &rounds) { run in
            if run.round == 3 && run.position == 2 { stop.set() }
            return Self.tenPercentSlower(run)
        }
        #expect(ending == .interrupted)
        #expect(rounds.rounds.count == 2)
        let text = PairedFile.csv(scenario: "ci", rows: rounds.rows(), ending: ending)
        let lines = text.split(separator: "\r\n").map(String.init)
        #expect(lines[0] == PairedFile.header.joined(separator: ","))
        #expect(lines.count == 5)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",inconclusive,incomplete,run_p50") })
        #expect(lines[1].hasPrefix("ci,weak,post,candidate,2,"))
    }

    @Test func aFailedRunEndsTheSessionWithItsReason() {
        let session = PairedSession()
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        let ending = session.play(into: &rounds) { run in
            if run.round == 2 && run.arm == .candidate {
                throw PairedError.runFailed(role: "candidate", path: "/b/roost", round: 2, status: 1, message: "boom")
            }
            return Self.medians(post: 1, drift: 1)
        }
        #expect(ending == .failed("round 2: the candidate build /b/roost failed (exit 1): boom"))
        #expect(rounds.rounds.count == 1)
        #expect(!ending.isComplete)
    }

    @Test func stepsCSVIsReadByColumnName() throws {
        let current = """
            scenario,variant,step,count,errors,mean_us,p50_us,p90_us,p99_us,p999_us,max_us,ops_per_s,allocs_per_op,bytes_per_op,allocs_p50,bytes_p50\r
            ci,weak,login,20,0,75.8,70.591,88.9,123.7,123.7,123.8,141.2,125.3,49144,126,49200\r
            ci,weak,signup,0,0,0,0,0,0,0,0,0,0,0,0,0\r

            """
        let medians = try StepMedians(stepsCSV: current, path: "steps.csv")
        #expect(medians.keys == [StepMedians.Key(variant: "weak", step: "login")])
        #expect(medians.p50[StepMedians.Key(variant: "weak", step: "login")] == 70.591)
        let older = "scenario,variant,step,count,errors,mean_us,p50_us\nci,strong,like,3,0,1,12.5\n"
        #expect(try StepMedians(stepsCSV: older, path: "steps.csv").p50 == [StepMedians.Key(variant: "strong", step: "like"): 12.5])
        #expect(throws: PairedError.self) { try StepMedians(stepsCSV: "a,b\n1,2\n", path: "x/steps.csv") }
    }
}
