/// How load is applied (`load:`): one of the registered load models (`LoadModels.all`),
/// each one file that reads its keys, writes its schema and plays its schedule.
public struct LoadModel: Hashable, Sendable {
    /// The model and its settings.
    let shape: any LoadShape

    init(_ shape: any LoadShape) { self.shape = shape }

    /// A fixed number of virtual users, each looping over the steps (`virtual_users`).
    public static func closed(_ load: ClosedLoad) -> LoadModel { LoadModel(load) }
    /// Iterations started at a fixed rate, each by a free virtual user (`arrival_rate`).
    public static func open(_ load: OpenLoad) -> LoadModel { LoadModel(load) }
    /// Virtual users ramped in stages (`stages` of users, k6's ramping-vus).
    public static func rampingUsers(_ load: RampingUsers) -> LoadModel { LoadModel(load) }
    /// An arrival rate ramped in stages (`stages` of rates, k6's ramping-arrival-rate).
    public static func rampingArrivalRate(_ load: RampingArrivalRate) -> LoadModel { LoadModel(load) }

    /// The model's registered name: `closed`, `open`, `ramping-users`, `ramping-arrival-rate`.
    public var name: String { type(of: shape).name }
    /// The most virtual users it runs at once.
    public var virtualUsers: Int { shape.virtualUsers }
    /// Unmeasured iterations each virtual user plays first.
    public var warmup: Int { shape.warmup }
    /// Its stages in order (one, `stage1`, for a constant load).
    public var stages: [LoadStage] { shape.stages }
    /// Whether iterations start on a schedule whether or not earlier ones finished (an open
    /// model: latency counts from the intended start, and iterations can be dropped).
    public var isOpen: Bool { shape.plan.arrivals != nil }
    /// Whether its users or rate change during the run (an open model, a ramp, stages): what
    /// the report's load charts are for; a constant number of users draws none.
    public var variesOverTime: Bool { isOpen || (shape.plan.users?.steps.count ?? 0) > 1 }

    public static func == (lhs: LoadModel, rhs: LoadModel) -> Bool { AnyHashable(lhs.shape) == AnyHashable(rhs.shape) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(shape)) }
}
