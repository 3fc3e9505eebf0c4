/// An allocation site whose allocations or bytes per execution of a step moved between
/// two runs' profiles (`allocations.csv`): what `roost compare` names beside a change in a
/// step's allocations or bytes per operation.
public struct SiteChange: Sendable, Hashable {
    /// The site's allocations and bytes per execution in one run (0 where the site is absent).
    public struct PerOp: Sendable, Hashable {
        public let allocations: Double
        public let bytes: Double
    }

    public let site: String
    /// nil: the site is not in the baseline's profile of the step.
    public let baseline: PerOp?
    /// nil: the site is gone from the current run's profile of the step.
    public let current: PerOp?

    public var allocationsDelta: Double { (current?.allocations ?? 0) - (baseline?.allocations ?? 0) }
    public var bytesDelta: Double { (current?.bytes ?? 0) - (baseline?.bytes ?? 0) }
}

/// The sites that changed most in one step of one variant.
public struct StepSiteChanges: Sendable, Hashable {
    public let scenario: String
    public let variant: String
    public let step: String
    /// At most `RunComparison.siteChangesShown`, the largest byte change first.
    public let sites: [SiteChange]
    /// How many sites changed in all.
    public let changedSites: Int
    /// `exact`, `sampled` (the deltas are estimates), `exact -> sampled`, or nil when unknown.
    public let mode: String?

    /// The sites of `step` whose per-op allocations or bytes differ, most bytes moved first
    /// (then most allocations, then by name).
    static func ranked(_ before: [String: AllocationSites.PerOp], _ after: [String: AllocationSites.PerOp]) -> [SiteChange] {
        let names = Set(before.keys).union(after.keys)
        return names.compactMap { name -> SiteChange? in
            let old = before[name].map { SiteChange.PerOp(allocations: $0.allocations, bytes: $0.bytes) }
            let new = after[name].map { SiteChange.PerOp(allocations: $0.allocations, bytes: $0.bytes) }
            let change = SiteChange(site: name, baseline: old, current: new)
            return abs(change.allocationsDelta) < 1e-9 && abs(change.bytesDelta) < 1e-9 ? nil : change
        }.sorted {
            (abs($0.bytesDelta), abs($0.allocationsDelta), $1.site) > (abs($1.bytesDelta), abs($1.allocationsDelta), $0.site)
        }
    }

    /// The sites whose blocks at the peak differ, those that moved the way the peak did first
    /// (most bytes first: grown when the peak `grew`, shrunk when it fell), then the others.
    static func rankedAtPeak(_ before: [String: AllocationSites.PerOp], _ after: [String: AllocationSites.PerOp],
                             grew: Bool) -> [SiteChange] {
        let sign = grew ? 1.0 : -1.0
        return ranked(before, after).sorted {
            ($0.bytesDelta * sign, $0.allocationsDelta * sign, $1.site) > ($1.bytesDelta * sign, $1.allocationsDelta * sign, $0.site)
        }
    }
}
