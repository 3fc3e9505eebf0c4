import Synchronization

/// A total added to and read from any thread (the writer's busy time): an `Atomic<UInt64>`
/// behind a pointer, as `OnceFlag` keeps its flag, so that reflection (and Roost's retain-cycle
/// finder) still sees every stored property of what holds it.
final class AtomicTotal: @unchecked Sendable {
    private let total: UnsafeMutablePointer<Atomic<UInt64>>

    /// A total of 0.
    init() {
        total = .allocate(capacity: 1)
        total.initialize(to: Atomic(0))
    }

    deinit {
        total.deinitialize(count: 1)
        total.deallocate()
    }

    /// The total so far.
    var value: UInt64 { total.pointee.load(ordering: .relaxed) }

    /// Adds `amount` (wrapping, as a counter of nanoseconds never reaches 2^64).
    func add(_ amount: UInt64) { total.pointee.add(amount, ordering: .relaxed) }
}
