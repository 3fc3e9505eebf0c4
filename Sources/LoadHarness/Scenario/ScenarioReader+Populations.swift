import Yams

extension ScenarioReader {
    /// What a threshold may name in one population (or in the one unnamed population of a
    /// scenario without `populations:`): its steps as written, its setup steps, its stages.
    struct ThresholdScope {
        /// "" for a scenario without `populations:`.
        var population: String
        /// Step names written in `steps:` (nested too), in file order.
        var stepsWritten: [String]
        /// Step names written in `setup:`.
        var setupWritten: [String]
        /// Its load's stage names (checked only when `loadIsValid`).
        var stages: [String]
        var loadIsValid: Bool
    }

    /// `populations:` (design section 20): a non-empty list of uniquely named populations, each
    /// with its own load, setup and steps and an optional `start_after`; with what thresholds may
    /// name in each. Every problem is reported: a population without steps, a name twice, a
    /// reserved name, a `start_after` at or past the end of the others' loads.
    mutating func populations(_ node: Node) -> (populations: [Population]?, scopes: [ThresholdScope]) {
        guard let items = list(node, label: "'populations'", of: "population") else { return (nil, []) }
        var populations: [Population] = []
        var scopes: [ThresholdScope] = []
        var firstLine: [String: Int] = [:]
        var startNodes: [String: Node] = [:]
        for item in items {
            guard let fields = fields(item, label: "each population in 'populations'", context: "populations",
                                      allowed: ScenarioFormat.populationKeys) else { continue }
            let nameNode = required("name", in: fields, context: "populations")
            let name = nameNode.flatMap { self.name($0, label: "'name'") }
            if let name, let nameNode { checkPopulationName(name, at: nameNode, firstLine: &firstLine) }
            let load = fields["load"].map { self.load($0) } ?? .closed(.init())
            stepNamesWritten = []
            let setup = fields["setup"].map { self.steps($0, label: "'setup'") } ?? []
            let setupWritten = stepNamesWritten
            stepNamesWritten = []
            let who = name.map { " (population '\($0)' has nothing to play)" } ?? ""
            let steps = required("steps", in: fields, context: "populations", note: who).flatMap { self.steps($0, label: "'steps'") }
            let startAfter = fields["start_after"].map { duration($0, label: "'start_after'") } ?? .zero
            scopes.append(ThresholdScope(population: name ?? "", stepsWritten: stepNamesWritten, setupWritten: setupWritten,
                                         stages: load.map { $0.stages.map(\.name) } ?? [], loadIsValid: load != nil))
            stepNamesWritten = []
            if let name, let startNode = fields["start_after"] { startNodes[name] = startNode }
            if let name, let load, let setup, let steps, let startAfter {
                populations.append(Population(name: name, load: load, setup: setup, steps: steps, startAfter: startAfter))
            }
        }
        guard populations.count == items.count else { return (nil, scopes) }
        checkStarts(populations, nodes: startNodes)
        return (populations, scopes)
    }

    /// A population's name: not reserved, not another's.
    private mutating func checkPopulationName(_ name: String, at node: Node, firstLine: inout [String: Int]) {
        if Population.reservedNames.contains(name) {
            report("'\(name)' cannot name a population: it reads as the setup steps' prefix (setup.login); choose another name", at: node)
        } else if let line = firstLine[name] {
            report("duplicate population name '\(name)' (first at line \(line)); each population needs its own name", at: node)
        } else {
            firstLine[name] = Self.position(of: node).line
        }
    }

    /// A population whose `start_after` comes at or after the end of every other population's
    /// load would play alone after the run it belongs to: refused, both times named. Not judged
    /// when another population has no planned end (its users stop after their iterations).
    private mutating func checkStarts(_ populations: [Population], nodes: [String: Node]) {
        guard populations.count > 1 else { return }
        for population in populations where population.startAfter > .zero {
            let others = populations.filter { $0.name != population.name }
            let ends = others.map { ($0.name, $0.plannedEnd) }
            guard ends.allSatisfy({ $0.1 != nil }), let last = ends.max(by: { $0.1! < $1.1! }), let end = last.1,
                  population.startAfter >= end, let node = nodes[population.name] else { continue }
            report("population '\(population.name)' starts at \(DurationSyntax.text(population.startAfter)) ('start_after'), "
                   + "past the run's end at \(DurationSyntax.text(end)) (when population '\(last.0)' ends); "
                   + "start it before \(DurationSyntax.text(end)) or lengthen the others' loads", at: node)
        }
    }

    /// The scope of a scenario without `populations:`: the steps and stages read at the top.
    func unnamedScope(stages: [String], loadIsValid: Bool) -> ThresholdScope {
        ThresholdScope(population: "", stepsWritten: stepNamesWritten, setupWritten: setupNamesWritten, stages: stages,
                       loadIsValid: loadIsValid)
    }
}
