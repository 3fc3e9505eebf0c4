import Foundation

extension SocialStack {
    /// How a `SocialStack` stores its data and which rules it runs with.
    public struct Configuration: Sendable {
        /// Where the database lives.
        public enum Storage: Sendable, Equatable {
            /// A WAL database in this process's memory (the `roost-memory` VFS, `MemoryDatabase`):
            /// reads run in parallel on several connections while writes take turns on one, as
            /// on a file, and nothing touches a disk or outlives the process. `close()` frees it.
            case memory
            /// An in-memory database on one connection (a `DatabaseQueue`): every call, read or
            /// write, takes its turn; no file anywhere. For scratch stacks (a dataset build) and
            /// tools that read and write from one thread.
            case privateMemory
            /// A `DatabasePool` on this file (WAL, synchronous=NORMAL); kept after the stack closes.
            case file(path: String)
            /// A `DatabasePool` in a new folder of the temporary directory (`StackFolder`), removed
            /// by `SocialStack.close()` or with the stack.
            case temporaryFile
        }

        /// Where the database lives; defaults to `.memory`.
        public var storage: Storage = .memory
        /// The bytes of memory the machine has free (`MemAvailable` in /proc/meminfo; nil when
        /// unknown): a `.memory` stack started from a snapshot that does not fit is refused
        /// with `MemoryStackError.notEnoughMemory` before anything is made. Replaceable, so a
        /// test can play a machine short of memory.
        public var freeMemory: @Sendable () -> Int64? = MemoryDatabase.freeMemory
        /// How the home feed is built; defaults to `.fanOutOnRead`.
        public var feed: FeedStrategy = .fanOutOnRead
        /// The scrypt cost of password hashes; lower it for load runs.
        public var passwordCost: PasswordCost = .production
        /// The largest image, in bytes, that `media.store` accepts.
        public var mediaSizeLimit: Int = 8 * 1024 * 1024
        /// How long a login session lasts.
        public var sessionLifetime: TimeInterval = 30 * 24 * 3600
        /// How long a password-reset token lasts.
        public var passwordResetLifetime: TimeInterval = 3600
        /// Wrong passwords in a row that account deletion takes from a user's live sessions
        /// before it refuses, without checking, for `wrongPasswordLockout`.
        public var wrongPasswordLimit = 5
        /// How long account deletion refuses after `wrongPasswordLimit` wrong passwords.
        public var wrongPasswordLockout: TimeInterval = 15 * 60
        /// How long bytes stored by `media.store` that no post or profile uses are kept before
        /// `StackAdministration.purgeExpired()` removes them.
        public var unusedMediaLifetime: TimeInterval = 3600
        /// The clock every timestamp and expiry reads; inject one in tests.
        public var clock: @Sendable () -> Date = { Date() }
        /// Where salts and session and reset tokens get their random bytes: the system's
        /// secure generator. A load run injects a seeded one so that allocation counts
        /// repeat (its tokens are then predictable: never do that outside a benchmark).
        public var randomBytes: RandomBytes = systemRandomBytes
        /// Called with every SQLite connection the stack opens (the writer and each reader),
        /// before its first statement: where a tool installs SQLite hooks of its own
        /// (`roost run` counts each statement's work with `sqlite3_trace_v2`). Nil: nothing.
        public var onConnection: (@Sendable (OpaquePointer) -> Void)? = nil

        /// The defaults: in memory, fan-out on read, production password cost.
        public init() {}

        /// A configuration with the settings a caller usually changes.
        public init(
            storage: Storage = .memory, feed: FeedStrategy = .fanOutOnRead,
            passwordCost: PasswordCost = .production
        ) {
            self.storage = storage
            self.feed = feed
            self.passwordCost = passwordCost
        }
    }
}

/// How the home feed is assembled. Both return identical pages for the same data.
public enum FeedStrategy: String, Sendable, CaseIterable, Codable {
    /// Merge the followees' newest posts at read time through the `(author, id)` index.
    case fanOutOnRead
    /// Keep a per-user feed table, filled on post and follow, emptied on unfollow and delete.
    case fanOutOnWrite
}
