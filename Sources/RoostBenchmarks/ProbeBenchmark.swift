#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import LoadHarness
import MemoryProbes

/// Measures what MemoryProbes costs: reading the allocation counters, a process snapshot,
/// a counted malloc, tracker registration and checks, a retain-cycle walk over a
/// 100,000-object graph, the allocation profiler's hook, and the wall-clock sampler's tag
/// store and samples. Build with `-c release`.
public struct ProbeBenchmark: Sendable {
    /// How much to run.
    public struct Options: Sendable {
        /// Calls per batch for the per-call costs; each figure is the median of `batches`.
        public var calls = 1_000_000
        public var batches = 7
        /// Objects tracked per tracker batch.
        public var trackedObjects = 100_000
        /// Screens in the walked graph (about 1,003 objects each, plus 1,001 shared).
        public var screens = 100
        /// Walks of the graph timed.
        public var walks = 7
        /// A scenario whose measured steps are timed with the allocation profile off, sampled
        /// and exact (nil: not measured), and how many rounds of the three.
        public var profiledScenario: Scenario?
        public var profiledRuns = 5
        public var profiledModes: [AllocationProfileMode] = [.off, .sampled, .exact]

        /// The sizes: a 100,000-object graph.
        public init() {}
    }

    /// One measured cost: the median over batches, with the smallest and largest batch.
    public struct Cost: Sendable {
        public let name: String
        public let unit: String
        public let median: Double
        public let minimum: Double
        public let maximum: Double
        public let note: String
    }

    public let options: Options

    /// A benchmark with these options.
    public init(options: Options) { self.options = options }

    /// Runs every measurement; `progress` is told each as it starts.
    public func run(progress: (String) -> Void = { _ in }) throws -> [Cost] {
        var costs: [Cost] = []
        guard AllocationCounters.isJemallocActive else {
            throw ProbeBenchmarkError.jemallocInactive(AllocationCounters.unavailableReason ?? "")
        }
        progress("malloc + free of 64 bytes through the counting interposer")
        costs.append(cost("malloc + free (64 B)", "ns", perCall(calls: options.calls) { mallocFree() },
                          "counted in thread-locals, then jemalloc's mallocx / dallocx"))
        costs.append(cost("malloc + free (64 B) in a span", "ns", inSpan { perCall(calls: options.calls) { mallocFree() } },
                          "as inside a measured step: also the peak (two counter loads) and the temporary check"))

        progress("per-thread counter reads")
        costs.append(cost("AllocationCounters.threadBytesAllocated", "ns", perCall(calls: options.calls) {
            blackHole(AllocationCounters.threadBytesAllocated)
        }, "one thread-local pointer load through jemalloc's thread.allocatedp"))
        costs.append(cost("AllocationCounters.threadTotals()", "ns", perCall(calls: options.calls) {
            blackHole(AllocationCounters.threadTotals().bytesAllocated)
        }, "four counters: bytes allocated and freed, calls allocated and freed"))
        costs.append(cost("AllocationCounters.measure { }", "ns", perCall(calls: options.calls) {
            blackHole(AllocationCounters.measure {}.allocations)
        }, "two threadTotals()"))

        progress("process snapshots")
        costs.append(cost("AllocationCounters.snapshot()", "us", perCall(calls: max(1, options.calls / 1_000)) {
            blackHole(AllocationCounters.snapshot().allocated)
        }.map { $0 / 1_000 }, "tcache flush, epoch, 5 mallctl reads"))
        costs.append(cost("ProcessMemory.current()", "us", perCall(calls: max(1, options.calls / 1_000)) {
            blackHole(ProcessMemory.current()?.residentBytes ?? 0)
        }.map { $0 / 1_000 }, "reads /proc/self/statm and /proc/self/status"))

        progress("lifetime tracker")
        costs += trackerCosts()

        progress("retain-cycle walk over the screen graph")
        costs += walkCosts(progress: progress)

        progress("statement counters (SQLite's counts per statement)")
        costs += try statementCounterCosts()

        progress("allocation-profile hook")
        costs += try allocationProfileCosts()

        progress("wall-clock sampler")
        costs += wallClockSamplerCosts()
        if let scenario = options.profiledScenario {
            costs += try scenarioCosts(scenario, runs: options.profiledRuns, modes: options.profiledModes, progress: progress)
        }
        return costs
    }

