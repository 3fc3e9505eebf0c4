import CCallgrind

/// The calling thread's timer slack: how late Linux may wake it from a sleep (50 us by
/// default, to batch wake-ups). An open model's virtual user sets it to the least, 1 ns, so
/// its waits on intended starts end when they should.
enum TimerSlack {
    /// Sets the calling thread's slack to `nanoseconds`; whether the kernel took it.
    @discardableResult
    static func set(_ nanoseconds: UInt = 1) -> Bool { roost_set_timer_slack(nanoseconds) == 0 }

    /// One turn of a busy wait (the core's pause instruction).
    @inline(__always)
    static func relax() { roost_cpu_relax() }
}
