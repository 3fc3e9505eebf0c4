extension LoadPlan {
    /// When the plan's last stage ends, nanoseconds from the measured phase's start; nil when
    /// its users stop after their iterations instead.
    var plannedEnd: UInt64? { stages.last?.end }

    /// The same plan started `delay` nanoseconds into the measured phase (a population's
    /// `start_after`): its stages, its users' schedule and its iterations' intended starts all
    /// moved by it, and nobody active before. Offsets stay the measured phase's, so every
    /// population's per-second and per-stage figures share one time axis.
    func delayed(by delay: UInt64) -> LoadPlan {
        guard delay > 0 else { return self }
        var moved = self
        moved.stages = stages.map { span in
            var span = span
            span.start += delay
            span.end = span.end.map { $0 + delay }
            return span
        }
        moved.users = users.map { schedule in
            UserSchedule(steps: [UserSchedule.Step(offset: 0, users: 0)]
                            + schedule.steps.map { UserSchedule.Step(offset: $0.offset + delay, users: $0.users) },
                         end: schedule.end.map { $0 + delay })
        }
        moved.arrivals = arrivals.map { DelayedArrivals(whole: $0, delay: delay) }
        return moved
    }
}

/// An open model's schedule started later (a population's `start_after`): every iteration of
/// the whole schedule, each `delay` nanoseconds after its own intended start.
struct DelayedArrivals: ArrivalSchedule {
    let whole: any ArrivalSchedule
    let delay: UInt64

    var count: Int { whole.count }

    func start(of index: Int) -> UInt64 { whole.start(of: index) + delay }
}
