import Foundation

/// Laps of wall time and process CPU time, one `BulkLoadTiming` per lap.
struct BulkStopwatch {
    private var wall = ContinuousClock.now
    private var cpu = BulkLoadTiming.processCPUSeconds()
    private let report: (BulkLoadTiming) -> Void

    init(report: @escaping (BulkLoadTiming) -> Void) {
        self.report = report
    }

    /// Reports the time since the last lap as `step` and starts the next lap.
    mutating func lap(_ step: BulkLoadTiming.Step) {
        let now = ContinuousClock.now, cpuNow = BulkLoadTiming.processCPUSeconds()
        let elapsed = now - wall
        report(BulkLoadTiming(step: step, wallSeconds: elapsed / .seconds(1),
                              cpuSeconds: cpuNow - cpu))
        wall = now
        cpu = cpuNow
    }
}
