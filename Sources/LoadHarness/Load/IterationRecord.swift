/// What a virtual user tells the collector about its iterations, as they happen: one began
/// (with its intended start, in an open model), one ended, or iterations dropped because no
/// user was free at their intended start. Times are nanoseconds since the measured phase began.
struct IterationRecord: Sendable {
    enum Kind: UInt8, Sendable {
        case began, ended, dropped
    }

    var kind: Kind
    /// The virtual user's slot among those the run plays (its index unless a shard plays a share).
    var user: Int32
    /// `began`, `ended`: when.
    var time: UInt64 = 0
    /// `began`: when the schedule meant it to start (`noIntendedStart` in a closed model).
    var intended: UInt64 = IterationRecord.noIntendedStart
    /// `dropped`: the first dropped iteration's index in the arrival schedule, and how many from it.
    var index: Int = 0
    var count: Int = 0
    /// `began` (open model): the CPU time its user spent waiting for its intended start, nanoseconds.
    var waitCPU: UInt64 = 0

    /// A closed model's iteration has no intended start: it begins when the last one ends.
    static let noIntendedStart = UInt64.max

    static func began(user: Int, at time: UInt64, intended: UInt64 = noIntendedStart, waitCPU: UInt64 = 0) -> IterationRecord {
        IterationRecord(kind: .began, user: Int32(truncatingIfNeeded: user), time: time, intended: intended, waitCPU: waitCPU)
    }

    static func ended(user: Int, at time: UInt64) -> IterationRecord {
        IterationRecord(kind: .ended, user: Int32(truncatingIfNeeded: user), time: time)
    }

    static func dropped(user: Int, from index: Int, count: Int) -> IterationRecord {
        IterationRecord(kind: .dropped, user: Int32(truncatingIfNeeded: user), index: index, count: count)
    }
}

/// A virtual user's iteration records on their way to the collector.
typealias IterationRecordQueue = RecordQueue<IterationRecord>
