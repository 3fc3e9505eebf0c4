extension LoadModel {
    /// An arrival rate ramped in stages (k6's ramping-arrival-rate): from `startRate`, the rate
    /// moves linearly to each stage's target (iterations per second) over its duration, and
    /// iterations start spaced evenly at the instantaneous rate, each played by a free virtual
    /// user (at most `maxVirtualUsers`); one that finds none free is dropped and counted.
    /// `stairs:` in rates expands to such stages, its levels holding their rate (`LoadStage.holds`).
    public struct RampingArrivalRate: Hashable, Sendable {
        /// Iterations per second when the first stage begins.
        public var startRate: Double
        public var stages: [LoadStage]
        public var maxVirtualUsers: Int

        /// A staged open load; targets are iterations per second.
        public init(startRate: Double = 0, stages: [LoadStage], maxVirtualUsers: Int) {
            self.startRate = startRate
            self.stages = stages
            self.maxVirtualUsers = maxVirtualUsers
        }
    }
}

extension LoadModel.RampingArrivalRate: LoadShape {
    static let name = "ramping-arrival-rate"
    static let title = "open model in stages"
    static let keys = ["stages", "stairs", "start_rate", "max_virtual_users"]
    static let selectingKeys = ["stages", "stairs", "start_rate"]
    static let usage = "stages or stairs in rates, start_rate, max_virtual_users"

    /// A section whose targets are rates (`200/s`) is this model's.
    static func claim(_ fields: ScenarioReader.Fields) -> Int {
        let stageTargets = fields["stages"]?.sequence.map { Array($0).map { $0.mapping?["target"] } } ?? []
        let stairs = fields["stairs"]?.mapping
        let written = stageTargets + [fields["start_rate"], stairs?["start"], stairs?["step"]]
        return written.contains(where: ScenarioReader.isRate) ? 1 : 0
    }

    static func read(_ fields: ScenarioReader.Fields, _ reader: inout ScenarioReader, checkRequired: Bool) -> Self? {
        let note = " (the open model in stages needs 'stages' or 'stairs', and max_virtual_users)"
        let usersNode = checkRequired ? reader.required("max_virtual_users", in: fields, context: "load", note: note)
            : fields["max_virtual_users"]
        let users = reader.maxVirtualUsers(usersNode)
        guard let shape = reader.stagedShape(fields, unit: .rate, startKey: "start_rate", defaultStart: 0,
                                             model: "the open model in stages", checkRequired: checkRequired),
              let users else { return nil }
        let load = Self(startRate: shape.start, stages: shape.stages, maxVirtualUsers: users)
        guard load.plan.arrivals!.count > 0 else {
            reader.report("the stages start no iteration: give 'start_rate' or a stage's target a rate above 0",
                          at: fields["stages"] ?? fields["stairs"] ?? fields.node)
            return nil
        }
        return load
    }

    static var schema: JSONValue {
        .object([
            ("title", .string("open model in stages")),
            ("description", .string("An arrival rate ramped in stages (k6's ramping-arrival-rate): the rate moves linearly to "
                + "each stage's target; iterations start evenly spaced at the instantaneous rate.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("required", .array([.string("max_virtual_users")])),
            ("oneOf", LoadSchema.stagesOrStairs),
            ("properties", .object([
                ("stages", LoadSchema.stages(target: LoadSchema.rate)),
                ("stairs", LoadSchema.stairs(value: LoadSchema.rate)),
                ("start_rate", .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?/(s|m)$")),
                                        ("default", .string("0/s")),
                                        ("description", .string("Iterations per second when the first stage begins."))])),
                ("max_virtual_users", LoadSchema.maxVirtualUsers),
            ])),
        ])
    }

    var virtualUsers: Int { maxVirtualUsers }

    var plan: LoadPlan {
        LoadPlan(stages: LoadPlan.spans(stages, unit: .rate),
                 arrivals: RampingArrivals(startRate: startRate, stages: stages.map(\.scheduled)))
    }

    func play(_ driver: LoadDriver) -> LoadOutcome {
        OpenUsers(arrivals: driver.plan.arrivals!).play(driver)
    }
}
