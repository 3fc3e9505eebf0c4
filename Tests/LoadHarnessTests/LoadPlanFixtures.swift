@testable import LoadHarness

extension LoadPlan {
    /// Rate stages at 10/s, one after another from 0: each `(name, end)`, its end in seconds.
    static func rateStages(_ stages: (name: String, end: UInt64)...) -> LoadPlan {
        var start: UInt64 = 0
        let spans = stages.map { stage in
            defer { start = stage.end * 1_000_000_000 }
            return LoadPlan.Span(name: stage.name, start: start, end: stage.end * 1_000_000_000, target: 10, unit: .rate)
        }
        return LoadPlan(stages: spans, users: nil, arrivals: nil)
    }
}