    private func trackerCosts() -> [Cost] {
        var registration: [Double] = [], check: [Double] = []
        for _ in 0..<options.batches {
            let objects = (0..<options.trackedObjects).map { _ in TrackedObject() }
            let tracker = LifetimeTracker()
            let start = DispatchTime.now().uptimeNanoseconds
            for object in objects { tracker.track(object) }
            registration.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(objects.count))
            // Half die; the check then visits every entry.
            let kept = objects.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            withExtendedLifetime(kept) {
                let checkStart = DispatchTime.now().uptimeNanoseconds
                blackHole(tracker.survivors().count)
                check.append(Double(DispatchTime.now().uptimeNanoseconds - checkStart) / Double(objects.count))
            }
        }
        return [
            cost("LifetimeTracker.track(_:)", "ns", registration, "per object, first weak reference included (side table)"),
            cost("LifetimeTracker.survivors()", "ns", check, "per tracked object, half of \(options.trackedObjects) alive"),
        ]
    }

    private func walkCosts(progress: (String) -> Void) -> [Cost] {
        let (window, objects) = ProbeBenchmarkGraph.make(screens: options.screens)
        defer { ProbeBenchmarkGraph.tearDown(window) }
        let detector = RetainCycleDetector()
        var first: [Double] = [], later: [Double] = []
        var report: RetainCycleReport?
        for walk in 0..<options.walks {
            let start = DispatchTime.now().uptimeNanoseconds
            report = detector.report(from: window)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if walk == 0 { first.append(elapsed) } else { later.append(elapsed) }
        }
        let found = report.map { "\($0.objects.count) objects, \($0.cycles.count) cycles" } ?? ""
        progress("walked \(found) (\(objects) built)")
        return [
            cost("RetainCycleDetector.report(from:), first walk", "ms", first, "\(found); builds the type plans"),
            cost("RetainCycleDetector.report(from:)", "ms", later.isEmpty ? first : later, "\(found); fresh detector, plans rebuilt per walk"),
        ]
    }

    /// Nanoseconds per call of `body`, one figure per batch.
    func perCall(calls: Int, _ body: () -> Void) -> [Double] {
        (0..<options.batches).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<calls { body() }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
        }
    }

    /// `body`'s result, run inside an allocation span (peak and temporary allocations tracked).
    func inSpan(_ body: () -> [Double]) -> [Double] {
        let span = AllocationSpan()
        let values = body()
        _ = span.end()
        return values
    }

    func cost(_ name: String, _ unit: String, _ values: [Double], _ note: String) -> Cost {
        Cost(name: name, unit: unit, median: Statistics.median(values) ?? 0, minimum: values.min() ?? 0,
             maximum: values.max() ?? 0, note: note)
    }
}

/// Why the probe benchmark cannot run.
public enum ProbeBenchmarkError: Error, CustomStringConvertible {
    case jemallocInactive(String)
    /// The statement counters' benchmark could not set up its database.
    case sqlite(String)

    public var description: String {
        switch self {
        case .jemallocInactive(let reason): return reason
        case .sqlite(let problem): return "roost-bench probes: statement counters: \(problem)"
        }
    }
}

private final class TrackedObject {
    var value = 0
}

/// Where `mallocFree` stores each block, so that the optimiser cannot drop the pair.
nonisolated(unsafe) private var mallocSink: UnsafeMutableRawPointer?

@inline(never)
func mallocFree() {
    mallocSink = malloc(64)
    free(mallocSink)
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
