import MemoryProbes

extension VariantRunner {
    /// The variant's allocation profiler, in the run's mode (the scenario's seed makes the
    /// sampled mode's choices repeat).
    func makeAllocationProfiler() throws -> AllocationProfiler {
        allocationProfile == .off ? AllocationProfiler()
            : try AllocationProfiler(mode: allocationProfile, seed: scenario.seed)
    }

    /// After the lifetime check, while the apps still live: the recorded allocations still
    /// live are the retained ones. Returns the leaks with what each keeps alive, and the profile.
    func finishAllocationProfile(
        _ profiler: AllocationProfiler, tracker: LifetimeTracker, leaks: [LeakRecord], steps: [StepMetrics]
    ) -> (leaks: [LeakRecord], profile: VariantAllocationProfile?) {
        guard profiler.mode != .off else { return (leaks, nil) }
        let recording = profiler.recording()
        let annotated = LeakRetention.annotate(leaks, tracker: tracker, recording: recording)
        return (annotated, AllocationProfileBuilder.profile(recording, steps: steps, symbolizer: StackSymbolizer()))
    }
}

extension Scenario {
    /// The allocation-profile mode of a run that was not told one: exact for the scenarios
    /// the CI gate compares (their baselines carry exact profiles), sampled for the others.
    var defaultAllocationProfile: AllocationProfileMode {
        ["ci", "profile-open-close"].contains(name) ? .exact : .sampled
    }
}
