import Foundation
@testable import LoadHarness
import Testing

/// Reading callgrind's dumps back (one per measured execution) into per-step counts,
/// per-function own and inclusive counts, and folded stacks.
@Suite struct InstructionProfileTests {
    /// The entry frame's symbol (as the compiler mangles `InstructionCounter.collect`).
    static let entry = "$s11LoadHarness18InstructionCounterO7collectyxSpys5CCharVGSg_xyKXEtKlFZ"

    /// A dump of one execution of `step`, as callgrind writes one: the entry calls `a` (which
    /// calls `b`, `c` and itself) and `c`; `b` calls itself. Own costs: entry 10, a 100, b 50,
    /// c 7 (3 from a, 4 from the entry); a call's cost includes its recursion, once.
    static func dump(step: String, variant: String = "weak", scale: UInt64 = 1) -> String {
        """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        desc: Trigger: Client Request: roost-step\t\(variant)\t\(step)

        positions: line
        events: Ir
        summary: \(167 * scale)

        ob=(1) /tmp/roost
        fl=(1) ???
        fn=(1) \(entry)
        0 \(10 * scale)
        cfn=(2) a
        calls=1 0
        0 \(153 * scale)
        cfn=(3) c
        calls=1 0
        0 \(4 * scale)

        fn=(2)
        0 \(100 * scale)
        cob=(2) /lib/libc.so.6
        cfn=(4) b
        calls=2 0
        0 \(50 * scale)
        cfn=(3)
        calls=1 0
        0 \(3 * scale)
        cfn=(2)
        calls=1 0
        0 \(7 * scale)

        fn=(4)
        0 \(50 * scale)
        cfn=(4)
        calls=1 0
        0 \(20 * scale)

        fn=(3)
        0 \(3 * scale)
        * \(4 * scale)

        totals: \(167 * scale)
        """
    }

    @Test func aDumpIsReadWithItsLabelTotalOwnCostsAndCalls() {
        let dump = CallgrindDump.parse(Self.dump(step: "post"))
        #expect(dump.label == "roost-step\tweak\tpost")
        #expect(dump.total == 167)
        #expect(dump.selfCost == [Self.entry: 10, "a": 100, "b": 50, "c": 7])
        #expect(dump.calls[CallgrindDump.Edge(caller: Self.entry, callee: "a")] == 153)
        #expect(dump.calls[CallgrindDump.Edge(caller: "a", callee: "b")] == 50)
        #expect(dump.calls[CallgrindDump.Edge(caller: "b", callee: "b")] == 20)
    }

    @Test func eachDumpIsOneExecutionOfItsStep() {
        var profile = InstructionProfile()
        profile.add(CallgrindDump.parse(Self.dump(step: "post")))
        profile.add(CallgrindDump.parse(Self.dump(step: "like")))
        profile.add(CallgrindDump.parse(Self.dump(step: "post", scale: 3)))
        profile.add(CallgrindDump.parse(Self.dump(step: "post", scale: 2)))
        // callgrind's own dump at the end (collection off, no label) is not an execution.
        profile.add(CallgrindDump.parse("summary: 0\ntotals: 0\n"))
        #expect(profile.order.map(\.step) == ["post", "like"])
        let post = profile.steps[InstructionProfile.StepKey(variant: "weak", step: "post")]!
        #expect(post.executions == [167, 501, 334])
        #expect(post.mean == 334)
        #expect(post.median == 334)
        #expect(profile.steps[InstructionProfile.StepKey(variant: "weak", step: "like")]!.median == 167)
    }

    @Test func inclusiveCountsAreOwnPlusCallsOutWithoutSelfCalls() {
        var profile = InstructionProfile()
        profile.add(CallgrindDump.parse(Self.dump(step: "post")))
        let functions = profile.steps.values.first!.functions()
        let byName = Dictionary(uniqueKeysWithValues: functions.map { ($0.function, $0) })
        // The entry frame is the step itself: not a function of it.
        #expect(byName.count == 3)
        #expect(byName["a"]?.selfInstructions == 100)
        // a: own 100 + b 50 + c 3 + a 7 (its own recursion is not counted twice: 100 + 50 + 3 = 153).
        #expect(byName["a"]?.inclusiveInstructions == 153)
        #expect(byName["b"]?.inclusiveInstructions == 50)
        #expect(byName["c"]?.inclusiveInstructions == 7)
        #expect(functions.first?.function == "a")
    }

