/// Which of a scenario's populations a capacity search scales and which it holds (design
/// section 20), and what each plays at a search's rate. An open population's reference rate is
/// its load's highest target rate. By default every open population is scaled in the
/// scenario's proportions: the search's rate is their total, and each plays that rate times its
/// reference over the sum of the scaled references (200/s and 10/s searched at 420/s play
/// 400/s and 20/s). With `--scale NAME` only that open population is scaled, the search's rate
/// is its own, and the other open populations are held at their reference rates. A closed
/// population is always held: its own users, for the whole probe.
public struct CapacityPopulations: Sendable, Equatable {
    /// One population as the search plays it.
    public struct Member: Sendable, Equatable {
        public let name: String
        /// Its load's highest target rate, iterations per second; nil for a closed load.
        public let referenceRate: Double?
        /// Its load's users: an open load's `max_virtual_users`, a closed load's most at once.
        public let virtualUsers: Int
        /// Whether the search scales its rate; else it is held at its own load.
        public let isScaled: Bool

        /// Whether its load starts iterations at a rate (arrival rate, or stages of rates).
        public var isOpen: Bool { referenceRate != nil }
    }

    /// In the scenario's order.
    public let members: [Member]
    /// The population `--scale` named; nil when every open population is scaled.
    public let scaled: String?

    /// How a search plays `scenario`'s populations: every open one scaled together, or only the
    /// open population `scale`; nil for a scenario without `populations:` (its one load is
    /// replaced by the search's rate). Refused before any probe: `scale` naming no population or
    /// a closed one (the open ones named), `scale` without populations, no open population.
    public static func searched(_ scenario: Scenario, scale: String?) throws(CapacityError) -> CapacityPopulations? {
        guard scenario.hasPopulations else {
            if let scale { throw .scaleWithoutPopulations(name: scale) }
            return nil
        }
        let open = scenario.populations.filter { referenceRate(of: $0.load) != nil }.map(\.name)
        if let scale {
            guard let named = scenario.populations.first(where: { $0.name == scale }) else {
                throw .unknownPopulation(name: scale, open: open, suggestion: Suggestion.nearest(to: scale, in: open))
            }
            guard open.contains(named.name) else { throw .closedPopulation(name: scale, open: open) }
        } else if open.isEmpty {
            throw .noOpenPopulation(scenario: scenario.path.isEmpty ? scenario.name : scenario.path)
        }
        return CapacityPopulations(members: scenario.populations.map { population in
            let reference = referenceRate(of: population.load)
            return Member(name: population.name, referenceRate: reference, virtualUsers: population.load.virtualUsers,
                          isScaled: scale.map { $0 == population.name } ?? (reference != nil))
        }, scaled: scale)
    }

    /// The highest rate an open load asks for (its arrival rate, or its start or stages' highest
    /// target); nil for a closed load.
    static func referenceRate(of load: LoadModel) -> Double? {
        switch load.shape {
        case let open as LoadModel.OpenLoad: open.arrivalRate
        case let ramp as LoadModel.RampingArrivalRate: ([ramp.startRate] + ramp.stages.map(\.target)).max()
        default: nil
        }
    }

    /// The scaled populations' reference rates added: the search's rate is shared out in their proportions.
    var scaledReferences: Double { members.filter(\.isScaled).reduce(0) { $0 + ($1.referenceRate ?? 0) } }

    /// What `member` plays when the search's rate is `rate`: a scaled population its share of
    /// it, a held open one its reference rate; nil for a closed population (it plays its users).
    public func rate(of member: Member, at rate: Double) -> Double? {
        guard let reference = member.referenceRate else { return nil }
        guard member.isScaled else { return reference }
        // Multiplied before divided: 420 x 200 / 210 is exactly 400.
        return rate * reference / scaledReferences
    }

    /// The held populations' names.
    var heldNames: Set<String> { Set(members.filter { !$0.isScaled }.map(\.name)) }

    /// The users the first probe gives each scaled population: the most any of their loads allows.
    public var scaledUsers: Int { members.filter(\.isScaled).map(\.virtualUsers).max() ?? 1 }

    /// Each population at the search's `rate`: `readers 1143/s, writers 57/s, watchers 4 users held`.
    public func described(at rate: Double) -> String {
        members.map { member in
            guard let played = self.rate(of: member, at: rate) else {
                return "\(member.name) \(member.virtualUsers) user\(member.virtualUsers == 1 ? "" : "s") held"
            }
            return "\(member.name) \(CapacityRun.rate(played))" + (member.isScaled ? "" : " held")
        }.joined(separator: ", ")
    }
}
