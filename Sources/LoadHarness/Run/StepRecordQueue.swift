import Foundation
import Synchronization

/// One measured step execution, as the time-series collector needs it.
struct StepRecord {
    /// The step's index in the variant's measured steps.
    var step: Int32
    /// The virtual user's index.
    var user: Int32
    var failed: Bool
    /// When the step ended, nanoseconds since the measured phase began.
    var ended: UInt64
    /// Latency, nanoseconds (from the intended start in the open model).
    var latency: UInt64
    var allocations: Int
    var bytesAllocated: Int
    /// SQL statements the step ran (its stage's statements per operation).
    var statements: Int32 = 0
    /// Latency from the step's actual start, nanoseconds (equal to `latency` in a closed model).
    var uncorrected: UInt64 = 0
    /// The executing thread's CPU time in the step, nanoseconds (`noCPU`: not read for this execution).
    var cpu: UInt64 = StepRecord.noCPU
    /// The execution's peak bytes and temporary allocations (design 19).
    var peakBytes = 0
    var temporaryAllocations = 0
}

extension StepRecord {
    /// An execution whose CPU clock was not read (`CPUTime.readEvery`).
    static let noCPU = UInt64.max
}

/// A virtual user's step records on their way to the collector.
typealias StepRecordQueue = RecordQueue<StepRecord>

/// A virtual user's records on their way to the collector: a fixed ring with one producer
/// (the virtual user's thread, after a step's measured span or an iteration's start and end)
/// and one consumer (the collector's thread). Pushing is a store and an atomic increment: no
/// lock, no allocation. A full ring makes the producer wait for the collector (never drops a
/// record).
final class RecordQueue<Record>: @unchecked Sendable {
    /// How many records fit before the producer waits.
    let capacity: Int
    private let buffer: UnsafeMutablePointer<Record>
    /// Records pushed so far (the producer's position).
    private let pushed = Atomic<Int>(0)
    /// Records taken so far (the consumer's position).
    private let taken = Atomic<Int>(0)
    /// Set while the producer waits on a full ring: the collector drains at once.
    let isWaiting = Atomic<Bool>(false)

    /// A ring of `capacity` records (a power of two); allocated here, before any measuring.
    init(capacity: Int = 4_096) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
        // Touched now, so no push meets a page fault (records are plain values: zero bytes are fine).
        UnsafeMutableRawPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Record>.stride)
    }

    deinit { buffer.deallocate() }

    /// Appends a record; waits while the ring is full.
    func push(_ record: Record) {
        let position = pushed.load(ordering: .relaxed)
        if position - taken.load(ordering: .acquiring) >= capacity {
            isWaiting.store(true, ordering: .relaxed)
            while position - taken.load(ordering: .acquiring) >= capacity { sched_yield() }
            isWaiting.store(false, ordering: .relaxed)
        }
        (buffer + (position & (capacity - 1))).initialize(to: record)
        pushed.store(position + 1, ordering: .releasing)
    }

    /// Hands every record pushed so far to `body`, in order; returns how many.
    @discardableResult
    func drain(_ body: (Record) -> Void) -> Int {
        let start = taken.load(ordering: .relaxed), end = pushed.load(ordering: .acquiring)
        for position in start..<end { body(buffer[position & (capacity - 1)]) }
        taken.store(end, ordering: .releasing)
        return end - start
    }
}
