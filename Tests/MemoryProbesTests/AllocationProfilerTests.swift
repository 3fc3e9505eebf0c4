import Foundation
import MemoryProbes
import ProfileFixtures
import Synchronization
import Testing

/// What the allocation profiler records, checked against what the counters and the code say.
@Suite(.serialized) struct AllocationProfilerTests {
    private let symbols = StackSymbolizer()

    /// The sites of `stacks` with their allocation counts.
    private func sites(_ stacks: [AllocationRecording.Stack]) -> [String: Int] {
        var sites: [String: Int] = [:]
        for stack in stacks {
            let frames = symbols.frames(stack.frames)
            sites[SymbolizedFrame.siteIndex(in: frames).map { frames[$0].name } ?? "?", default: 0] += stack.allocations
        }
        return sites
    }

    @Test(arguments: [1, 37, 1_000])
    func aFunctionThatMakesNObjectsIsTheSiteOfExactlyN(count: Int) throws {
        let storage = UnsafeMutableBufferPointer<ProfiledWidget?>.allocate(capacity: count)
        storage.initialize(repeating: nil)
        defer {
            _ = storage.deinitialize()
            storage.deallocate()
        }
        let profiler = try AllocationProfiler(mode: .exact)
        let measured = profiler.record("make") { AllocationCounters.measure { makeProfiledWidgets(count, into: storage) } }
        let recording = profiler.recording()
        #expect(sites(recording.stacks) == ["MemoryProbesTests.makeProfiledWidgets(_:into:)": count])
        let widgetSize = AllocationCounters.allocationSize(of: Unmanaged.passUnretained(storage[0]!).toOpaque())
        #expect(recording.stacks.reduce(0) { $0 + $1.bytes } == count * widgetSize)
        #expect(measured.allocations == count && measured.bytesAllocated == count * widgetSize)
        #expect(recording.live.count == count, "every widget is alive")
        #expect(recording.stacks.allSatisfy { $0.truncation == .complete && $0.label == "make" })
    }

    @Test func theStackRunsFromTheAllocatorsCallerToTheStepEntryAndNoFurther() throws {
        var keep: [UnsafeMutableRawPointer] = []
        keep.reserveCapacity(16)
        defer { keep.forEach { free($0) } }
        let profiler = try AllocationProfiler(mode: .exact)
        profiler.record("deep") { profiledOuter(&keep) }
        let stacks = profiler.recording().stacks
        try #require(stacks.count == 1)
        #expect(stacks[0].allocations == 16 && stacks[0].truncation == .complete)
        let names = symbols.frames(stacks[0].frames).map(\.name)
        let chain = ["MemoryProbesTests.profiledInner(_:)", "MemoryProbesTests.profiledMiddle(_:)",
                     "MemoryProbesTests.profiledOuter(_:)"]
        #expect(Array(names.prefix(3)) == chain, "\(names)")
        // Nothing of the caller of `record`: not this test, not the profiler.
        #expect(!names.contains { $0.contains("theStackRunsFromTheAllocatorsCallerToTheStepEntryAndNoFurther") && !$0.hasPrefix("closure") })
        #expect(!names.contains { $0.contains("AllocationProfiler.record") }, "\(names)")
    }

