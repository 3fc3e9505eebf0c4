import Foundation
import MemoryProbes
import Testing

/// The sampled mode's estimates against the truth, over many seeds (each run's sampling is
/// random, but seeded: the test repeats exactly).
@Suite struct SampledProfileTests {
    /// 10 MiB: half in 256-byte blocks, half in 64 KiB blocks, each freed at once.
    @inline(never)
    private func tenMegabytes() {
        for _ in 0..<20_480 { free(malloc(256)) }
        for _ in 0..<80 { free(malloc(65_536)) }
    }

    @Test func estimatesOfA10MBWorkloadAreUnbiasedAndWithinTheirStatisticalSpread() throws {
        let exact = try AllocationProfiler(mode: .exact)
        exact.record("work") { tenMegabytes() }
        let truth = exact.recording().stacks.reduce((allocations: 0, bytes: 0)) { ($0.allocations + $1.allocations, $0.bytes + $1.bytes) }
        #expect(truth.allocations == 20_560 && truth.bytes == 20_480 * 256 + 80 * 65_536)

        // The estimator's variance (jemalloc's PROFILING_INTERNALS.md): sum of z^2 (1 - p) / p.
        let mean = Double(AllocationProfiler.defaultMeanSampleBytes)
        func variance(_ size: Double, _ count: Double) -> Double {
            let p = -expm1(-size / mean)
            return count * size * size * (1 - p) / p
        }
        let deviation = (variance(256, 20_480) + variance(65_536, 80)).squareRoot()

        var estimates: [Double] = [], counts: [Double] = []
        for seed in 1...100 as ClosedRange<UInt64> {
            let profiler = try AllocationProfiler(mode: .sampled, seed: seed)
            profiler.record("work") { tenMegabytes() }
            let stacks = profiler.recording().stacks
            let estimate = stacks.reduce(0) { $0 + $1.estimatedBytes }
            estimates.append(estimate)
            counts.append(stacks.reduce(0) { $0 + $1.estimatedAllocations })
            #expect(abs(estimate - Double(truth.bytes)) < 5 * deviation, "seed \(seed): \(estimate) vs \(truth.bytes)")
            #expect(stacks.reduce(0) { $0 + $1.allocations } < 100, "a sample every 512 KiB, not every allocation")
        }
        let meanEstimate = estimates.reduce(0, +) / Double(estimates.count)
        let meanCount = counts.reduce(0, +) / Double(counts.count)
        #expect(abs(meanEstimate / Double(truth.bytes) - 1) < 0.10, "bytes: \(meanEstimate) vs \(truth.bytes)")
        #expect(abs(meanCount / Double(truth.allocations) - 1) < 0.10, "allocations: \(meanCount) vs \(truth.allocations)")
    }

    @Test func allocationsLargerThanTheMeanAreAlwaysSampledAndWeighedNearlyAsThemselves() throws {
        let profiler = try AllocationProfiler(mode: .sampled, seed: 9)
        profiler.record("big") { for _ in 0..<10 { free(malloc(8 << 20)) } }
        let stacks = profiler.recording().stacks
        // p = 1 - exp(-16): every one is sampled, each weighing 1.0000001 of itself.
        #expect(stacks.reduce(0) { $0 + $1.allocations } == 10)
        #expect(abs(stacks.reduce(0) { $0 + $1.estimatedBytes } - Double(10 * (8 << 20))) < 1_000)
    }

    @inline(never)
    private func strides() { for size in stride(from: 16, to: 4_000, by: 16) { free(malloc(size)) } }

    @Test func theSameSeedSamplesTheSameAllocations() throws {
        strides()  // first use (the runtime instantiates metadata on the way): not in the samples' count
        func sample(_ seed: UInt64) throws -> [Int] {
            let profiler = try AllocationProfiler(mode: .sampled, meanSampleBytes: 8_192, seed: seed)
            profiler.record("work") { strides() }
            return profiler.recording().stacks.map(\.bytes).sorted()
        }
        #expect(try sample(5) == sample(5))
        #expect(try sample(5) != sample(6))
    }
}
