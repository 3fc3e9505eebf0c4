import Foundation
import MemoryProbes
import Testing

/// The wall-clock sampler on real threads (each test bounded to a few seconds, asking only
/// that some samples were taken within a second), and the waiting-site rule on injected frames.
@Suite(.serialized) struct WallClockSamplerTests {
    /// Samples for about `duration` while the threads do their work, then stops.
    private func profile(for duration: TimeInterval, interval: Duration = .milliseconds(5)) -> WallClockProfile {
        let sampler = WallClockSampler(interval: interval)
        sampler.start()
        Thread.sleep(forTimeInterval: duration)
        return sampler.stop()
    }

    @Test func aSpinningThreadIsSampledOnCPUInTheFunctionItSpinsIn() throws {
        let stop = StopFlag(), registered = DispatchSemaphore(value: 0)
        let done = startWallClockThread {
            #expect(SampledThread.register())
            SampledThread.setTag(3)
            registered.signal()
            _ = wallClockSpin(stop)
            SampledThread.setTag(-1)
            SampledThread.unregister()
        }
        registered.wait()
        let profile = profile(for: 0.5)
        stop.raise()
        #expect(done.wait(timeout: .now() + 5) == .success)

        let spinning = profile.samples.filter { $0.tag == 3 }
        try #require(!spinning.isEmpty, "no sample of the spinning thread in 0.5 s (\(profile.ticks) ticks, \(profile.missed) missed)")
        #expect(spinning.allSatisfy { $0.onCPU }, "a spinning thread is always running or runnable")
        let stacks = try #require(profile.folded()[3])
        #expect(stacks.values.reduce(0, +) == spinning.count)
        let inSpin = stacks.filter { $0.key.contains("MemoryProbesTests.wallClockSpin(_:)") }.values.reduce(0, +)
        #expect(inSpin * 10 >= spinning.count * 9, "\(stacks)")
        #expect(profile.ticks > 0 && profile.samplerCPUTime > .zero && profile.handlerTime > .zero)
    }

    @Test func aThreadBlockedOnALockWaitsOffCPUUnderTheFunctionThatCalledLock() throws {
        let lock = NSLock()
        lock.lock()
        let registered = DispatchSemaphore(value: 0)
        let done = startWallClockThread {
            #expect(SampledThread.register())
            SampledThread.setTag(5)
            registered.signal()
            wallClockWaitForLock(lock)
            SampledThread.setTag(-1)
            SampledThread.unregister()
        }
        registered.wait()
        let profile = profile(for: 0.5)
        lock.unlock()
        #expect(done.wait(timeout: .now() + 5) == .success)

        let waiting = profile.samples.filter { $0.tag == 5 && !$0.onCPU }
        try #require(!waiting.isEmpty, "no waiting sample in 0.5 s (\(profile.ticks) ticks, \(profile.missed) missed)")
        let site = try #require(WaitingSite.dominant(in: profile, tag: 5))
        #expect(site.caller == "MemoryProbesTests.wallClockWaitForLock(_:)", "\(site)")
        // NSLock.lock() tail-calls pthread_mutex_lock (libFoundation is optimised): no frame of its
        // own, so the library frame under the caller is glibc's (`__pthread_mutex_lock`, an alias).
        #expect(site.callee.hasSuffix("NSLock.lock()") || site.callee.contains("pthread_mutex_lock"), "\(site)")
        #expect(site.share >= 0.9, "\(site): the thread waits in lock() from its first sample to its last")
        #expect(profile.folded(onCPU: false)[5]?.keys.allSatisfy { $0.contains("wallClockWaitForLock") } == true)
    }

    @Test func threadsThatEndMidRunAreMissesNotCrashes() throws {
        let sampler = WallClockSampler(interval: .milliseconds(5))
        sampler.start()
        let stopFirst = StopFlag(), stopSecond = StopFlag()
        let registered = DispatchSemaphore(value: 0)
        // One ends properly (unregisters), one ends without unregistering: the sampler finds
        // its thread gone (ESRCH) and counts a miss.
        let first = startWallClockThread {
            SampledThread.register()
            SampledThread.setTag(7)
            registered.signal()
            _ = wallClockSpin(stopFirst)
            SampledThread.unregister()
        }
        let second = startWallClockThread {
            SampledThread.register()
            SampledThread.setTag(8)
            registered.signal()
            _ = wallClockSpin(stopSecond)
        }
        registered.wait()
        registered.wait()
        Thread.sleep(forTimeInterval: 0.3)
        stopFirst.raise()
        stopSecond.raise()
        #expect(first.wait(timeout: .now() + 5) == .success)
        #expect(second.wait(timeout: .now() + 5) == .success)
        Thread.sleep(forTimeInterval: 0.2)  // ticks after both ended
        let profile = sampler.stop()

        #expect(profile.samples.contains { $0.tag == 7 } && profile.samples.contains { $0.tag == 8 })
        #expect(profile.missed >= 1, "the thread that ended without unregistering")
        // Its slot was freed: a new thread registers and is sampled.
        let stop = StopFlag()
        let third = startWallClockThread {
            #expect(SampledThread.register())
            SampledThread.setTag(9)
            registered.signal()
            _ = wallClockSpin(stop)
            SampledThread.unregister()
        }
        registered.wait()
        let again = self.profile(for: 0.3)
        stop.raise()
        #expect(third.wait(timeout: .now() + 5) == .success)
        #expect(again.samples.contains { $0.tag == 9 })
        #expect(!again.samples.contains { $0.tag == 7 || $0.tag == 8 })
    }