    @Test func aFunctionTheCompilerInlinedIsAFrameOfItsOwnAndTheSite() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        let block = profiler.record("inlined") { roost_fixture_build_record_outer(48) }
        defer { free(block) }
        let stacks = profiler.recording().stacks
        try #require(stacks.count == 1)
        let frames = symbols.frames(stacks[0].frames)
        let names = frames.map(\.name)
        // Leaf first: the inlined function, then the function its code was inlined into.
        let inlined = try #require(names.firstIndex(of: "roost_fixture_build_record"), "\(names)")
        #expect(names[inlined + 1] == "roost_fixture_build_record_outer", "\(names)")
        #expect(frames[inlined].offset == frames[inlined + 1].offset, "both are the one return address")
        #expect(SymbolizedFrame.siteIndex(in: frames).map { names[$0] } == "roost_fixture_build_record")
        // The symbol table alone names the function that holds the code.
        let address = try #require(stacks[0].frames.first { symbols.frames(at: $0).contains { $0.name == "roost_fixture_build_record" } })
        #expect(symbols.frame(at: address).name == "roost_fixture_build_record_outer")
    }

    @Test func aWalkCrossesCodeWithoutFramePointersBackToTheSwiftCaller() throws {
        let libc = try #require(LoadedModule.all().first { $0.name.hasPrefix("libc.so") })
        #expect(!libc.hasFramePointers, "Debian's libc is built without frame pointers: the walk needs its CFI")
        var values = (0..<64).map { Int32(($0 * 7_919) % 101) }
        let profiler = try AllocationProfiler(mode: .exact)
        profiler.record("sort") {
            // qsort (libc, no frame pointers) calls this comparator, which allocates.
            qsort(&values, values.count, 4) { a, b in
                free(malloc(24))
                return a!.load(as: Int32.self) < b!.load(as: Int32.self) ? -1 : 1
            }
        }
        let stacks = profiler.recording().stacks
        #expect(!stacks.isEmpty)
        for stack in stacks {
            #expect(stack.truncation == .complete)
            let frames = symbols.frames(stack.frames)
            let libcFrames = frames.indices.filter { frames[$0].module == libc.name }
            let after = frames.indices.filter { index in libcFrames.contains { $0 < index } && frames[index].module != libc.name }
            #expect(!libcFrames.isEmpty && !after.isEmpty, "\(frames.map(\.name))")
            #expect(after.contains { frames[$0].name.contains("aWalkCrossesCodeWithoutFramePointersBackToTheSwiftCaller") })
        }
    }

    @Test func profilingChangesNoCountAndAnExactProfileAddsUpToThem() throws {
        _ = mixedAllocationWorkload(round: 0)  // first use: runtime caches
        func measured(_ profiler: AllocationProfiler?) -> AllocationMeasurement {
            var kept: [AnyObject] = []
            kept.reserveCapacity(1)
            let measurement = profiler.map { profiler in
                profiler.record("mixed") { AllocationCounters.measure { kept.append(mixedAllocationWorkload(round: 1) as AnyObject) } }
            } ?? AllocationCounters.measure { kept.append(mixedAllocationWorkload(round: 1) as AnyObject) }
            return measurement
        }
        _ = measured(nil)  // first use of these code paths
        _ = measured(AllocationProfiler())
        let plain = measured(nil)
        let exactProfiler = try AllocationProfiler(mode: .exact)
        let exact = measured(exactProfiler)
        let sampled = measured(try AllocationProfiler(mode: .sampled, meanSampleBytes: 4_096, seed: 3))
        let off = measured(AllocationProfiler())
        for other in [exact, sampled, off] {
            #expect(other.allocations == plain.allocations && other.bytesAllocated == plain.bytesAllocated
                    && other.frees == plain.frees && other.bytesFreed == plain.bytesFreed, "\(other) vs \(plain)")
        }
        let recording = exactProfiler.recording()
        #expect(recording.stacks.reduce(0) { $0 + $1.allocations } == exact.allocations)
        #expect(recording.stacks.reduce(0) { $0 + $1.bytes } == exact.bytesAllocated)
        #expect(recording.droppedAllocations == 0)
    }

    @Test func freesOnAnyThreadAndReallocsAreMatched() throws {
        let storage = UnsafeMutableBufferPointer<UInt>.allocate(capacity: 10)
        defer { storage.deallocate() }
        let profiler = try AllocationProfiler(mode: .exact)
        profiler.record("make") { mallocBlocks(10, size: 100, into: storage) }
        let blocks = Array(storage)
        #expect(Set(profiler.recording().live.map(\.address)) == Set(blocks))
        let done = DispatchSemaphore(value: 0)
        Thread {
            for block in blocks.prefix(4) { free(UnsafeMutableRawPointer(bitPattern: block)) }
            done.signal()
        }.start()
        done.wait()
        #expect(Set(profiler.recording().live.map(\.address)) == Set(blocks.dropFirst(4)))
        // A realloc outside the capture frees the recorded block; its new block is not recorded.
        let moved = realloc(UnsafeMutableRawPointer(bitPattern: blocks[4]), 100_000)
        #expect(Set(profiler.recording().live.map(\.address)) == Set(blocks.dropFirst(5)))
        free(moved)
        for block in blocks.dropFirst(5) { free(UnsafeMutableRawPointer(bitPattern: block)) }
        #expect(profiler.recording().live.isEmpty)
        #expect(profiler.recording().stacks.reduce(0) { $0 + $1.allocations } == 10)
    }

    @Test func threadsThatExitLeaveTheirRecordsBehind() throws {
        let profiler = try AllocationProfiler(mode: .exact)
        let group = DispatchGroup()
        let blocks = Mutex<[UInt]>([])
        for _ in 0..<8 {
            group.enter()
            let thread = Thread {
                let storage = UnsafeMutableBufferPointer<UInt>.allocate(capacity: 100)
                profiler.record("worker") { mallocBlocks(100, size: 64, into: storage) }
                blocks.withLock { $0 += storage }
                storage.deallocate()
                group.leave()
            }
            thread.start()
        }
        group.wait()
        usleep(20_000)  // the threads finish exiting
        let recording = profiler.recording()
        #expect(recording.stacks.reduce(0) { $0 + $1.allocations } == 800)
        #expect(recording.live.count == 800)
        for block in blocks.withLock({ $0 }) { free(UnsafeMutableRawPointer(bitPattern: block)) }
        #expect(profiler.recording().live.isEmpty)
    }

    @Test(arguments: [0, 0x1234_5678, UInt.max & ~15])
    func aGarbageFramePointerEndsTheStackAsTruncatedNotACrash(framePointer: UInt) throws {
        let profiler = try AllocationProfiler(mode: .exact)
        let block = profiler.record("garbage") { roost_fixture_malloc_with_frame_pointer(64, framePointer) }
        free(block)
        let stacks = profiler.recording().stacks
        #expect(stacks.count == 1 && stacks.first?.allocations == 1)
        #expect(stacks.first?.truncation == .badFrame)
    }

    @Test func theUnwinderKnowsWhichModulesKeepFramePointers() {
        let modules = LoadedModule.all()
        let sqlite = modules.first { $0.name.hasPrefix("libsqlite3") }
        let swiftCore = modules.first { $0.name == "libswiftCore.so" }
        // libsqlite3 is loaded by GRDB's users only; this test binary links it through SocialStack.
        if let sqlite { #expect(!sqlite.hasFramePointers && sqlite.fdesChecked > 1_000, "\(sqlite)") }
        #expect(swiftCore?.hasFramePointers == true)
        #expect(modules.first?.hasFramePointers != nil)
        let executable = modules.first { $0.path == (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) }
        #expect(executable?.hasFramePointers == true, "this package's Swift and C keep frame pointers")
    }

    @Test func modeOffRecordsNothing() {
        let profiler = AllocationProfiler()
        let block = profiler.record("off") { malloc(64) }
        free(block)
        #expect(profiler.recording().stacks.isEmpty && profiler.mode == .off)
    }

    @Test func aMeanBelowOneByteIsRejected() {
        #expect(throws: AllocationProfilerError.invalidMeanSampleBytes(0)) { try AllocationProfiler(mode: .sampled, meanSampleBytes: 0) }
    }
}
