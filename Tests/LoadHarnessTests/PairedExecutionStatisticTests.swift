import Foundation
import LoadHarness
import Testing

/// The execution-by-execution statistic of `roost paired` (PairedStatistic): a burst that slows
/// one run is left out by taking each execution's faster run, an execution slow by its nature is
/// compared with itself, and steps that a run has no latencies for fall back to the runs' p50.
struct PairedExecutionStatisticTests {
    static let post = StepMedians.Key(variant: "weak", step: "post")
    static let like = StepMedians.Key(variant: "weak", step: "like")

    /// Twenty executions of post: 100 us each, the sixth 550 us (slow by its nature: in every run), times `factor`.
    static func postExecutions(_ factor: Double) -> [Double] {
        (0..<20).map { ($0 == 5 ? 550 : 100) * factor }
    }

    /// A run with post's executions (times `factor`, the executions in `burst` 1.6 times slower)
    /// and like's p50 alone (no executions: as a build without latencies.csv).
    static func run(post factor: Double, burst: Range<Int> = 0..<0, like: Double = 10) -> StepMedians {
        var executions = postExecutions(factor)
        for n in burst { executions[n] *= 1.6 }
        let sorted = executions.sorted()
        return StepMedians([(Self.post, sorted[9]), (Self.like, like)], executions: [Self.post: executions])
    }

    @Test func eachExecutionsFasterRunIsComparedAndABurstIsLeftOut() throws {
        // Every round: the candidate's post 4% slower; one of its two runs (alternately one of the
        // baseline's) slowed by 60% over half its executions, as a neighbour's burst does.
        var rounds = PairedRounds(tolerance: 0.02, confidence: 0.99)
        for round in 0..<8 {
            let burst = round % 2 == 0 ? 0..<10 : 10..<20
            rounds.append([
                .baseline: [Self.run(post: 1, burst: round % 3 == 0 ? burst : 0..<0), Self.run(post: 1)],
                .candidate: [Self.run(post: 1.04), Self.run(post: 1.04, burst: burst)],
                .control: [Self.run(post: 1, burst: burst), Self.run(post: 1)],
            ])
        }
        let rows = rounds.rows()
        let post = try #require(rows.first { $0.key == Self.post && $0.comparison == .candidate })
        #expect(post.statistic == .executionMedian)
        #expect(abs(post.ratio - 1.04) < 1e-9 && abs(post.lower! - 1.04) < 1e-9 && abs(post.upper! - 1.04) < 1e-9)
        #expect(post.verdict == .slower)
        let control = try #require(rows.first { $0.key == Self.post && $0.comparison == .control })
        #expect(abs(control.ratio - 1) < 1e-12 && control.verdict == .same)
        // By p50 alone the bursts would move the rounds' ratios (a burst over the first half of a
        // candidate run raises its p50 by 60%).
        let p50Ratios = rounds.rounds.compactMap { round in
            PairedStatistic.runP50.logRatio(baseline: round[.baseline] ?? [], other: round[.candidate] ?? [], key: Self.post)
        }
        #expect(p50Ratios.count == 8 && p50Ratios.contains { abs(exp($0) - 1.04) > 0.1 })
    }

    @Test func aStepARunHasNoLatenciesForIsComparedByP50() throws {
        var rounds = PairedRounds(tolerance: 0.05, confidence: 0.99)
        for _ in 0..<8 {
            rounds.append([.baseline: [Self.run(post: 1), Self.run(post: 1)],
                           .candidate: [Self.run(post: 1, like: 11), Self.run(post: 1, like: 11)],
                           .control: [Self.run(post: 1), Self.run(post: 1)]])
        }
        let like = try #require(rounds.rows().first { $0.key == Self.like && $0.comparison == .candidate })
        #expect(like.statistic == .runP50)
        #expect(abs(like.ratio - 1.1) < 1e-12 && like.verdict == .slower)
        #expect(PairedFile.csv(scenario: "ci", rows: [like], ending: .settled).hasSuffix(",slower,complete,run_p50\r\n"))
    }

    @Test func latenciesCSVIsReadByColumnNameEachUsersExecutionsInOrder() throws {
        var medians = StepMedians([(Self.post, 100)])
        let text = """
            scenario,variant,step,vu,execution,latency_ns\r
            ci,weak,post,1,0,300000\r
            ci,weak,post,0,0,100000\r
            ci,weak,post,0,1,150500\r
            ci,strong,post,0,0,90000\r

            """
        try medians.readExecutions(latenciesCSV: text, path: "latencies.csv")
        #expect(medians.executions[Self.post] == [100, 150.5, 300])
        #expect(medians.executions[StepMedians.Key(variant: "strong", step: "post")] == [90])
        #expect(throws: PairedError.self) { try medians.readExecutions(latenciesCSV: "variant,step\nweak,post\n", path: "x/latencies.csv") }
        #expect(throws: PairedError.self) {
            try medians.readExecutions(latenciesCSV: "variant,step,vu,latency_ns\nweak,post,0,fast\n", path: "x/latencies.csv")
        }
    }
}
