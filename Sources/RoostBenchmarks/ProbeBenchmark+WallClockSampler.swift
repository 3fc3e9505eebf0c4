import Foundation
import LoadHarness
import MemoryProbes
import Synchronization

extension ProbeBenchmark {
    /// What the wall-clock sampler costs: a tag store (`SampledThread.setTag`, called at every
    /// step's start and end), and per sample the sampler thread's CPU time (reading the
    /// thread's state, signalling, waiting, copying) and the time inside the signal handler on
    /// the sampled thread (the stack walk). Each batch samples four registered threads for half
    /// a second at a 1 ms tick: two spinning 30 frames deep, two blocked on a lock 30 frames
    /// deep (their walks cross libc's frames by CFI).
    func wallClockSamplerCosts() -> [Cost] {
        var tag: Int32 = 0
        let setTag = perCall(calls: options.calls * 10) {
            tag &+= 1
            SampledThread.setTag(tag)
        }
        SampledThread.setTag(-1)

        let stop = SpinStop(), lock = NSLock()
        lock.lock()
        let started = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        for index in 0..<4 {
            Thread {
                SampledThread.register()
                SampledThread.setTag(Int32(index))
                started.signal()
                atDepth(30) {
                    if index < 2 {
                        var value: UInt64 = 1
                        while !stop.raised.load(ordering: .relaxed) { value = value &* 6_364_136_223_846_793_005 &+ 1 }
                        blackHole(value)
                    } else {
                        lock.lock()
                        lock.unlock()
                    }
                }
                SampledThread.unregister()
                ended.signal()
            }.start()
        }
        for _ in 0..<4 { started.wait() }
        var sampler: [Double] = [], handler: [Double] = [], missed: [Double] = []
        for _ in 0..<options.batches {
            let wallClock = WallClockSampler(interval: .milliseconds(1))
            wallClock.start()
            Thread.sleep(forTimeInterval: 0.5)
            let profile = wallClock.stop()
            let samples = Double(max(profile.samples.count, 1))
            sampler.append(Self.microseconds(profile.samplerCPUTime) / samples)
            handler.append(Self.microseconds(profile.handlerTime) / samples)
            missed.append(Double(profile.missed) / Double(max(profile.missed + profile.samples.count, 1)) * 100)
        }
        stop.raised.store(true, ordering: .relaxed)
        lock.unlock()
        for _ in 0..<4 { ended.wait() }
        // The per-step CPU clock: two readings of the thread's CPU time a step (its start and end).
        var sink: UInt64 = 0
        let cpuClock = perCall(calls: options.calls) { sink &+= CPUTime.thread() &+ CPUTime.thread() }
        blackHole(sink)
        return [
            cost("CPU clock of a step read (2 x CLOCK_THREAD_CPUTIME_ID)", "ns", cpuClock,
                 "its thread's CPU time read at its start and end (a system call each)"),
            cost("CPU clock per measured step", "ns", cpuClock.map { $0 / Double(CPUTime.readEvery) },
                 "one step in \(CPUTime.readEvery) reads it: what each step adds on average"),
            cost("SampledThread.setTag(_:)", "ns", setTag, "one thread-local store; \(options.calls * 10) calls a batch"),
            cost("wall-clock sample: sampler thread CPU", "us", sampler,
                 "per sample: pread of the thread's stat, tgkill, futex wait for the answer, copy"),
            cost("wall-clock sample: signal handler", "us", handler,
                 "per sample, on the sampled thread: a 30+-frame walk (frame pointers and libc CFI)"),
            cost("wall-clock sample: missed", "%", missed, "of the threads picked, 4 threads, 1 ms ticks"),
        ]
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}

/// What tells the benchmark's spinning threads to stop.
private final class SpinStop: Sendable {
    let raised = Atomic<Bool>(false)
}
