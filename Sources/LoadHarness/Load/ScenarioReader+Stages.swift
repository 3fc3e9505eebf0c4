import Yams

extension ScenarioReader {
    /// The most virtual users a load may ask for (one thread each).
    static let maximumVirtualUsers = 10_000

    /// An open model's `max_virtual_users` (`node`, nil when not given): a whole number from 1
    /// to `maximumVirtualUsers`; nil, reported, otherwise. Every open model reads it here.
    mutating func maxVirtualUsers(_ node: Yams.Node?) -> Int? {
        guard let node, let count = integer(node, label: "'max_virtual_users'", minimum: 1) else { return nil }
        guard count <= Self.maximumVirtualUsers else {
            report("'max_virtual_users' must be at most \(Self.maximumVirtualUsers) (one thread each), got \(count)", at: node)
            return nil
        }
        return count
    }

    /// A ramping model's shape: `stages:` or `stairs:` (exactly one), with the start value
    /// the model reads beside them (`start_virtual_users`, `start_rate`; stairs bring their
    /// own). nil when anything is wrong (every problem reported).
    mutating func stagedShape(_ fields: Fields, unit: LoadUnit, startKey: String, defaultStart: Double,
                              model: String, checkRequired: Bool) -> (start: Double, stages: [LoadStage])? {
        let stagesNode = fields["stages"], stairsNode = fields["stairs"]
        if let stagesKey = fields.keyNode("stages"), let stairsKey = fields.keyNode("stairs") {
            report("'stages' and 'stairs' cannot both shape a load; keep one",
                   at: Self.isBefore(stagesKey, stairsKey) ? stairsKey : stagesKey)
            _ = stages(stagesNode!, unit: unit)
            _ = stairs(stairsNode!, unit: unit)
            return nil
        }
        if let startNode = fields.keyNode(startKey), stairsNode != nil {
            report("'\(startKey)' has no place beside 'stairs': the stairs begin at their own 'start'", at: startNode)
            _ = stairs(stairsNode!, unit: unit)
            return nil
        }
        if let stairsNode {
            guard let stairs = stairs(stairsNode, unit: unit) else { return nil }
            return (stairs.start, stairs.stages)
        }
        var start: Double? = defaultStart
        if let node = fields[startKey] { start = target(node, label: "'\(startKey)'", unit: unit) }
        guard let stagesNode else {
            if checkRequired {
                report("missing required key 'stages' in 'load' (\(model) needs 'stages' or 'stairs')", at: fields.node)
            }
            return nil
        }
        guard let stages = stages(stagesNode, unit: unit), let start else { return nil }
        return (start, stages)
    }

    /// A target of `unit`: users (a whole number, at least 0) or a rate (`200/s`, at least 0).
    mutating func target(_ node: Node, label: String, unit: LoadUnit) -> Double? {
        switch unit {
        case .rate:
            return rate(node, label: label, minimum: 0, above: false)
        case .users:
            if Self.isRate(node) {
                report("expected a number of users for \(label), got \(Self.describe(node)): a rate is a target of the open "
                       + "model (give 'max_virtual_users' too, or write users)", at: node)
                return nil
            }
            guard let users = integer(node, label: label, minimum: 0) else { return nil }
            guard users <= Self.maximumVirtualUsers else {
                report("\(label) must be at most \(Self.maximumVirtualUsers) virtual users (one thread each), got \(users)", at: node)
                return nil
            }
            return Double(users)
        }
    }

    /// `stages:`: a non-empty list of `{ duration, target, name }`, lasting more than 0s in all,
    /// with names unique (unnamed ones are `stage1`, `stage2`, ...).
    mutating func stages(_ node: Node, unit: LoadUnit) -> [LoadStage]? {
        guard let items = list(node, label: "'stages'", of: "stage") else { return nil }
        var stages: [LoadStage] = []
        var valid = true
        var names: [String: Node] = [:]
        for (index, item) in items.enumerated() {
            guard let fields = fields(item, label: "each stage in 'stages'", context: "stages", allowed: ScenarioFormat.stageKeys) else {
                valid = false
                continue
            }
            let duration = required("duration", in: fields, context: "stages").flatMap { self.duration($0, label: "'duration'") }
            let target = required("target", in: fields, context: "stages").flatMap { self.target($0, label: "'target'", unit: unit) }
            var name = LoadStage.defaultName(index)
            if let nameNode = fields["name"] {
                if let written = self.name(nameNode, label: "'name'") { name = written } else { valid = false }
            }
            if let earlier = names[name] {
                let (line, _) = Self.position(of: earlier)
                report("duplicate stage name '\(name)' (also line \(line)); each stage needs its own name", at: fields["name"] ?? item)
                valid = false
            }
            names[name] = fields["name"] ?? item
            if let duration, let target { stages.append(LoadStage(duration: duration, target: target, name: name)) } else { valid = false }
        }
        guard valid else { return nil }
        if stages.allSatisfy({ $0.duration == .zero }) {
            report("the stages last 0s in all; give a stage a duration", at: node)
            return nil
        }
        return stages
    }

    /// `stairs: { start, step, levels, level, ramp }` (Gatling's stairs): `levels` levels of
    /// `level` each, from `start` up by `step`, each holding its value from its first instant,
    /// with a ramp of `ramp` before every level but the first. Each level is a stage
    /// (`level1`, ...), as is each ramp (`ramp2`, ...).
    mutating func stairs(_ node: Node, unit: LoadUnit) -> (start: Double, stages: [LoadStage])? {
        guard let fields = fields(node, label: "'stairs'", context: "stairs", allowed: ScenarioFormat.stairsKeys) else { return nil }
        let start = required("start", in: fields, context: "stairs").flatMap { target($0, label: "'start'", unit: unit) }
        let step = required("step", in: fields, context: "stairs").flatMap { target($0, label: "'step'", unit: unit) }
        let levels = required("levels", in: fields, context: "stairs").flatMap { integer($0, label: "'levels'", minimum: 1) }
        let level = required("level", in: fields, context: "stairs").flatMap { duration($0, label: "'level'") }
        let ramp = fields["ramp"].map { duration($0, label: "'ramp'") } ?? .zero
        if let level, level == .zero, let node = fields["level"] {
            report("'level' must be more than 0s, got \(Self.describe(node))", at: node)
            return nil
        }
        guard let start, let step, let levels, let level, let ramp else { return nil }
        let top = start + step * Double(levels - 1)
        if unit == .users, top > Double(Self.maximumVirtualUsers) {
            report("the stairs climb to \(Int(top)) virtual users; the most is \(Self.maximumVirtualUsers) (one thread each)", at: node)
            return nil
        }
        guard top > 0 else {
            report("the stairs never leave 0: give 'start' or 'step' a value above 0", at: node)
            return nil
        }
        return (start, Stairs.stages(start: start, step: step, levels: levels, level: level, ramp: ramp))
    }
}
