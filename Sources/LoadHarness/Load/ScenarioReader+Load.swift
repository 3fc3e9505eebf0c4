import Yams

extension ScenarioReader {
    /// `load:`: the model it is, asked of every registered model (`LoadModels.all`): each
    /// weighs the keys it reads (its selecting keys twice) and what the values say (a rate
    /// says an open model); the heaviest reads the section, the first registered on a tie
    /// (so an empty section is the closed model). Keys of another model are reported, once
    /// per pair of models, and nothing is returned.
    mutating func load(_ node: Node) -> LoadModel? {
        guard let fields = fields(node, label: "'load'", context: "load", allowed: ScenarioFormat.loadKeys) else { return nil }
        let models = LoadModels.all
        let weights = models.map { model in
            fields.entries.reduce(model.claim(fields)) { weight, entry in
                weight + (model.selectingKeys.contains(entry.key) ? 2 : model.keys.contains(entry.key) ? 1 : 0)
            }
        }
        /// The heaviest of `candidates` (the first on a tie).
        func heaviest(_ candidates: [Int]) -> Int {
            candidates.reduce(candidates[0]) { best, index in weights[index] > weights[best] ? index : best }
        }
        let chosen = heaviest(Array(models.indices))
        var others: [Int] = []
        for entry in fields.entries where !models[chosen].keys.contains(entry.key) {
            let owner = heaviest(models.indices.filter { models[$0].keys.contains(entry.key) })
            if !others.contains(owner) { others.append(owner) }
        }
        guard others.isEmpty else {
            let before = problems.count
            for other in others { reportMix(models[min(chosen, other)], models[max(chosen, other)], in: fields) }
            // Each model's own keys are still checked, so every problem is said at once.
            for index in [chosen] + others {
                _ = models[index].read(Self.only(models[index].keys, of: fields), &self, checkRequired: false)
            }
            removeRepeatedProblems(since: before)
            return nil
        }
        return models[chosen].read(fields, &self, checkRequired: true).map { LoadModel($0) }
    }

    /// "cannot mix the closed model ('virtual_users') with the open model ('arrival_rate')",
    /// at whichever of the two keys comes later in the file.
    private mutating func reportMix(_ first: any LoadShape.Type, _ second: any LoadShape.Type, in fields: Fields) {
        let own = fields.entries.first { first.keys.contains($0.key) && !second.keys.contains($0.key) }
        let other = fields.entries.first { second.keys.contains($0.key) && !first.keys.contains($0.key) }
        guard let own, let other else { return }
        report("cannot mix the \(first.title) ('\(own.key)') with the \(second.title) ('\(other.key)') in 'load'; "
               + "use \(first.usage), or else \(second.usage)",
               at: Self.isBefore(own.keyNode, other.keyNode) ? other.keyNode : own.keyNode)
    }

    /// `fields` with only the entries whose key is in `keys`.
    static func only(_ keys: [String], of fields: Fields) -> Fields {
        Fields(node: fields.node, entries: fields.entries.filter { keys.contains($0.key) })
    }

    /// Drops problems found since `start` that repeat one found since then (a key two models
    /// share, read by both).
    private mutating func removeRepeatedProblems(since start: Int) {
        var seen: Set<ScenarioProblem> = []
        let recent = problems[start...].filter { seen.insert($0).inserted }
        problems.removeSubrange(start...)
        problems += recent
    }

    /// `duration:` of a run: a duration above zero.
    mutating func runDuration(_ node: Node) -> Duration? {
        guard let duration = duration(node, label: "'duration'") else { return nil }
        guard duration > .zero else {
            report("'duration' must be more than 0s, got \(Self.describe(node))", at: node)
            return nil
        }
        return duration
    }

    /// A rate (`200/s`, `12/m`) as iterations per second, at least `minimum`.
    mutating func rate(_ node: Node, label: String, minimum: Double, above: Bool) -> Double? {
        let text = node.scalar?.string ?? ""
        if !Self.isNull(node), text.hasPrefix("-"), DurationSyntax.rate(String(text.dropFirst())) != nil {
            report("\(label) must be \(above ? "more than" : "at least") 0, got \(Self.describe(node))", at: node)
            return nil
        }
        guard node.scalar != nil, !Self.isNull(node), let rate = DurationSyntax.rate(text) else {
            let hint = Self.integerValue(node) != nil ? " (a rate has a unit: '\(text)/s')" : ""
            expected("a rate like '200/s' or '12/m'", for: label, got: node, hint: hint)
            return nil
        }
        guard above ? rate > minimum : rate >= minimum else {
            report("\(label) must be \(above ? "more than" : "at least") 0, got \(Self.describe(node))", at: node)
            return nil
        }
        return rate
    }

    /// Whether `node` is written as a rate (`200/s`), for the models that decide by it.
    static func isRate(_ node: Node?) -> Bool {
        guard let text = node?.scalar?.string else { return false }
        return DurationSyntax.rate(text.hasPrefix("-") ? String(text.dropFirst()) : text) != nil
    }

    /// Whether `a` starts before `b` in the file.
    static func isBefore(_ a: Node, _ b: Node) -> Bool {
        let (first, second) = (position(of: a), position(of: b))
        return (first.line, first.column) < (second.line, second.column)
    }
}
