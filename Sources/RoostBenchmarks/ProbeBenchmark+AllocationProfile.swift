#if canImport(Glibc)
import Glibc
#endif
import LoadHarness
import MemoryProbes

extension ProbeBenchmark {
    /// What the allocation profiler adds to an allocation: with a profile alive but this
    /// thread not capturing (every free checks the live-block filter), and inside an exact or
    /// sampled capture at several stack depths and through libc's frame-pointer-less qsort
    /// (DWARF call-frame information). Each figure is the difference between batches of 64-byte
    /// malloc + free pairs with and without the capture, per pair: the hook's own cost
    /// (stack walk, interning, live table in and out).
    func allocationProfileCosts() throws -> [Cost] {
        let calls = max(1, options.calls / 4)
        var costs: [Cost] = []
        let plain = perCall(calls: calls) { mallocFree() }
        let sampledAlive = try AllocationProfiler(mode: .sampled)
        let beside = withExtendedLifetime(sampledAlive) { perCall(calls: calls) { mallocFree() } }
        costs.append(cost("profile hook: a profile exists, this thread not captured", "ns", difference(beside, plain),
                          "per malloc + free (64 B): the free's filter check; \(Statistics.median(plain) ?? 0) ns without"))
        for depth in [10, 30, 60] {
            let exact = try captured(.exact, depth: depth, calls: calls)
            costs.append(cost("profile hook: exact, \(depth)-frame stack", "ns", difference(exact, plain),
                              "per allocation: frame-pointer walk, interning (a known stack), live table in and out"))
        }
        let sampled = try captured(.sampled, depth: 30, calls: calls)
        costs.append(cost("profile hook: sampled, 30-frame stack", "ns", difference(sampled, plain),
                          "per allocation: the byte countdown; a walk every 512 KiB on average"))
        let sorts = max(1, calls / 64)
        let uncapturedSort = perCall(calls: sorts) { sortAllocating() }
        let profiler = try AllocationProfiler(mode: .exact)
        let capturedSort = profiler.record("bench") { perCall(calls: sorts) { sortAllocating() } }
        // The comparator's stack: how deep, and how many frames libc's CFI unwound.
        let modules = LoadedModule.all()
        let libc = modules.first { $0.name.hasPrefix("libc.so") }
        let deepest = profiler.recording().stacks.max { $0.frames.count < $1.frames.count }?.frames ?? []
        let unwound = deepest.filter { libc?.contains($0) == true }.count
        costs.append(cost("profile hook: exact, through libc's qsort (DWARF frames)", "ns",
                          difference(capturedSort, uncapturedSort).map { $0 / Double(Self.comparisons + 1) },
                          "per allocation made by a qsort comparator: \(deepest.count) frames, \(unwound) of them libc's, unwound by CFI"))
        return costs
    }

    /// What a profile costs a scenario's measured steps: the sum of their latencies (every
    /// variant, every execution) with the profile off, sampled and exact, the modes taking
    /// turns `runs` times after one unmeasured run; each mode's change against off is the
    /// median of its per-round ratios.
    func scenarioCosts(_ scenario: Scenario, runs: Int, modes: [AllocationProfileMode],
                       progress: (String) -> Void) throws -> [Cost] {
        func stepMilliseconds(_ mode: AllocationProfileMode) throws -> Double {
            var runner = ScenarioRunner(scenario: scenario)
            runner.allocationProfile = mode
            let result = try runner.run()
            return result.variants.flatMap(\.steps).reduce(0) { $0 + $1.meanMicroseconds * Double($1.count) } / 1_000
        }
        _ = try stepMilliseconds(.off)  // first use: runtime caches, SQLite pages
        var times: [AllocationProfileMode: [Double]] = [:]
        for round in 0..<runs {
            for mode in modes {
                progress("\(scenario.name) with the allocation profile \(mode) (\(round + 1) of \(runs))")
                times[mode, default: []].append(try stepMilliseconds(mode))
            }
        }
        var costs = modes.map { mode in
            cost("\(scenario.name): measured step time, profile \(mode)", "ms", times[mode] ?? [0],
                 "sum of every step's latency, \(runs) runs")
        }
        guard let off = times[.off] else { return costs }
        for mode in modes where mode != .off {
            let ratios = zip(times[mode] ?? [], off).map { ($0 / $1 - 1) * 100 }
            costs.append(cost("\(scenario.name): measured step time, profile \(mode) vs off", "%", ratios,
                              "median of \(runs) paired runs"))
        }
        return costs
    }

    /// Nanoseconds per malloc + free pair inside a `mode` capture `depth` frames deep.
    private func captured(_ mode: AllocationProfileMode, depth: Int, calls: Int) throws -> [Double] {
        let profiler = try AllocationProfiler(mode: mode)
        return profiler.record("bench") { atDepth(depth) { perCall(calls: calls) { mallocFree() } } }
    }

    private func difference(_ with: [Double], _ without: [Double]) -> [Double] {
        let base = Statistics.median(without) ?? 0
        return with.map { $0 - base }
    }

    /// Comparisons (each allocating once) in one `sortAllocating()`.
    static var comparisons: Int { sortComparisons }
}

/// Runs `body` `depth` frames below here (the frames are real: the call is not in tail position).
@inline(never)
func atDepth<Result>(_ depth: Int, _ body: () -> Result) -> Result {
    let result = depth <= 1 ? body() : atDepth(depth - 1, body)
    blackHole(depth)
    return result
}

private let sortedValues = 64
/// qsort of 64 values compares a fixed number of times: counted once.
private let sortComparisons: Int = {
    var count = 0
    withUnsafeMutablePointer(to: &count) { counter in
        sortCounter = counter
        sortAllocating()
        sortCounter = nil
    }
    return count
}()
nonisolated(unsafe) private var sortCounter: UnsafeMutablePointer<Int>?

/// Sorts 64 values with libc's qsort (built without frame pointers), its comparator
/// allocating 64 bytes and freeing them each time.
@inline(never)
private func sortAllocating() {
    var values = (0..<sortedValues).map { Int32(($0 * 7_919) % 101) }
    qsort(&values, values.count, 4) { a, b in
        sortCounter?.pointee += 1
        mallocFree()
        return a!.load(as: Int32.self) < b!.load(as: Int32.self) ? -1 : 1
    }
}
