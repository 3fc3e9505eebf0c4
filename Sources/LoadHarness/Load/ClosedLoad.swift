extension LoadModel {
    /// The closed model (k6's per-vu-iterations and constant-vus): a fixed number of virtual
    /// users, each looping over the steps for a number of iterations or for a duration; with
    /// `ramp_up`, user i starts `ramp_up * i / virtual_users` after the phase began.
    public struct ClosedLoad: Hashable, Sendable {
        public var virtualUsers = 1
        /// Iterations per virtual user; nil when `duration` bounds the run.
        public var iterations: Int? = 1
        public var duration: Duration?
        public var rampUp: Duration = .zero
        /// Iterations each virtual user plays before measuring (not measured, not in the
        /// reports): the first pass fills lazily built state (runtime metadata and conformance
        /// caches, prepared statements, SQLite pages) whose one-time allocations would
        /// otherwise land in whichever step touches it first.
        public var warmup = 0

        /// A closed load.
        public init(virtualUsers: Int = 1, iterations: Int? = 1, duration: Duration? = nil, rampUp: Duration = .zero,
                    warmup: Int = 0) {
            self.virtualUsers = virtualUsers
            self.iterations = iterations
            self.duration = duration
            self.rampUp = rampUp
            self.warmup = warmup
        }
    }
}

extension LoadModel.ClosedLoad: LoadShape {
    static let name = "closed"
    static let title = "closed model"
    static let keys = ["virtual_users", "iterations", "duration", "ramp_up", "warmup"]
    static let selectingKeys = ["virtual_users", "iterations", "ramp_up"]
    static let usage = "virtual_users, iterations or duration, ramp_up"

    static func read(_ fields: ScenarioReader.Fields, _ reader: inout ScenarioReader, checkRequired: Bool) -> Self? {
        var load = Self()
        var valid = true
        if let node = fields["virtual_users"] {
            if let users = reader.integer(node, label: "'virtual_users'", minimum: 1) { load.virtualUsers = users } else { valid = false }
        }
        if let node = fields["iterations"] {
            if let iterations = reader.integer(node, label: "'iterations'", minimum: 1) { load.iterations = iterations } else { valid = false }
        }
        if let node = fields["duration"] {
            if let duration = reader.runDuration(node) {
                load.duration = duration
                load.iterations = nil
            } else {
                valid = false
            }
        }
        if let node = fields["ramp_up"] {
            if let rampUp = reader.duration(node, label: "'ramp_up'") { load.rampUp = rampUp } else { valid = false }
        }
        if let node = fields["warmup"] {
            if let warmup = reader.integer(node, label: "'warmup'", minimum: 0) { load.warmup = warmup } else { valid = false }
        }
        if let iterationsKey = fields.keyNode("iterations"), let durationKey = fields.keyNode("duration") {
            reader.report("'iterations' and 'duration' cannot both bound a closed load; keep one",
                          at: ScenarioReader.isBefore(iterationsKey, durationKey) ? durationKey : iterationsKey)
            valid = false
        }
        return valid ? load : nil
    }

    static var schema: JSONValue {
        .object([
            ("title", .string("closed model")),
            ("description", .string("A fixed number of virtual users, each looping over the steps.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("properties", .object([
                ("virtual_users", .object([("type", .string("integer")), ("minimum", .integer(1)), ("default", .integer(1)),
                                           ("description", .string("Virtual users looping over the steps."))])),
                ("iterations", .object([("type", .string("integer")), ("minimum", .integer(1)), ("default", .integer(1)),
                                        ("description", .string("Iterations per virtual user (or set duration)."))])),
                ("duration", .object([("$ref", .string("#/$defs/duration")),
                                      ("description", .string("How long to run (instead of iterations)."))])),
                ("ramp_up", .object([("$ref", .string("#/$defs/duration")), ("default", .string("0s")),
                                     ("description", .string("Time over which virtual users start."))])),
                ("warmup", LoadSchema.warmup),
            ])),
            ("not", .object([("required", .array([.string("iterations"), .string("duration")]))])),
        ])
    }

    var stages: [LoadStage] { [LoadStage(duration: duration, target: Double(virtualUsers), name: LoadStage.defaultName(0))] }

    var plan: LoadPlan {
        // User i starts ramp_up * i / users into the phase (all at once with one user).
        var steps: [UserSchedule.Step] = []
        for index in 0..<virtualUsers {
            let offset = virtualUsers > 1 ? rampUp.nanoseconds * UInt64(index) / UInt64(virtualUsers) : 0
            if let last = steps.last, last.offset == offset { steps[steps.count - 1].users = index + 1 } else {
                steps.append(UserSchedule.Step(offset: offset, users: index + 1))
            }
        }
        return LoadPlan(stages: LoadPlan.spans(stages, unit: .users),
                        users: UserSchedule(steps: steps, end: duration.map(\.nanoseconds)))
    }

    func play(_ driver: LoadDriver) -> LoadOutcome {
        ClosedUsers(schedule: driver.plan.users!, iterations: iterations, warmup: warmup).play(driver)
    }
}
