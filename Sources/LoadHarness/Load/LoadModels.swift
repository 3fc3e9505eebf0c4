/// The registered load models (k6's executors, one a file): the scenario reader, the JSON
/// schema and `roost list` go through this list. A new shape is one file conforming to
/// `LoadShape` and its line here.
enum LoadModels {
    /// In order: on a tie the reader takes the earlier (an empty `load:` is the closed model),
    /// and the schema lists them so.
    static let all: [any LoadShape.Type] = [
        LoadModel.ClosedLoad.self, LoadModel.OpenLoad.self, LoadModel.RampingUsers.self, LoadModel.RampingArrivalRate.self,
    ]

    /// The model registered as `name`.
    static func named(_ name: String) -> (any LoadShape.Type)? { all.first { $0.name == name } }
}
