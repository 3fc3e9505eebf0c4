import Foundation
import Synchronization

/// Where a run reads the time and waits (`think`, durations, ramp-up, arrival times).
/// Tests inject a `ManualClock` and assert exact counts instead of sleeping.
public protocol RunClock: Sendable {
    /// Nanoseconds on a monotonic scale.
    func now() -> UInt64
    /// Waits until `deadline` (nanoseconds on the same scale).
    func sleep(until deadline: UInt64)
}

/// The machine's monotonic clock.
public struct SystemClock: RunClock {
    /// The system clock.
    public init() {}
    public func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    public func sleep(until deadline: UInt64) {
        let now = self.now()
        if deadline > now { Thread.sleep(forTimeInterval: Double(deadline - now) / 1e9) }
    }
}

/// A clock that only moves when someone sleeps: sleeping until a time sets the clock to it
/// (never backwards). Deterministic with one virtual user; with several, time is shared.
public final class ManualClock: RunClock {
    private let time = Mutex<UInt64>(0)

    /// A clock at zero.
    public init() {}
    public func now() -> UInt64 { time.withLock { $0 } }
    public func sleep(until deadline: UInt64) { time.withLock { $0 = max($0, deadline) } }
    /// Moves the clock forward.
    public func advance(by nanoseconds: UInt64) { time.withLock { $0 += nanoseconds } }
}
