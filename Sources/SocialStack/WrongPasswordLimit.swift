import Foundation

/// Counts the wrong passwords a user's live sessions give when a password is asked again
/// (account deletion), so that a stolen session cannot guess without limit: after
/// `Configuration.wrongPasswordLimit` of them, each within `Configuration.wrongPasswordLockout`
/// of the one before, the check is refused, without an scrypt run, until that lockout has
/// passed since the last one; a right password starts the count again.
/// Kept in memory, by user (whichever of their sessions tries), on the stack's clock.
final class WrongPasswordLimit: Sendable {
    private struct Record {
        /// Tries that were wrong, or are being checked now (counted before the check, so that
        /// tries on several threads at once cannot pass the limit).
        var tries: Int
        /// When the last of them began (milliseconds).
        var last: Int64
    }

    private let records = Locked<[UserID: Record]>([:])

    /// Counts a try by `user` at `now`, before its password is checked: `nil` when it may go
    /// ahead, or when it may be tried again (milliseconds) when `limit` tries were wrong and
    /// `lockout` (milliseconds) has not passed since the last.
    func take(_ user: UserID, at now: Int64, limit: Int, lockout: Int64) -> Int64? {
        records.withLock { all in
            var record = all[user] ?? Record(tries: 0, last: now)
            let reopens = record.last + lockout
            // Tries older than the lockout are forgotten: a few typos a week lock no one out.
            if now >= reopens { record.tries = 0 } else if record.tries >= limit { return reopens }
            record.tries += 1
            record.last = now
            all[user] = record
            return nil
        }
    }

    /// The password `user` gave was right: their count starts again.
    func succeeded(_ user: UserID) {
        _ = records.withLock { $0.removeValue(forKey: user) }
    }

    /// Forgets the counts whose lockout has passed at `now` (an idle user's tries).
    func forgetStale(at now: Int64, lockout: Int64) {
        records.withLock { all in all = all.filter { now < $0.value.last + lockout } }
    }
}
