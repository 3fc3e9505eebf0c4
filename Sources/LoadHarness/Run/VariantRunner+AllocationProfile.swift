import MemoryProbes

extension VariantRunner {
    /// The variant's allocation profiler, in the run's mode (the scenario's seed makes the
    /// sampled mode's choices repeat). The step names are registered before anything runs in
    /// every mode, `off` included, so the heap a variant starts from is the same in all three
    /// and a run without warm-up counts the same allocations whatever the mode.
    func makeAllocationProfiler() throws -> AllocationProfiler {
        try AllocationProfiler(mode: allocationProfile, seed: scenario.seed, labels: scenario.measuredStepNames)
    }

    /// After the lifetime check, while the apps still live: the recording (its live
    /// allocations are the retained ones) and the leaks with what each keeps alive. Naming
    /// the frames waits until every variant has run (`AllocationProfileBuilder.profiled`):
    /// the symbol work fills process-wide caches (the runtime's, Foundation's) that would
    /// otherwise grow inside a later variant's measured steps and move its counts.
    func finishAllocationProfile(
        _ profiler: AllocationProfiler, tracker: LifetimeTracker, leaks: [LeakRecord]
    ) -> (leaks: [LeakRecord], recording: AllocationRecording?) {
        guard profiler.mode != .off else { return (leaks, nil) }
        let recording = profiler.recording()
        return (LeakRetention.annotate(leaks, tracker: tracker, recording: recording), recording)
    }
}
