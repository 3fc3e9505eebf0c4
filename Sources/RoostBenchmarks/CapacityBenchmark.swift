import Foundation
import LoadHarness
import Synchronization

/// `roost-bench capacity`: a capacity search against a limit known from first principles. A
/// test-only change to the stack (`StackPatch`, never in a scenario) makes every execution of
/// the step hold one lock for `serviceTime` (spinning on the clock, so the time is exact):
/// no more than 1 / serviceTime executions a second can finish, and the search, judged by
/// `p99 < 5 x serviceTime`, should find that rate within its precision.
public struct CapacityBenchmark: Sendable {
    public var serviceTime: Duration
    public var settings: CapacitySettings

    /// A benchmark of a lock held `serviceTime` per execution.
    public init(serviceTime: Duration, settings: CapacitySettings) {
        self.serviceTime = serviceTime
        self.settings = settings
    }

    /// The limit: executions a second when each holds the lock for `serviceTime`.
    public var limit: Double { 1 / (serviceTime / .seconds(1)) }

    /// One search.
    public func run(progress: @escaping @Sendable (String) -> Void) throws -> CapacityResult {
        let scenario = try SchedulerBenchmark.scenario(load: "{ virtual_users: 1 }")
        let limit = Int((serviceTime / .microseconds(1)) * 5)
        let threshold = try Threshold(parsing: "p99(logout) < " + (limit % 1_000 == 0 ? "\(limit / 1_000)ms" : "\(limit)us"))
        var search = CapacityRun(scenario: scenario, variant: scenario.variants[0].name, thresholds: [threshold], settings: settings)
        search.progress = progress
        search.patch = Self.lock(holding: serviceTime.nanoseconds)
        return try search.run()
    }

    /// Every `logout` holds one lock for `nanoseconds`.
    static func lock(holding nanoseconds: UInt64) -> StackPatch {
        let lock = Mutex(())
        let clock = SystemClock()
        var patch = StackPatch()
        patch.inStep = { step, _ in
            guard step == "logout" else { return }
            lock.withLock { _ in
                let end = clock.now() + nanoseconds
                while clock.now() < end {}
            }
        }
        return patch
    }
}
