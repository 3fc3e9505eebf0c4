extension RunComparison {
    /// Metrics of a step's peak whose change names the sites live at the peak (design 19).
    static let peakMetrics: Set<String> = ["peak_bytes_p50", "peak_bytes_max"]

    /// For each step whose peak got worse or better, the sites whose bytes at the peak of the
    /// step's median execution moved most (`allocations.csv`'s `peak_allocs` and `peak_bytes`);
    /// where a run has no such figures, a note saying so instead.
    mutating func addPeakSites(_ before: AllocationSites?, _ after: AllocationSites?) {
        var steps: [AllocationSites.StepKey: Bool] = [:]  // step -> whether its peak grew
        for change in changes where change.verdict == .regression || change.verdict == .improvement {
            guard let key = MetricKey(parsing: change.metric), let step = key.runStep, Self.peakMetrics.contains(key.name) else { continue }
            // A step over the populations that play it has no sites of its own: each population's key names them.
            if key.population == nil, [before, after].contains(where: { $0?.isPlayedByPopulations(step, scenario: change.scenario) == true }) {
                continue
            }
            let grew = (change.current ?? 0) > (change.baseline ?? 0)
            steps[AllocationSites.StepKey(scenario: change.scenario, variant: change.variant, step: step), default: grew] = grew
        }
        let mode: String? = switch (before?.mode, after?.mode) {
        case let (old?, new?): old == new ? new : "\(old) -> \(new)"
        default: nil
        }
        for (key, grew) in steps.sorted(by: { $0.key < $1.key }) {
            let name = "\(key.scenario)/\(key.variant) \(key.step)"
            if let missing = Self.peakSitesMissing(before, key, run: "the baseline") ?? Self.peakSitesMissing(after, key, run: "the current run") {
                peakSiteNotes.append("sites at the peak of \(name) not named: \(missing)")
                continue
            }
            guard let old = before?.peaks[key], let new = after?.peaks[key] else { continue }
            let ranked = StepSiteChanges.rankedAtPeak(old, new, grew: grew)
            guard !ranked.isEmpty else {
                peakSiteNotes.append("sites at the peak of \(name): the same blocks at both peaks (the peak moved by what the step "
                    + "freed, before its peak, of blocks made before it)")
                continue
            }
            peakSiteChanges.append(StepSiteChanges(scenario: key.scenario, variant: key.variant, step: key.step,
                                                   sites: Array(ranked.prefix(Self.siteChangesShown)), changedSites: ranked.count,
                                                   mode: mode))
        }
    }

    /// Why `sites` cannot say what was live at the peak of `key`, or nil when it can.
    private static func peakSitesMissing(_ sites: AllocationSites?, _ key: AllocationSites.StepKey, run: String) -> String? {
        guard let sites else { return "\(run) has no allocation profile (no allocations.csv; run with allocation_profile: exact)" }
        guard sites.steps[key] != nil else { return "\(run)'s allocation profile has no sites of the step" }
        guard sites.peaks[key] != nil else {
            return "\(run)'s allocations.csv has no bytes at the peak (peak_bytes: written before sites at the peak were recorded)"
        }
        return nil
    }
}
