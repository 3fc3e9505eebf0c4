import Foundation
import Synchronization
import GRDB
@testable import SocialStack

/// A fresh in-memory stack with the cheap password cost and a controllable clock.
func makeStack(
    feed: FeedStrategy = .fanOutOnRead, storage: SocialStack.Configuration.Storage = .memory, clock: TestClock = TestClock()
) throws -> SocialStack {
    var configuration = SocialStack.Configuration(storage: storage, feed: feed, passwordCost: .low)
    configuration.clock = { clock.now }
    return try SocialStack(configuration)
}

/// Signs up `username` with a valid email and password derived from it; returns the user's id.
@discardableResult
func signUp(_ stack: SocialStack, _ username: String, fullName: String? = nil) throws -> UserID {
    try stack.auth.signUp(
        email: "\(username)@example.com", password: "secret-\(username)-1", username: username,
        fullName: fullName ?? username.capitalized
    ).user.id
}

/// A clock that moves only when told.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    init() {}

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0.addTimeInterval(seconds) }
    }
}

/// Counts rows of a table, optionally filtered, straight from SQLite.
func count(_ stack: SocialStack, _ table: String, where filter: String = "1") throws -> Int {
    try stack.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(filter)") ?? 0 }
}
