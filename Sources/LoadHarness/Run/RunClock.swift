import Foundation
import Synchronization

/// Where a run reads the time and waits (`think`, durations, ramp-up, arrival times).
/// Tests inject a `ManualClock` and assert exact counts instead of sleeping.
public protocol RunClock: Sendable {
    /// Nanoseconds on a monotonic scale.
    func now() -> UInt64
    /// Waits until `deadline` (nanoseconds on the same scale).
    func sleep(until deadline: UInt64)
    /// Waits until `deadline` and returns as close after it as the clock can: an open model's
    /// virtual user waiting on an iteration's intended start (its lateness is the harness's,
    /// and lands in the corrected latency). A plain `sleep(until:)` unless the clock does better.
    func waitPrecisely(until deadline: UInt64)
}

extension RunClock {
    public func waitPrecisely(until deadline: UInt64) { sleep(until: deadline) }
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

    /// How long before a precise deadline the wait stops sleeping and starts spinning: longer
    /// than most wake-ups take on a loaded machine with the thread's timer slack at its least
    /// (docs/capacity.md measures them).
    public static let spinWindow: UInt64 = 300_000
    /// The last part of the spin, which never leaves the core (the step then starts on a warm one).
    public static let busyWindow: UInt64 = 5_000

    /// Sleeps until `spinWindow` before the deadline, spins yielding the core until
    /// `busyWindow` before it, then spins on the core to it.
    public func waitPrecisely(until deadline: UInt64) {
        var now = self.now()
        guard deadline > now else { return }
        if deadline - now > Self.spinWindow {
            Thread.sleep(forTimeInterval: Double(deadline - Self.spinWindow - now) / 1e9)
            now = self.now()
        }
        while now < deadline, deadline - now > Self.busyWindow {
            sched_yield()
            now = self.now()
        }
        while now < deadline { now = self.now() }
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
