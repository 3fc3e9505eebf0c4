import Synchronization

/// A flag set once and read often, from any thread (a closed store, a removed folder): an
/// `Atomic<Bool>` behind a pointer. A noncopyable stored property such as `Atomic` is hidden
/// from reflection, and Roost's retain-cycle finder would call every walk through a stack
/// that held one incomplete.
final class OnceFlag: @unchecked Sendable {
    private let flag: UnsafeMutablePointer<Atomic<Bool>>

    /// A flag not set.
    init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: Atomic(false))
    }

    deinit {
        flag.deinitialize(count: 1)
        flag.deallocate()
    }

    /// Whether `set()` was called.
    var isSet: Bool { flag.pointee.load(ordering: .acquiring) }

    /// Sets the flag; true the first time only.
    func set() -> Bool { !flag.pointee.exchange(true, ordering: .acquiringAndReleasing) }
}
