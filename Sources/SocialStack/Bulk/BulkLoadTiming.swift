import Foundation

/// How long one step of a bulk load took: its wall time and the CPU time the whole process
/// used meanwhile (every thread, so the parallel password hashing counts in full). A row
/// step includes the caller's own work between calls (a dataset generator's).
public struct BulkLoadTiming: Sendable {
    /// A step of a bulk load, in the order they happen.
    public enum Step: Sendable, Equatable, CustomStringConvertible {
        /// Dropping the secondary indexes and the search trigger, preparing the statements.
        case setUp
        /// The phase's calls: one row each (and the caller's work between them).
        case rows(BulkLoad.Phase)
        /// The phase's derived rows: counts, notifications, feed entries, search entries.
        case derived(BulkLoad.Phase)
        /// Waiting for the password hashes not computed yet, and writing them all.
        case passwordHashes
        /// Creating the secondary indexes and the search trigger again.
        case indexes

        public var description: String {
            switch self {
            case .setUp: "set-up"
            case let .rows(phase): "\(phase)"
            case let .derived(phase): "\(phase), derived rows"
            case .passwordHashes: "password hashes"
            case .indexes: "indexes"
            }
        }
    }

    public let step: Step
    public let wallSeconds: Double
    public let cpuSeconds: Double

    /// CPU time of every thread of the process so far, in seconds.
    public static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
