import Foundation
import Testing
import MemoryProbes

/// Where the tests keep a block, so that no optimiser drops an allocation.
nonisolated(unsafe) private var kept: UnsafeMutableRawPointer?

/// The peak of a span (design 19): the most bytes the thread held at once beyond what it held
/// at the start, and heaptrack's temporary allocations, counted in the interposer. The sizes
/// are jemalloc size classes (4 KiB, 64 KiB, 128 KiB, 1 MiB), so usable bytes equal requested.
@Suite struct PeakMeasurementTests {
    /// Measures `body` after one unmeasured run of it (the first run of any code may fill caches).
    private func measured(_ body: () -> Void) -> AllocationMeasurement {
        body()
        return AllocationCounters.measure(body)
    }

    private func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        let block = malloc(bytes)!
        kept = block
        return block
    }

    @Test func aLoopThatFreesWhatItAllocatesPeaksAtOneIterationWhileItsBytesGrow() {
        for iterations in [1, 10, 100] {
            let measurement = measured {
                for _ in 0..<iterations { free(allocate(65_536)) }
            }
            #expect(measurement.bytesAllocated == iterations * 65_536, "\(measurement)")
            #expect(measurement.peakBytes == 65_536, "\(measurement)")
            #expect(measurement.temporaryAllocations == iterations, "\(measurement)")
        }
    }

    @Test func howLongABufferLivesMovesThePeakAndNothingElse() {
        let oneAfterTheOther = measured {
            free(allocate(65_536))
            free(allocate(65_536))
        }
        let together = measured {
            let first = allocate(65_536), second = allocate(65_536)
            free(first)
            free(second)
        }
        #expect(oneAfterTheOther.allocations == together.allocations)
        #expect(oneAfterTheOther.frees == together.frees)
        #expect(oneAfterTheOther.bytesAllocated == together.bytesAllocated)
        #expect(oneAfterTheOther.bytesFreed == together.bytesFreed)
        #expect(oneAfterTheOther.peakBytes == 65_536, "\(oneAfterTheOther)")
        #expect(together.peakBytes == 131_072, "\(together)")
        // Each block of the first is freed straight after it is made; in the second, another
        // allocation (then another free) comes between.
        #expect(oneAfterTheOther.temporaryAllocations == 2, "\(oneAfterTheOther)")
        #expect(together.temporaryAllocations == 0, "\(together)")
    }

    @Test func freeingWhatWasLiveBeforeTheStartCountsOnlyWhatRisesAboveTheStart() {
        let old = allocate(1 << 20)
        let below = AllocationCounters.measure {
            free(old)
            free(allocate(65_536))
        }
        #expect(below.netBytes == -(1 << 20), "\(below)")
        #expect(below.peakBytes == 0, "\(below)")

        let smaller = allocate(65_536)
        let above = AllocationCounters.measure {
            free(smaller)
            free(allocate(131_072))
        }
        #expect(above.peakBytes == 65_536, "\(above)")
    }

    @Test func anInnerSpanReportsItsOwnPeakAndTheOuterOneIncludesIt() {
        var inner = AllocationMeasurement(allocations: 0, frees: 0, bytesAllocated: 0, bytesFreed: 0)
        let outer = measured {
            let held = allocate(65_536)
            inner = AllocationCounters.measure { free(allocate(131_072)) }
            free(held)
        }
        #expect(inner.peakBytes == 131_072, "\(inner)")
        #expect(outer.peakBytes == 65_536 + 131_072, "\(outer)")

        // An outer high reached before the inner span began is kept after it ends.
        let earlier = measured {
            free(allocate(1 << 20))
            inner = AllocationCounters.measure { free(allocate(65_536)) }
        }
        #expect(inner.peakBytes == 65_536, "\(inner)")
        #expect(earlier.peakBytes == 1 << 20, "\(earlier)")
    }

    @Test func aReallocThatMovesHoldsTheOldAndTheNewBlockAtOnce() {
        var moved = false
        let measurement = measured {
            let small = allocate(4_096)
            let large = realloc(small, 65_536)!
            moved = large != small
            kept = large
            free(large)
        }
        // jemalloc moves a 4 KiB block (a small size class) to grow it to 64 KiB (a large one).
        #expect(moved)
        #expect(measurement.peakBytes == 4_096 + 65_536, "\(measurement)")
        // As heaptrack reads a realloc: the old block freed straight after it was made, then
        // the new one freed straight after it was made.
        #expect(measurement.temporaryAllocations == 2, "\(measurement)")
    }

    @Test func aSpanIsExactWhileAnotherThreadAllocates() {
        let stop = PeakStopFlag(), running = DispatchSemaphore(value: 0)
        let noise = Thread {
            var blocks: [UnsafeMutableRawPointer] = [], signalled = false
            while !stop.isSet {
                blocks.append(malloc(65_536)!)
                if blocks.count == 64 {
                    blocks.forEach { free($0) }
                    blocks.removeAll(keepingCapacity: true)
                    if !signalled { running.signal(); signalled = true }
                }
            }
            blocks.forEach { free($0) }
        }
        noise.start()
        running.wait()
        defer { stop.set() }
        for run in 0...20 {
            let span = AllocationSpan()
            let first = allocate(131_072), second = allocate(65_536)
            free(first)
            free(second)
            let measurement = span.end()
            if run == 0 { continue }
            #expect(measurement.peakBytes == 131_072 + 65_536, "\(measurement)")
            #expect(measurement.temporaryAllocations == 0, "\(measurement)")
        }
    }
}

private final class PeakStopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
