/// Whether the harness kept a variant's schedule, said so a user never takes a late
/// generator for a slow stack: how late iterations started (the harness's lateness) and how
/// many were dropped (every virtual user busy).
struct ScheduleVerdict {
    /// A schedule lag p99 above this (microseconds) means the harness did not keep the
    /// schedule: the corrected latencies carry its lateness.
    static let lagTolerance = 1_000.0

    let lagP50: Double?
    let lagP99: Double?
    let dropped: Int
    let users: Int
    /// Each population's drops and users (design section 20); empty without populations.
    let populations: [(name: String, dropped: Int, users: Int)]

    init(_ variant: VariantResult, users: Int) {
        lagP50 = variant.scheduleLag?.microseconds(atPercentile: 50)
        lagP99 = variant.scheduleLag?.microseconds(atPercentile: 99)
        dropped = variant.droppedIterations
        self.users = users
        populations = variant.populations.map { ($0.name, $0.droppedIterations, $0.virtualUsers) }
    }

    /// Whether iterations started later than the tolerance allows.
    var isLate: Bool { (lagP99 ?? 0) > Self.lagTolerance }

    /// The summary's lines about the schedule (none for a closed model that dropped nothing).
    var lines: [String] {
        var lines: [String] = []
        if let lagP50, let lagP99 {
            lines.append("schedule lag: p50 \(RunSummary.observed(.time, lagP50)), p99 \(RunSummary.observed(.time, lagP99))")
        }
        if isLate, let lagP99 {
            lines.append("the harness could not keep the schedule: iterations started late (lag p99 "
                + "\(RunSummary.observed(.time, lagP99)), more than \(RunSummary.observed(.time, Self.lagTolerance))), so their "
                + "latency includes the harness's own lateness, not only the stack's (a busy machine, or more iterations a second "
                + "than it can start)")
        }
        // With populations, each one's drops against its own users.
        for population in populations where population.dropped > 0 {
            lines.append("population \(population.name) dropped \(population.dropped) iteration\(population.dropped == 1 ? "" : "s"): "
                + "all \(population.users) of its virtual users were busy at their intended start (raise its max_virtual_users, "
                + "unless the stack is what keeps them busy: see stages.csv)")
        }
        if dropped > 0, populations.isEmpty {
            lines.append("dropped \(dropped) iteration\(dropped == 1 ? "" : "s"): all \(users) virtual users were busy at their "
                + "intended start (raise max_virtual_users, unless the stack is what keeps them busy: see stages.csv)")
        }
        return lines
    }
}
