import Foundation
import MemoryProbes
import Testing

/// Where the tests keep a block, so that no optimiser drops an allocation.
nonisolated(unsafe) private var keptBlock: UnsafeMutableRawPointer?

/// The sites of this file: each a function of its own, so that it is the site of its blocks.
@inline(never) func peakSiteHeld(_ bytes: Int) -> UnsafeMutableRawPointer {
    let block = malloc(bytes)!
    keptBlock = block
    return block
}

@inline(never) func peakSiteTemporary(_ bytes: Int) -> UnsafeMutableRawPointer {
    let block = malloc(bytes)!
    keptBlock = block
    return block
}

@inline(never) func peakSiteGrown(_ block: UnsafeMutableRawPointer, to bytes: Int) -> UnsafeMutableRawPointer {
    let grown = realloc(block, bytes)!
    keptBlock = grown
    return grown
}

/// What was live at each execution's peak (design 19), recorded by the allocation profiler
/// for spans counted inside `record`: the blocks of the first moment the thread's net bytes
/// were highest, per stack. Sizes are jemalloc size classes, so usable bytes equal requested.
@Suite(.serialized) struct PeakSitesTests {
    private let symbols = StackSymbolizer()

    /// One execution of `body` under `label`, counted by a span inside the profile (as a measured step is).
    @discardableResult
    private func execute(_ profiler: AllocationProfiler, _ label: String, _ body: () -> Void) -> AllocationMeasurement {
        profiler.record(label) {
            let span = AllocationSpan()
            body()
            return span.end()
        }
    }

    /// The site of a stack of `recording`.
    private func site(_ stack: Int, _ recording: AllocationRecording) -> String {
        let frames = symbols.frames(recording.stacks[stack].frames)
        return SymbolizedFrame.siteIndex(in: frames).map { frames[$0].name } ?? "?"
    }

    /// An execution's blocks at its peak by site: (allocations, bytes).
    private func sites(_ peak: ExecutionPeak, _ recording: AllocationRecording) -> [String: [Int]] {
        var sites: [String: [Int]] = [:]
        for block in peak.blocks {
            let site = site(block.stack, recording)
            let sum = sites[site] ?? [0, 0]
            sites[site] = [sum[0] + block.allocations, sum[1] + block.bytes]
        }
        return sites
    }

    private static let held = "MemoryProbesTests.peakSiteHeld(_:)"
    private static let temporary = "MemoryProbesTests.peakSiteTemporary(_:)"

    @Test func howLongABufferLivesMovesWhatIsLiveAtThePeakAndNothingElse() throws {
        // The same allocations and bytes; the 1 MiB block held across the loop, or freed before it.
        func play(holding: Bool) {
            let block = peakSiteHeld(1 << 20)
            if !holding { free(block) }
            for _ in 0..<10 { free(peakSiteTemporary(65_536)) }
            if holding { free(block) }
        }
        play(holding: true)  // first use: the symbolizer's and the loop's caches
        let profiler = try AllocationProfiler(mode: .exact)
        let long = execute(profiler, "long") { play(holding: true) }
        let short = execute(profiler, "short") { play(holding: false) }
        let recording = profiler.recording()
        try #require(recording.peaks.count == 2)
        let (atLong, atShort) = (recording.peaks[0], recording.peaks[1])
        #expect(long.allocations == short.allocations && long.bytesAllocated == short.bytesAllocated)
        #expect(long.peakBytes == (1 << 20) + 65_536 && short.peakBytes == 1 << 20, "\(long) \(short)")
        #expect(atLong.label == "long" && atLong.peakBytes == long.peakBytes && atLong.sequence == 0)
        #expect(atShort.label == "short" && atShort.peakBytes == short.peakBytes && atShort.sequence == 1)
        // Held: the block and the loop's first buffer (the first moment at the highest point).
        #expect(sites(atLong, recording) == [Self.held: [1, 1 << 20], Self.temporary: [1, 65_536]])
        // Freed early: the block alone is the peak; none of the loop's buffers is live with it.
        #expect(sites(atShort, recording) == [Self.held: [1, 1 << 20]])
        // Nothing was freed here that was made before: the blocks add up to the peak exactly.
        for (peak, measured) in [(atLong, long), (atShort, short)] {
            #expect(peak.blocks.reduce(0) { $0 + $1.bytes } == measured.peakBytes)
            #expect(peak.blocks.allSatisfy { Double($0.bytes) == $0.estimatedBytes && Double($0.allocations) == $0.estimatedAllocations })
        }
    }

