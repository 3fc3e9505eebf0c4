extension LoadModel {
    /// Virtual users ramped in stages (k6's ramping-vus): from `startVirtualUsers`, the number
    /// of active users moves linearly to each stage's target over its duration, one user at a
    /// time; a user the schedule removes finishes its iteration, then stops (no step is cut in
    /// the middle). `stairs:` in users expands to such stages, its levels holding their users
    /// (`LoadStage.holds`).
    public struct RampingUsers: Hashable, Sendable {
        public var startVirtualUsers: Int
        public var stages: [LoadStage]
        public var warmup: Int

        /// A staged closed load; targets are whole numbers of users.
        public init(startVirtualUsers: Int = 1, stages: [LoadStage], warmup: Int = 0) {
            self.startVirtualUsers = startVirtualUsers
            self.stages = stages
            self.warmup = warmup
        }
    }
}

extension LoadModel.RampingUsers: LoadShape {
    static let name = "ramping-users"
    static let title = "closed model in stages"
    static let keys = ["stages", "stairs", "start_virtual_users", "warmup"]
    static let selectingKeys = ["stages", "stairs", "start_virtual_users"]
    static let usage = "stages or stairs in users, start_virtual_users, warmup"

    static func read(_ fields: ScenarioReader.Fields, _ reader: inout ScenarioReader, checkRequired: Bool) -> Self? {
        var warmup: Int? = 0
        if let node = fields["warmup"] { warmup = reader.integer(node, label: "'warmup'", minimum: 0) }
        guard let shape = reader.stagedShape(fields, unit: .users, startKey: "start_virtual_users", defaultStart: 1,
                                             model: "the closed model in stages", checkRequired: checkRequired),
              let warmup else { return nil }
        guard shape.start > 0 || shape.stages.contains(where: { $0.target > 0 }) else {
            reader.report("no virtual user would ever run: give 'start_virtual_users' or a stage's target a value above 0",
                          at: fields["stages"] ?? fields.node)
            return nil
        }
        return Self(startVirtualUsers: Int(shape.start), stages: shape.stages, warmup: warmup)
    }

    static var schema: JSONValue {
        .object([
            ("title", .string("closed model in stages")),
            ("description", .string("Virtual users ramped in stages (k6's ramping-vus): the number of active users moves "
                + "linearly to each stage's target; a user removed finishes its iteration first.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("oneOf", LoadSchema.stagesOrStairs),
            ("properties", .object([
                ("stages", LoadSchema.stages(target: LoadSchema.users)),
                ("stairs", LoadSchema.stairs(value: LoadSchema.users)),
                ("start_virtual_users", .object([("type", .string("integer")), ("minimum", .integer(0)), ("default", .integer(1)),
                                                 ("description", .string("Active virtual users when the first stage begins."))])),
                ("warmup", LoadSchema.warmup),
            ])),
        ])
    }

    var virtualUsers: Int { plan.users?.peak ?? startVirtualUsers }

    var plan: LoadPlan {
        let users = UserSchedule.ramping(start: startVirtualUsers,
                                         stages: stages.map { (duration: $0.scheduled.duration, target: Int($0.target), holds: $0.holds) })
        return LoadPlan(stages: LoadPlan.spans(stages, unit: .users), users: users)
    }

    func play(_ driver: LoadDriver) -> LoadOutcome {
        ClosedUsers(schedule: driver.plan.users!, iterations: nil, warmup: warmup).play(driver)
    }
}