    @Test func foldedStacksAddUpToTheStepAndFollowTheCallGraph() {
        var profile = InstructionProfile()
        profile.add(CallgrindDump.parse(Self.dump(step: "post")))
        let stacks = profile.steps.values.first!.foldedStacks()
        let byPath = Dictionary(uniqueKeysWithValues: stacks.map { ($0.frames.joined(separator: ";"), $0.value) })
        #expect(byPath[""] == 10)
        #expect(byPath["a"] == 100)
        #expect(byPath["a;b"] != nil)
        #expect(byPath["c"] == 4)
        // What the entry's calls cost, plus its own: the dump's total.
        #expect(stacks.reduce(0) { $0 + $1.value } == 167)
    }

    @Test func theFilesCarryPerExecutionMetricsAndFunctions() throws {
        var profile = InstructionProfile()
        profile.add(CallgrindDump.parse(Self.dump(step: "post")))
        profile.add(CallgrindDump.parse(Self.dump(step: "post", scale: 2)))
        let rows = InstructionFiles.summaryRows(scenario: "s", profile)
        #expect(rows == [["s", "weak", "instructions(post)", "250.5", "count"], ["s", "weak", "instructions_p50(post)", "250.5", "count"]])
        let csv = try RFC4180.parse(InstructionFiles.functions(scenario: "s", profile))
        #expect(csv.first == InstructionFiles.header)
        #expect(csv.contains(["s", "weak", "post", "a", "2", "300", "459"]))
        let folded = InstructionFiles.folded(variant: "weak", profile)
        #expect(folded.hasPrefix("post "))
        #expect(folded.contains("post;a 300\n"))
    }

    @Test func instructionThresholdsAreJudgedFromTheCounts() throws {
        var profile = InstructionProfile()
        profile.add(CallgrindDump.parse(Self.dump(step: "post")))
        profile.add(CallgrindDump.parse(Self.dump(step: "like", scale: 2)))
        let thresholds = try ["instructions(post) < 200", "instructions_p50(like) < 300", "instructions < 600"].map {
            try ThresholdParser.parse($0).threshold
        }
        let verdicts = InstructionThresholds.evaluate(thresholds, profile)
        #expect(verdicts.map(\.passed) == [true, false, true])
        #expect(verdicts.map(\.observed) == [167, 334, 501])
    }

    @Test func callgrindInstrumentsTheMeasuredPhasesOfARunWithoutAllocationProfile() {
        let arguments = InstructionRun.valgrindArguments(binary: "/work/roost", run: ["run", "ci.yaml", "--out", "/out"],
                                                         dumps: "/work/dumps")
        // Instrumentation starts with each variant's measured phase (InstructionCounter), collection with each step.
        #expect(Array(arguments.prefix(3)) == ["--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no"])
        #expect(arguments.contains("--callgrind-out-file=/work/dumps/callgrind.out.%p"))
        // The plain run under valgrind records no allocation profile (its capture would be counted as the
        // step's) and streams nothing (written at the end: no writes on other threads at clock-dependent moments).
        #expect(Array(arguments.drop { $0 != "/work/roost" })
            == ["/work/roost", "run", "ci.yaml", "--out", "/out", "--allocation-profile", "off", "--no-streaming"])
        #expect(InstructionRunError.allocationProfileUnderCallgrind(mode: "exact").description
            .contains("--allocation-profile exact is not recorded under callgrind"))
    }

    @Test func jemallocPurgesAndCollectsNothingOnItsOwnUnderCallgrind() {
        #expect(InstructionRun.mallocConf(nil) == "dirty_decay_ms:-1,muzzy_decay_ms:-1,tcache_gc_incr_bytes:1099511627776")
        // The user's own options are kept; ours come last, so they win.
        #expect(InstructionRun.mallocConf("narenas:2,dirty_decay_ms:500") == "narenas:2,dirty_decay_ms:500,dirty_decay_ms:-1,muzzy_decay_ms:-1,tcache_gc_incr_bytes:1099511627776")
    }

    @Test func valgrindIsLookedUpOnPath() {
        #expect(InstructionRun.program("valgrind", path: "/nonexistent-folder") == nil)
        #expect(InstructionRun.program("sh", path: "/nonexistent-folder:/bin") == "/bin/sh")
        #expect(InstructionRunError.valgrindMissing.description.contains("apt-get install valgrind"))
    }
}