    @Test func aLoopThatFreesWhatItAllocatesHasOneIterationLiveAtItsPeak() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        for iterations in [1, 10, 100] {
            execute(profiler, "loop\(iterations)") { for _ in 0..<iterations { free(peakSiteTemporary(65_536)) } }
        }
        let recording = profiler.recording()
        #expect(recording.peaks.map(\.label) == ["loop1", "loop10", "loop100"])
        for peak in recording.peaks {
            #expect(peak.peakBytes == 65_536 && sites(peak, recording) == [Self.temporary: [1, 65_536]], "\(peak.label)")
        }
    }

    @Test func aReallocThatMovesHasTheOldAndTheNewBlockLiveAtThePeak() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        var moved = false
        let measured = execute(profiler, "grow") {
            let small = peakSiteHeld(4_096)
            let large = peakSiteGrown(small, to: 65_536)
            moved = large != small
            free(large)
        }
        #expect(moved, "jemalloc moves a 4 KiB block to grow it to 64 KiB")
        let recording = profiler.recording()
        let peak = try #require(recording.peaks.first)
        #expect(measured.peakBytes == 4_096 + 65_536 && peak.peakBytes == measured.peakBytes)
        #expect(sites(peak, recording) == [Self.held: [1, 4_096], "MemoryProbesTests.peakSiteGrown(_:to:)": [1, 65_536]])
    }

    @Test func freeingABlockMadeBeforeTheSpanLowersThePeakNotTheBlocksLiveAtIt() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        let older = malloc(1 << 20)!, smaller = malloc(65_536)!
        // Below the start all along: a peak of 0, nothing of the span's at it.
        let below = execute(profiler, "below") {
            free(older)
            free(peakSiteTemporary(65_536))
        }
        // 64 KiB freed of what was there, then 128 KiB made: a peak of 64 KiB, 128 KiB live at it.
        let above = execute(profiler, "above") {
            free(smaller)
            free(peakSiteTemporary(131_072))
        }
        let recording = profiler.recording()
        try #require(recording.peaks.count == 2)
        #expect(below.peakBytes == 0 && recording.peaks[0].blocks.isEmpty)
        #expect(above.peakBytes == 65_536 && recording.peaks[1].peakBytes == 65_536)
        #expect(sites(recording.peaks[1], recording) == [Self.temporary: [1, 131_072]])
    }

    @Test func anInnerSpanDoesNotMoveTheOuterExecutionsPeak() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        let measured = execute(profiler, "nested") {
            let block = peakSiteHeld(65_536)
            _ = AllocationCounters.measure { free(peakSiteTemporary(131_072)) }
            free(block)
            free(peakSiteTemporary(4_096))
        }
        let recording = profiler.recording()
        try #require(recording.peaks.count == 1, "one execution: the outermost span")
        #expect(measured.peakBytes == 65_536 + 131_072)
        #expect(sites(recording.peaks[0], recording) == [Self.held: [1, 65_536], Self.temporary: [1, 131_072]])
    }

    @Test func aSampledProfileWeighsItsLiveSamples() throws {
        // A block of 16 means is sampled with probability 1 - e^-16; its weight is 1/p.
        let mean = 65_536, big = 16 * mean
        let profiler = try AllocationProfiler(mode: .sampled, meanSampleBytes: mean, seed: 7)
        let measured = execute(profiler, "sampled") {
            let block = peakSiteHeld(big)
            free(peakSiteTemporary(4_096))
            free(block)
        }
        let recording = profiler.recording()
        let peak = try #require(recording.peaks.first)
        #expect(measured.peakBytes == big + 4_096 && peak.peakBytes == measured.peakBytes)
        let held = try #require(peak.blocks.first { site($0.stack, recording) == Self.held })
        let weight = 1 / -expm1(-Double(big) / Double(mean))
        #expect(held.allocations == 1 && held.bytes == big)
        #expect(abs(held.estimatedBytes - Double(big) * weight) < 1e-6 && abs(held.estimatedAllocations - weight) < 1e-9)
    }

    @Test func withoutASpanOrWithTheProfileOffNoPeakIsKept() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        profiler.record("no span") { free(peakSiteTemporary(4_096)) }
        #expect(profiler.recording().peaks.isEmpty)
        let off = AllocationProfiler()
        execute(off, "off") { free(peakSiteTemporary(4_096)) }
        #expect(off.recording().peaks.isEmpty)
    }
}
