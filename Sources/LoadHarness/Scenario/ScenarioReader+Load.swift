import Yams

extension ScenarioReader {
    /// `load:`: the closed model (`virtual_users`, `iterations` or `duration`, `ramp_up`) or
    /// the open one (`arrival_rate`, `duration`, `max_virtual_users`), never a mix.
    mutating func load(_ node: Node) -> LoadModel? {
        guard let fields = fields(node, label: "'load'", context: "load", allowed: ScenarioFormat.loadKeys) else { return nil }
        let closedOnly = ScenarioFormat.closedLoadKeys.filter { !ScenarioFormat.openLoadKeys.contains($0) }
        let openOnly = ScenarioFormat.openLoadKeys.filter { !ScenarioFormat.closedLoadKeys.contains($0) }
        let firstClosed = fields.entries.first { closedOnly.contains($0.key) }
        let firstOpen = fields.entries.first { openOnly.contains($0.key) }
        if let firstClosed, let firstOpen {
            // Point at the key that started the second model.
            let later = Self.isBefore(firstClosed.keyNode, firstOpen.keyNode) ? firstOpen.keyNode : firstClosed.keyNode
            report("cannot mix the closed model ('\(firstClosed.key)') with the open model ('\(firstOpen.key)') in 'load'; "
                   + "use virtual_users, iterations or duration, ramp_up, or else arrival_rate, duration, max_virtual_users", at: later)
            _ = closedLoad(fields)
            _ = openLoad(fields, checkRequired: false)
            return nil
        }
        return firstOpen == nil ? closedLoad(fields).map(LoadModel.closed) : openLoad(fields, checkRequired: true).map(LoadModel.open)
    }

    private mutating func closedLoad(_ fields: Fields) -> LoadModel.ClosedLoad? {
        var load = LoadModel.ClosedLoad()
        var valid = true
        if let node = fields["virtual_users"] {
            if let users = integer(node, label: "'virtual_users'", minimum: 1) { load.virtualUsers = users } else { valid = false }
        }
        if let node = fields["iterations"] {
            if let iterations = integer(node, label: "'iterations'", minimum: 1) { load.iterations = iterations } else { valid = false }
        }
        if let node = fields["duration"] {
            if let duration = runDuration(node) {
                load.duration = duration
                load.iterations = nil
            } else {
                valid = false
            }
        }
        if let node = fields["ramp_up"] {
            if let rampUp = duration(node, label: "'ramp_up'") { load.rampUp = rampUp } else { valid = false }
        }
        if let node = fields["warmup"] {
            if let warmup = integer(node, label: "'warmup'", minimum: 0) { load.warmup = warmup } else { valid = false }
        }
        if let iterationsKey = fields.keyNode("iterations"), let durationKey = fields.keyNode("duration") {
            report("'iterations' and 'duration' cannot both bound a closed load; keep one",
                   at: Self.isBefore(iterationsKey, durationKey) ? durationKey : iterationsKey)
            valid = false
        }
        return valid ? load : nil
    }

    private mutating func openLoad(_ fields: Fields, checkRequired: Bool) -> LoadModel.OpenLoad? {
        let note = " (the open model needs arrival_rate, duration and max_virtual_users)"
        func value(_ key: String) -> Node? {
            checkRequired ? required(key, in: fields, context: "load", note: note) : fields[key]
        }
        let rateNode = value("arrival_rate")
        let durationNode = value("duration")
        let usersNode = value("max_virtual_users")
        let rate = rateNode.flatMap { arrivalRate($0) }
        let duration = durationNode.flatMap { runDuration($0) }
        let users = usersNode.flatMap { integer($0, label: "'max_virtual_users'", minimum: 1) }
        guard let rate, let duration, let users else { return nil }
        return LoadModel.OpenLoad(arrivalRate: rate, duration: duration, maxVirtualUsers: users)
    }

    /// `duration:` of a run: a duration above zero.
    private mutating func runDuration(_ node: Node) -> Duration? {
        guard let duration = duration(node, label: "'duration'") else { return nil }
        guard duration > .zero else {
            report("'duration' must be more than 0s, got \(Self.describe(node))", at: node)
            return nil
        }
        return duration
    }

    /// `arrival_rate:` as iterations per second, above zero.
    private mutating func arrivalRate(_ node: Node) -> Double? {
        guard let text = node.scalar?.string, !Self.isNull(node), let rate = DurationSyntax.rate(text) else {
            expected("a rate like '200/s' or '12/m'", for: "'arrival_rate'", got: node)
            return nil
        }
        guard rate > 0 else {
            report("'arrival_rate' must be more than 0, got \(Self.describe(node))", at: node)
            return nil
        }
        return rate
    }

    /// Whether `a` starts before `b` in the file.
    static func isBefore(_ a: Node, _ b: Node) -> Bool {
        let (first, second) = (position(of: a), position(of: b))
        return (first.line, first.column) < (second.line, second.column)
    }
}
