/// One stage of a load (an item of `stages:`, or a level or ramp of `stairs:`): the number
/// of active virtual users (closed models) or the arrival rate (open models) moves linearly
/// to `target` over `duration`, as k6's stages do; or, when it `holds`, is `target` from the
/// stage's first instant to its end, as a level of Gatling's stairs is.
public struct LoadStage: Hashable, Sendable {
    /// How long the stage lasts; nil for a constant load bounded by iterations (it lasts until
    /// every virtual user has played them).
    public var duration: Duration?
    /// Users, or iterations per second, at the stage's end.
    public var target: Double
    /// Its name in reports and thresholds (`{stage:hold}`); `stage1`, `stage2`, ... when unnamed.
    public var name: String
    /// Whether the load is `target` from the stage's first instant (a level of `stairs:`,
    /// Gatling's `constantUsersPerSec` / `constantConcurrentUsers`): users jump to it at the
    /// stage's start, and an open model's iterations start at the stage's start and every
    /// 1/target after, none at its end. False for `stages:`, which move from the previous
    /// stage's target (k6's stages; a k6 stage of `duration: 0s` before it is the same jump).
    public var holds: Bool

    /// A stage.
    public init(duration: Duration?, target: Double, name: String, holds: Bool = false) {
        self.duration = duration
        self.target = target
        self.name = name
        self.holds = holds
    }

    /// The name of the `index`th (from 0) stage when the file gives none.
    static func defaultName(_ index: Int) -> String { "stage\(index + 1)" }

    /// The stage as the schedules take it: nanoseconds (0 without a duration), its target and
    /// whether it holds.
    var scheduled: (duration: UInt64, target: Double, holds: Bool) { (duration?.nanoseconds ?? 0, target, holds) }
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
