/// The planned number of active virtual users over time (k6's execution steps): from each
/// step's offset on, the users numbered below `users` are active. A user whose activity ends
/// finishes the iteration it is playing first. Users are numbered from 0, so a part of the
/// load can take every user whose number falls in its stripe.
struct UserSchedule: Hashable, Sendable {
    /// From `offset` (nanoseconds after the measured phase began), `users` users are active.
    struct Step: Hashable, Sendable {
        var offset: UInt64
        var users: Int
    }

    /// When one user is active: from `from` until `to` (nil: until its iterations are done).
    struct Interval: Hashable, Sendable {
        var from: UInt64
        var to: UInt64?
    }

    /// In time order; the first at offset 0.
    var steps: [Step]
    /// When every user stops; nil when the users stop after their iterations instead.
    var end: UInt64?

    /// The planned active users at `offset`.
    func users(at offset: UInt64) -> Int {
        if let end, offset >= end { return 0 }
        return steps.last { $0.offset <= offset }?.users ?? 0
    }

    /// When user `user` is active, in order.
    func intervals(of user: Int) -> [Interval] {
        var intervals: [Interval] = []
        var since: UInt64?
        for step in steps {
            if step.users > user, since == nil {
                since = step.offset
            } else if step.users <= user, let from = since {
                if step.offset > from { intervals.append(Interval(from: from, to: step.offset)) }
                since = nil
            }
        }
        if let from = since, end.map({ $0 > from }) ?? true { intervals.append(Interval(from: from, to: end)) }
        return intervals
    }

    /// The most users active at once.
    var peak: Int { steps.map(\.users).max() ?? 0 }

    /// k6's ramping-vus schedule (`getRawExecutionSteps`): `start` users, then in each stage
    /// the count moves one user at a time to the stage's target, the last change at the
    /// stage's end: going up, user u (counting from 1) starts `duration * (u - from) /
    /// (target - from)` into the stage; going down, each user stops at the moment the next one
    /// down would have started, the last at the stage's end; a stage of no duration jumps.
    static func ramping(start: Int, stages: [(duration: UInt64, target: Int)]) -> UserSchedule {
        ramping(start: start, stages: stages.map { (duration: $0.duration, target: $0.target, holds: false) })
    }

    /// The same, where a stage that holds jumps to its target at its start (as a stage of no
    /// duration before it would) and keeps it to its end: a level of stairs (Gatling's
    /// `incrementConcurrentUsers`).
    static func ramping(start: Int, stages: [(duration: UInt64, target: Int, holds: Bool)]) -> UserSchedule {
        var steps = [Step(offset: 0, users: start)]
        func add(_ offset: UInt64, _ users: Int) {
            if steps[steps.count - 1].users != users {
                if steps[steps.count - 1].offset == offset { steps[steps.count - 1].users = users } else {
                    steps.append(Step(offset: offset, users: users))
                }
            }
        }
        var from = start, stageEnd: UInt64 = 0
        for stage in stages {
            let stageStart = stageEnd
            stageEnd += stage.duration
            let difference = stage.target - from
            defer { from = stage.target }
            guard difference != 0 else { continue }
            guard !stage.holds else {
                add(stageStart, stage.target)
                continue
            }
            guard stage.duration > 0 else {
                add(stageEnd, stage.target)
                continue
            }
            let duration = Int128(stage.duration)
            if difference > 0 {
                for users in (from + 1)...stage.target {
                    add(stageEnd - UInt64(duration * Int128(stage.target - users) / Int128(difference)), users)
                }
            } else {
                for users in stride(from: from, to: stage.target, by: -1) {
                    add(stageEnd - UInt64(duration * Int128(stage.target - users + 1) / Int128(difference)), users - 1)
                }
            }
        }
        return UserSchedule(steps: steps, end: stageEnd)
    }
}
