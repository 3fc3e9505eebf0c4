import MemoryProbes

/// What each leaked row keeps alive (`leaks.csv`'s `retained_bytes`): the bytes of the
/// surviving objects of that type plus every live recorded allocation reachable only
/// through them, from a conservative scan of the live recorded blocks (`LiveHeapGraph`).
/// Needs an exact profile: a sampled one does not know every live block.
enum LeakRetention {
    /// Leaks with `retainedBytes` filled where the profile allows (exact mode, and the
    /// survivors are recorded allocations).
    static func annotate(_ leaks: [LeakRecord], tracker: LifetimeTracker, recording: AllocationRecording) -> [LeakRecord] {
        guard recording.mode == .exact, leaks.contains(where: { $0.leaked > 0 }) else { return leaks }
        var survivors: [String: [UInt]] = [:]
        tracker.forEachSurvivor { label, object in
            survivors[label, default: []].append(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
        }
        let graph = LiveHeapGraph(live: recording.live)
        return leaks.map { leak in
            var leak = leak
            if leak.leaked > 0, let addresses = survivors[leak.type] { leak.retainedBytes = graph.retained(by: addresses)?.bytes }
            return leak
        }
    }
}

