/// How `roost capacity` searches (design section 15): rates double from `start` (leap four
/// times while the cores have room, `CapacitySearch.growth(after:)`) until a probe fails, then bisection until the highest passing and lowest failing rates are within
/// `precision`; the highest passing rate is confirmed by a probe three levels long.
public struct CapacitySettings: Sendable {
    /// The first probe's arrival rate, iterations per second.
    public var start: Double
    /// How close the passing and failing rates must come, as a fraction of the passing one.
    public var precision: Double
    /// How long each probe is judged (its stage `probe`).
    public var level: Duration
    /// How long each probe runs at its rate before that, not judged (its stage `settle`).
    public var settle: Duration
    /// The most the search may take; it stops before a probe that would end later.
    public var maxTime: Duration
    /// The virtual users the first probe may use; a probe that drops iterations while its
    /// iterations pass is repeated with twice as many, up to `maxUsers`.
    public var users: Int
    public var maxUsers: Int

    /// A search's settings; the defaults are `roost capacity`'s.
    public init(start: Double = 10, precision: Double = 0.05, level: Duration = .seconds(5), settle: Duration = .seconds(1),
                maxTime: Duration = .seconds(900), users: Int = 16, maxUsers: Int = 1_024) {
        self.start = start
        self.precision = precision
        self.level = level
        self.settle = settle
        self.maxTime = maxTime
        self.users = users
        self.maxUsers = maxUsers
    }

    /// How long a probe lasts, at `levels` levels.
    func probeDuration(levels: Int) -> Duration { settle + level * levels }
}
