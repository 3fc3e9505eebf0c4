/// Gatling's stairs (`incrementUsersPerSec(step).times(levels).eachLevelLasting(level)
/// .separatedByRampsLasting(ramp).startingFrom(start)`) as stages.
enum Stairs {
    /// Level n holds `start + (n - 1) * step` for `level`; a ramp of `ramp` leads to each
    /// level after the first. Levels are `level1` ..., ramps `ramp2` ... (the ramp into level 2).
    static func stages(start: Double, step: Double, levels: Int, level: Duration, ramp: Duration) -> [LoadStage] {
        var stages: [LoadStage] = []
        for index in 0..<levels {
            let value = start + step * Double(index)
            if index > 0, ramp > .zero { stages.append(LoadStage(duration: ramp, target: value, name: "ramp\(index + 1)")) }
            stages.append(LoadStage(duration: level, target: value, name: "level\(index + 1)"))
        }
        return stages
    }
}
