/// A run folder's `allocations.csv` read back (`AllocationsFile`): per scenario, variant and
/// step (the run's name of it: `readers.open_feed`, a population's step), each site's
/// allocations and bytes per execution, its blocks live at the peak of the step's median
/// execution (design 19), and the profile's mode from `run.csv`. nil when the run carries no profile.
struct AllocationSites {
    /// One step of one variant.
    struct StepKey: Hashable, Comparable, Sendable {
        let scenario: String, variant: String, step: String

        static func < (a: StepKey, b: StepKey) -> Bool {
            (a.scenario, a.variant, a.step) < (b.scenario, b.variant, b.step)
        }
    }

    /// A site's allocations and bytes per execution of its step.
    struct PerOp: Hashable, Sendable {
        var allocations: Double
        var bytes: Double
    }

    let steps: [StepKey: [String: PerOp]]
    /// Per step, each site's blocks live at the peak of the step's median execution (one
    /// execution's, not per execution); a step is absent when its rows have no peak figures
    /// (a folder written before them).
    let peaks: [StepKey: [String: PerOp]]
    /// `exact` or `sampled` (run.csv's `allocation_profile`); nil for a run written before it was recorded.
    let mode: String?

    static func read(_ run: ComparedRun) throws -> AllocationSites? {
        guard let rows = try ComparisonError.reading({ () throws(RunFolderError) in try AllocationsFile.read(run.folder) }) else {
            return nil
        }
        var steps: [StepKey: [String: PerOp]] = [:], peaks: [StepKey: [String: PerOp]] = [:]
        for row in rows {
            let key = StepKey(scenario: row.scenario, variant: row.variant, step: row.site.step)
            let executions = Double(row.site.executions)
            // The same site twice in one step (a file written by hand): their sum.
            steps[key, default: [:]][row.site.site, default: PerOp(allocations: 0, bytes: 0)].allocations += Double(row.site.allocations) / executions
            steps[key, default: [:]][row.site.site, default: PerOp(allocations: 0, bytes: 0)].bytes += Double(row.site.bytes) / executions
            if let allocations = row.site.peakAllocations, let bytes = row.site.peakBytes {
                peaks[key, default: [:]][row.site.site, default: PerOp(allocations: 0, bytes: 0)].allocations += Double(allocations)
                peaks[key, default: [:]][row.site.site, default: PerOp(allocations: 0, bytes: 0)].bytes += Double(bytes)
            }
        }
        return AllocationSites(steps: steps, peaks: peaks, mode: run.info?.allocationProfile)
    }

    /// Whether `step` (a step's own name) of `scenario` is played by a named population here:
    /// then its sites are under each population's name of it (`readers.open_feed`), not its own.
    func isPlayedByPopulations(_ step: String, scenario: String) -> Bool {
        steps.keys.contains { key in
            let (population, own) = PopulationStepName.split(key.step)
            return key.scenario == scenario && !population.isEmpty && own == step
        }
    }
}
