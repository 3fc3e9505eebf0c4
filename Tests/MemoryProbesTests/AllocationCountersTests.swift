import Foundation
import Testing
import MemoryProbes

/// 16 bytes of object header plus 6 x 8 bytes of fields = 64 bytes, one of jemalloc's
/// size classes, so each instance's usable size equals its requested size.
private final class Sixty4 {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
}

@Suite struct AllocationCountersTests {
    @Test func jemallocIsTheProcessAllocator() {
        #expect(AllocationCounters.isJemallocActive, "\(AllocationCounters.unavailableReason ?? "")")
        #expect(AllocationCounters.unavailableReason == nil)
    }

    /// swift-nio style: warm up once, repeat, keep the smallest count.
    private func minimum(_ runs: Int = 5, _ body: () -> Void) -> AllocationMeasurement {
        body()
        return (0..<runs).map { _ in AllocationCounters.measure(body) }.min { $0.allocations < $1.allocations }!
    }

    /// Fills `objects` with `count` new instances (a plain loop: allocation counts are
    /// exact only where the measured code is what it looks like).
    private func fill(_ objects: inout [Sixty4], count: Int) {
        for _ in 0..<count { objects.append(Sixty4()) }
    }

    /// Replaces every element with one shared instance, freeing the old ones.
    private func release(_ objects: inout [Sixty4], keeping shared: Sixty4) {
        for index in objects.indices { objects[index] = shared }
    }

    @Test func tenThousandObjectsOfAKnownSizeAreCountedExactlyAndGivenBack() {
        let count = 10_000, shared = Sixty4()
        // Warm up: the first run of any code may fill the runtime's metadata caches.
        var warmUp: [Sixty4] = []
        warmUp.reserveCapacity(count)
        _ = AllocationCounters.measure { fill(&warmUp, count: count) }
        _ = AllocationCounters.measure { release(&warmUp, keeping: shared) }

        var kept: [Sixty4] = []
        kept.reserveCapacity(count)
        let made = AllocationCounters.measure { fill(&kept, count: count) }
        // Nothing freed: the peak is every byte made.
        #expect(made == AllocationMeasurement(allocations: count, frees: 0, bytesAllocated: count * 64, bytesFreed: 0,
                                              peakBytes: count * 64))
        #expect(made.netBytes == count * 64)

        let freed = AllocationCounters.measure { release(&kept, keeping: shared) }
        #expect(freed == AllocationMeasurement(allocations: 0, frees: count, bytesAllocated: 0, bytesFreed: count * 64))
        #expect(freed.netBytes == -count * 64)
    }

    @Test func countsStayExactWhileAnotherThreadAllocates() async {
        let stop = Flag(), running = DispatchSemaphore(value: 0)
        let noise = Thread {
            var junk: [Sixty4] = [], rounds = 0
            while !stop.isSet {
                junk.append(Sixty4())
                if junk.count == 1000 {
                    junk.removeAll()
                    rounds += 1
                    if rounds == 1 { running.signal() }
                }
            }
        }
        noise.start()
        running.wait()  // measure only once the other thread is allocating
        defer { stop.set() }
        for run in 0...20 {
            let measured = AllocationCounters.measure {
                var objects: [Sixty4] = []
                objects.reserveCapacity(100)
                fill(&objects, count: 100)
            }
            if run == 0 { continue }  // warm-up: the runtime's caches fill on the first run
            // 100 objects and the array that held them; both freed by the end.
            #expect(measured.allocations == 101)
            #expect(measured.frees == 101)
            #expect(measured.netBytes == 0)
        }
    }

    @Test func anEmptyScopeCountsNothing() {
        #expect(minimum { } == AllocationMeasurement(allocations: 0, frees: 0, bytesAllocated: 0, bytesFreed: 0))
        #expect(minimum { }.description == "0 allocations (0 temporary), 0 frees, 0 B allocated, 0 B freed, net 0 B, peak 0 B")
    }

    @Test func largeAllocationsAreCountedWithTheirBytes() {
        let measured = minimum {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
            buffer.deallocate()
        }
        // Freed straight after it was made: a temporary allocation, and the peak is its size.
        #expect(measured == AllocationMeasurement(allocations: 1, frees: 1, bytesAllocated: 1 << 20, bytesFreed: 1 << 20,
                                                  peakBytes: 1 << 20, temporaryAllocations: 1))
    }

    @Test func measureReturningHandsBackTheResult() {
        let (objects, measured) = AllocationCounters.measure(returning: { () -> [Sixty4] in
            var objects: [Sixty4] = []
            objects.reserveCapacity(10)
            fill(&objects, count: 10)
            return objects
        })
        #expect(objects.count == 10)
        #expect(measured.allocations == 11)
        #expect(measured.bytesAllocated >= 10 * 64)
    }

    @Test func threadTotalsSubtractToTheSameMeasurement() {
        var objects: [Sixty4] = []
        objects.reserveCapacity(1)
        let before = AllocationCounters.threadTotals()
        fill(&objects, count: 1)  // escapes, so the optimiser cannot put it on the stack
        let after = AllocationCounters.threadTotals()
        #expect(before.distance(to: after) == AllocationMeasurement(allocations: 1, frees: 0, bytesAllocated: 64, bytesFreed: 0))
    }

    /// Many threads measuring at once, each exact (jemalloc's experimental hooks, tried first,
    /// failed this: a thread could keep skipping them).
    @Test func concurrentMeasurementsAreEachExact() {
        let wrong = Locked2()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var objects: [Sixty4] = []
            objects.reserveCapacity(1_000)
            for round in 0..<2_000 {
                let measured = AllocationCounters.measure { fill(&objects, count: 1) }
                if round > 0, measured.allocations != 1 { wrong.add("worker \(worker): \(measured)") }
                if objects.count == 1_000 { objects.removeAll(keepingCapacity: true) }
            }
        }
        #expect(wrong.values.isEmpty, "\(wrong.values.prefix(5))")
    }

    @Test func allocationSizeIsTheSizeClass() {
        let object = Sixty4()
        let size = AllocationCounters.allocationSize(of: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
        #expect(size == 64)
    }

    /// Process-wide figures move with every thread's allocations (other suites run in
    /// parallel), so the block is large and the check allows 1 MiB of their churn.
    @Test func snapshotSeesLiveBytesGrowAndShrink() {
        let size = 64 << 20, churn = 1 << 20
        let before = AllocationCounters.snapshot()
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        let during = AllocationCounters.snapshot()
        block.deallocate()
        let after = AllocationCounters.snapshot()
        #expect(during.allocated - before.allocated >= size - churn)
        #expect(during.allocated - after.allocated >= size - churn)
        #expect(during.allocations > before.allocations)
        #expect(during.active >= during.allocated && during.resident > 0)
    }
}

/// A set-once flag shared with a thread.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Messages collected across threads.
private final class Locked2: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [String] = []
    func add(_ value: String) { lock.lock(); values.append(value); lock.unlock() }
}
