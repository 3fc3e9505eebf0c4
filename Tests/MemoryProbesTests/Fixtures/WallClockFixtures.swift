import Foundation
import Synchronization

/// A flag one thread raises and another polls.
final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() { raised.store(true, ordering: .releasing) }
    var isRaised: Bool { raised.load(ordering: .acquiring) }
}

/// Spins on the CPU until `flag` is raised: the function the on-CPU samples must name.
@inline(never)
func wallClockSpin(_ flag: StopFlag) -> UInt64 {
    var value: UInt64 = 1
    while !flag.isRaised {
        for _ in 0..<1_000 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    }
    return value
}

/// Blocks in `lock` until its holder lets go: the caller the waiting samples must name.
@inline(never)
func wallClockWaitForLock(_ lock: NSLock) {
    lock.lock()
    lock.unlock()
}

/// Runs `body` on a new thread; the semaphore is signalled when it returns.
func startWallClockThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done
}