    @Test func aStoppedOrNeverStartedSamplerReturnsAnEmptyProfile() {
        let sampler = WallClockSampler()
        #expect(sampler.stop().samples.isEmpty)
        sampler.start()
        _ = sampler.stop()
        let second = sampler.stop()
        #expect(second.samples.isEmpty && second.ticks == 0)
    }

    // MARK: - Pure

    private static let executable = "roost"

    private static func frame(_ module: String, _ symbol: String?) -> SymbolizedFrame {
        SymbolizedFrame(module: module, offset: 0x40, symbol: symbol)
    }

    @Test func theDominantWaitingSiteIsTheExecutablesCallerOfTheOutermostLibraryFrame() {
        let lockWait = [
            Self.frame("libc.so.6", "__futex_abstimed_wait_common"), Self.frame("libc.so.6", "__lll_lock_wait"),
            Self.frame("libc.so.6", "pthread_mutex_lock"), Self.frame("libFoundation.so", "Foundation.NSLock.lock()"),
            Self.frame(Self.executable, "SocialStack.ObservationHub.publish(_:)"),
            Self.frame(Self.executable, "SocialStack.PostService.post(_:)"),
        ]
        let sleep = [
            Self.frame("libc.so.6", "clock_nanosleep"), Self.frame("libc.so.6", nil), Self.frame("libc.so.6", "usleep"),
            Self.frame(Self.executable, "unixSleep"), Self.frame(Self.executable, "sqliteDefaultBusyCallback"),
        ]
        let leafInExecutable = [Self.frame(Self.executable, "spin"), Self.frame(Self.executable, "main")]
        let noExecutable = [Self.frame("libc.so.6", "read"), Self.frame("libc.so.6", "start_thread")]
        let stacks = Array(repeating: lockWait, count: 7) + Array(repeating: sleep, count: 2) + [leafInExecutable, noExecutable]

        let site = WaitingSite.dominant(among: stacks, executable: Self.executable)
        #expect(site == WaitingSite(caller: "SocialStack.ObservationHub.publish(_:)", callee: "Foundation.NSLock.lock()",
                                    samples: 7, waitingSamples: 11))
        #expect(site?.share == 7.0 / 11.0)
        #expect(site?.description == "SocialStack.ObservationHub.publish(_:) -> Foundation.NSLock.lock() (64%)")
        // The busy handler's sleep, alone: libc's outermost frame under SQLite's code.
        #expect(WaitingSite.dominant(among: [sleep], executable: Self.executable)
            == WaitingSite(caller: "unixSleep", callee: "usleep", samples: 1, waitingSamples: 1))
        // An unnamed library frame keeps its module and offset.
        let unnamed = [Self.frame("libsqlite3.so.0", nil), Self.frame(Self.executable, "GRDB.Statement.step()")]
        #expect(WaitingSite.dominant(among: [unnamed], executable: Self.executable)?.callee == "libsqlite3.so.0+0x40")
        // Ties go to the first pair in name order; no pair at all is nil.
        let other = [Self.frame("libc.so.6", "read"), Self.frame(Self.executable, "A.read()")]
        #expect(WaitingSite.dominant(among: [lockWait, other], executable: Self.executable)?.caller == "A.read()")
        #expect(WaitingSite.dominant(among: [leafInExecutable, noExecutable], executable: Self.executable) == nil)
        #expect(WaitingSite.dominant(among: [], executable: Self.executable) == nil)
    }

    @Test func framesOutsideEveryModuleKeepTheirAddressInTheFoldedStacks() {
        let profile = WallClockProfile(samples: [
            WallClockProfile.Sample(tag: 1, onCPU: true, frames: [0x10, 0x20], truncated: true),
            WallClockProfile.Sample(tag: 1, onCPU: false, frames: [0x10, 0x20], truncated: true),
            WallClockProfile.Sample(tag: -1, onCPU: false, frames: [0x30], truncated: false),
        ], missed: 0, ticks: 3)
        #expect(profile.folded() == [1: ["[truncated];0x20;0x10": 2], -1: ["0x30": 1]])
        #expect(profile.folded(onCPU: true) == [1: ["[truncated];0x20;0x10": 1]])
        #expect(WaitingSite.dominant(in: profile) == nil, "no frame in the executable")
    }
}
