import Foundation
import Testing
@testable import LoadHarness

/// `roost run --shard I/N`: which variants and which share of a variant's load each shard plays.
@Suite struct ShardPlanTests {
    @Test(arguments: ["0/2", "3/2", "x", "1/0", "1/", "/2", "-1/2", "1.5/2", "1/2/3", ""])
    func aShardIsIOfNWithIFromOneToN(text: String) {
        #expect(Shard(parsing: text) == nil, "\(text)")
        #expect(ShardError.badSpecification(text).description.contains("expected I/N"))
    }

    @Test func autoReadsAKubernetesIndexedJobsIndexAndTheShardCount() throws {
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "ROOST_SHARD_COUNT": "4"]).get() == Shard(index: 1, count: 4))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "ROOST_SHARD_COUNT": "4"]).get() == Shard(index: 4, count: 4))
        #expect(Shard.fromEnvironment(["ROOST_SHARD_COUNT": "4"]) == .failure(.notInEnvironment("JOB_COMPLETION_INDEX")))
        #expect(Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "4", "ROOST_SHARD_COUNT": "4"])
            == .failure(.badEnvironment(name: "JOB_COMPLETION_INDEX", value: "4", expected: "below ROOST_SHARD_COUNT (4): 0 to 3")))
        #expect(Shard(parsing: "2/4")?.description == "2/4")
    }

    private static let variants = ["a", "b", "c", "d", "e"].map { VariantSpec(name: $0, references: .weak) }

    @Test func variantsAreDealtWholeFirst() {
        func plan(_ index: Int, _ count: Int, _ variants: Int) -> [String] {
            ShardPlan(shard: Shard(index: index, count: count)!, variants: Array(Self.variants.prefix(variants))).parts.map {
                $0.variant.name + ($0.share.map { " \($0)" } ?? "")
            }
        }
        #expect(plan(1, 2, 5) == ["a", "c", "e"])
        #expect(plan(2, 2, 5) == ["b", "d"])
        #expect(plan(1, 2, 2) == ["a"] && plan(2, 2, 2) == ["b"])
        // Fewer variants than shards: each variant's load is split over consecutive shards.
        #expect((1...4).map { plan($0, 4, 2) } == [["a 0:1/2 of 0:1/2,1/2:1"], ["a 1/2:1 of 0:1/2,1/2:1"],
                                                   ["b 0:1/2 of 0:1/2,1/2:1"], ["b 1/2:1 of 0:1/2,1/2:1"]])
        #expect((1...3).map { plan($0, 3, 2) } == [["a 0:1/2 of 0:1/2,1/2:1"], ["a 1/2:1 of 0:1/2,1/2:1"], ["b"]])
        #expect(plan(2, 3, 1) == ["a 1/3:2/3 of 0:1/3,1/3:2/3,2/3:1"])
    }

    @Test func segmentsStripeWholeThingsAsK6Does() throws {
        // k6's own example (lib/execution_segment.go): 0:1/2, 1/2:3/4, 3/4:1.
        let half = ExecutionSegment.Fraction(1, 2), threeQuarters = ExecutionSegment.Fraction(3, 4)
        let sequence = try #require(ExecutionSegmentSequence([
            ExecutionSegment(from: .init(0, 1), to: half)!, ExecutionSegment(from: half, to: threeQuarters)!,
            ExecutionSegment(from: threeQuarters, to: .init(1, 1))!,
        ]))
        #expect(sequence.lcd == 4)
        #expect(sequence.elements(of: 12, segment: 0) == [0, 2, 4, 6, 8, 10])
        #expect(sequence.elements(of: 12, segment: 1) == [1, 5, 9])
        #expect(sequence.elements(of: 12, segment: 2) == [3, 7, 11])
        // Scaled values add up to the whole and follow k6's table.
        #expect((1...12).map { sequence.scale($0, segment: 0) } == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
        #expect((1...12).map { sequence.scale($0, segment: 1) } == [0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3])
        #expect((1...12).map { sequence.scale($0, segment: 2) } == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3])
        for count in 0...40 {
            #expect((0..<3).reduce(0) { $0 + sequence.scale(count, segment: $1) } == count)
            #expect((0..<3).reduce(0) { $0 + sequence.elements(of: count, segment: $1).count } == count)
        }
        // Equal thirds: every third user, every third iteration of the schedule.
        let thirds = ExecutionSegmentSequence.equal(3)
        #expect(thirds.elements(of: 7, segment: 1) == [1, 4])
        #expect(ExecutionSegmentSequence([ExecutionSegment.part(0, of: 2)]) == nil, "a sequence covers 0 to 1")
        #expect(ExecutionSegment(from: half, to: half) == nil)
    }

    @Test func aVariantWithTooFewUsersForItsShardsIsRefused() {
        let load = LoadModel.closed(.init(virtualUsers: 1, iterations: 2))
        #expect(throws: ShardError.tooFewUsers(variant: "a", users: 1, parts: 2, shard: Shard(index: 2, count: 2)!)) {
            _ = try ScenarioRunner.parts(of: [Self.variants[0]], shard: Shard(index: 2, count: 2),
                                           populations: [Population(name: "", load: load, steps: [])])
        }
    }
}
