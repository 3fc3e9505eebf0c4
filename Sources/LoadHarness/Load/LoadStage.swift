/// One stage of a load (an item of `stages:`, or a level or ramp of `stairs:`): the number
/// of active virtual users (closed models) or the arrival rate (open models) moves linearly
/// to `target` over `duration`, as k6's stages do.
public struct LoadStage: Hashable, Sendable {
    /// How long the stage lasts; nil for a constant load bounded by iterations (it lasts until
    /// every virtual user has played them).
    public var duration: Duration?
    /// Users, or iterations per second, at the stage's end.
    public var target: Double
    /// Its name in reports and thresholds (`{stage:hold}`); `stage1`, `stage2`, ... when unnamed.
    public var name: String

    /// A stage.
    public init(duration: Duration?, target: Double, name: String) {
        self.duration = duration
        self.target = target
        self.name = name
    }

    /// The name of the `index`th (from 0) stage when the file gives none.
    static func defaultName(_ index: Int) -> String { "stage\(index + 1)" }
}

/// What a stage's target counts.
enum LoadUnit: String, Hashable, Sendable {
    /// Active virtual users (the closed models).
    case users
    /// Iterations started per second (the open models).
    case rate

    /// `20` or `200/s`, as a file writes it.
    func written(_ value: Double) -> String {
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return self == .rate ? number + "/s" : number
    }
}
