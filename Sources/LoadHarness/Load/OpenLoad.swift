import Yams

extension LoadModel {
    /// The open model (k6's constant-arrival-rate): iterations start at a fixed rate whether
    /// or not earlier ones finished, the first at once, each played by a free virtual user (at
    /// most `maxVirtualUsers`); an iteration that finds none free is dropped and counted.
    /// Latency counts from the iteration's intended start (coordinated omission corrected, as
    /// wrk2 does); the uncorrected figure is kept too.
    public struct OpenLoad: Hashable, Sendable {
        /// Iterations started per second.
        public var arrivalRate: Double
        public var duration: Duration
        public var maxVirtualUsers: Int

        /// An open load.
        public init(arrivalRate: Double, duration: Duration, maxVirtualUsers: Int) {
            self.arrivalRate = arrivalRate
            self.duration = duration
            self.maxVirtualUsers = maxVirtualUsers
        }
    }
}

extension LoadModel.OpenLoad: LoadShape {
    static let name = "open"
    static let title = "open model"
    static let keys = ["arrival_rate", "duration", "max_virtual_users"]
    static let selectingKeys = ["arrival_rate"]
    static let usage = "arrival_rate, duration, max_virtual_users"

    static func read(_ fields: ScenarioReader.Fields, _ reader: inout ScenarioReader, checkRequired: Bool) -> Self? {
        let note = " (the open model needs arrival_rate, duration and max_virtual_users)"
        func value(_ key: String) -> Yams.Node? {
            checkRequired ? reader.required(key, in: fields, context: "load", note: note) : fields[key]
        }
        let rateNode = value("arrival_rate")
        let durationNode = value("duration")
        let usersNode = value("max_virtual_users")
        let rate = rateNode.flatMap { reader.rate($0, label: "'arrival_rate'", minimum: 0, above: true) }
        let duration = durationNode.flatMap { reader.runDuration($0) }
        let users = reader.maxVirtualUsers(usersNode)
        guard let rate, let duration, let users else { return nil }
        return Self(arrivalRate: rate, duration: duration, maxVirtualUsers: users)
    }

    static var schema: JSONValue {
        .object([
            ("title", .string("open model")),
            ("description", .string("Iterations started at a fixed rate, each by a free virtual user.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("required", .array(keys.map(JSONValue.string))),
            ("properties", .object([
                ("arrival_rate", .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?/(s|m)$")),
                                          ("description", .string("Iterations started per second or minute, e.g. 200/s, 12/m."))])),
                ("duration", .object([("$ref", .string("#/$defs/duration")), ("description", .string("How long to run."))])),
                ("max_virtual_users", LoadSchema.maxVirtualUsers),
            ])),
        ])
    }

    var virtualUsers: Int { maxVirtualUsers }

    var stages: [LoadStage] { [LoadStage(duration: duration, target: arrivalRate, name: LoadStage.defaultName(0))] }

    var plan: LoadPlan {
        let interval = UInt64(1e9 / max(arrivalRate, 1e-9))
        let count = Int(Double(duration.nanoseconds) / 1e9 * arrivalRate)
        return LoadPlan(stages: LoadPlan.spans(stages, unit: .rate), arrivals: ConstantArrivals(interval: interval, count: count))
    }

    func play(_ driver: LoadDriver) -> LoadOutcome {
        OpenUsers(arrivals: driver.plan.arrivals!).play(driver)
    }
}
