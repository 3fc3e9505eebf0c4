import Foundation

/// Timestamps are stored as integer milliseconds since 1970, so a `Date` read back from
/// the database equals the one a write returned.
enum Timestamp {
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    static func date(_ milliseconds: Int64?) -> Date? {
        milliseconds.map(date)
    }
}
