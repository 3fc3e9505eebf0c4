import Foundation
import MemoryProbes
import Testing

/// What a set of objects keeps alive, from the live recorded blocks.
@Suite struct LiveHeapGraphTests {
    /// Bytes of the live blocks recorded under `label`.
    private func liveBytes(_ recording: AllocationRecording, label: String) -> Int {
        recording.live.filter { recording.stacks[$0.stack].label == label }.reduce(0) { $0 + $1.size }
    }

    private func address(_ object: AnyObject) -> UInt { UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()) }

    private func size(_ pointer: UnsafeRawPointer) -> Int { AllocationCounters.allocationSize(of: pointer) }

    /// A holder of ten payloads; another holder sharing the first five; a third watching the sixth weakly.
    private func build(_ profiler: AllocationProfiler) -> (root: ProfiledHolder, other: ProfiledHolder, watcher: ProfiledHolder) {
        let root = profiler.record("root") { () -> ProfiledHolder in
            let holder = ProfiledHolder()
            holder.items = (0..<10).map { _ in ProfiledPayload(bytes: 4_096) }
            return holder
        }
        let other = profiler.record("other") { () -> ProfiledHolder in
            let holder = ProfiledHolder()
            holder.items = Array(root.items[0..<5])
            return holder
        }
        let watcher = profiler.record("watcher") { () -> ProfiledHolder in
            let holder = ProfiledHolder()
            holder.watched = root.items[5]
            return holder
        }
        return (root, other, watcher)
    }

    @Test func anObjectKeepsAliveWhatOnlyItReachesButNotWhatOthersHoldToo() throws {
        _ = build(AllocationProfiler())  // the runtime's first-use caches (witness tables, metadata), not recorded
        let profiler = try AllocationProfiler(mode: .exact)
        let (root, other, watcher) = build(profiler)
        let recording = profiler.recording()
        let graph = LiveHeapGraph(live: recording.live)

        let shared = root.items[0..<5].reduce(0) { $0 + size(Unmanaged.passUnretained($1).toOpaque()) + size($1.buffer) }
        let retained = try #require(graph.retained(by: [address(root)]))
        #expect(retained.bytes == liveBytes(recording, label: "root") - shared)
        #expect(retained.blocks == recording.live.filter { recording.stacks[$0.stack].label == "root" }.count - 10)
        // The other holder keeps only itself and its array: the payloads are the root's too.
        let alone = try #require(graph.retained(by: [address(other)]))
        #expect(alone.bytes == liveBytes(recording, label: "other"))
        // Both together keep everything they made.
        let both = try #require(graph.retained(by: [address(root), address(other)]))
        #expect(both.bytes == liveBytes(recording, label: "root") + liveBytes(recording, label: "other"))
        // An object that was not recorded has no retained set.
        #expect(graph.retained(by: [0x1000]) == nil)
        withExtendedLifetime((root, other, watcher)) {}
    }
}
