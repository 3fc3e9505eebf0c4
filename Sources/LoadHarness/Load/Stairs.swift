/// Gatling's stairs (`incrementUsersPerSec(step).times(levels).eachLevelLasting(level)
/// .separatedByRampsLasting(ramp).startingFrom(start)`, and `incrementConcurrentUsers` in
/// users) as stages.
enum Stairs {
    /// Level n holds `start + (n - 1) * step` for `level` from its first instant (a stage that
    /// `holds`: Gatling's `constantUsersPerSec`); a ramp of `ramp` leads to each level after the
    /// first, moving linearly from the level before (Gatling's `rampUsersPerSec`); without
    /// ramps, the load jumps from one level to the next. Levels are `level1` ..., ramps `ramp2`
    /// ... (the ramp into level 2).
    static func stages(start: Double, step: Double, levels: Int, level: Duration, ramp: Duration) -> [LoadStage] {
        var stages: [LoadStage] = []
        for index in 0..<levels {
            let value = start + step * Double(index)
            if index > 0, ramp > .zero { stages.append(LoadStage(duration: ramp, target: value, name: "ramp\(index + 1)")) }
            stages.append(LoadStage(duration: level, target: value, name: "level\(index + 1)", holds: true))
        }
        return stages
    }
}
