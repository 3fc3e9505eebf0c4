import Foundation
import GRDB
import Synchronization
import XCTest
@testable import SocialStack

/// The bulk path must leave exactly the rows the services leave for the same calls: every
/// table compared row by row (ids, counts, hashes, timestamps), search answered the same.
final class BulkLoaderTests: XCTestCase {
    func testBulkLoadWritesTheRowsTheServicesWriteFanOutOnRead() throws {
        try assertSameRows(feed: .fanOutOnRead)
    }

    func testBulkLoadWritesTheRowsTheServicesWriteFanOutOnWrite() throws {
        try assertSameRows(feed: .fanOutOnWrite)
    }

    func testBatchesWriteTheRowsTheServicesWriteFanOutOnRead() throws {
        try assertSameRows(feed: .fanOutOnRead, batched: true)
    }

    func testBatchesWriteTheRowsTheServicesWriteFanOutOnWrite() throws {
        try assertSameRows(feed: .fanOutOnWrite, batched: true)
    }

    func testARefusedAccountInABatchKeepsTheAccountsBeforeIt() throws {
        let stack = try makeStack()
        let image = png(count: 64, filler: 9)
        let accounts = (0..<80).map { index in
            BulkLoad.Account(email: "p\(index)@roost.test", password: "password1", username: "person\(index)", fullName: "P \(index)")
        }
        var taken = BulkLoad.Account(email: "P3@roost.test", password: "password1", username: "someone_else", fullName: "Other",
                                     profileImage: image)
        let caught = try stack.administration.bulkLoad { load -> (any Error)? in
            do {
                try load.signUp(Array(accounts[..<70]) + [taken] + Array(accounts[70...]))
                return nil
            } catch {
                taken.email = "free@roost.test"
                taken.profileImage = nil
                XCTAssertEqual(try load.signUp([taken]).map(\.rawValue), [71], "the refused account took no id")
                return error
            }
        }
        XCTAssertEqual(caught as? AuthError, .emailTaken)
        XCTAssertEqual(try count(stack, "users"), 71)
        XCTAssertEqual(try count(stack, "sessions"), 71)
        XCTAssertEqual(try count(stack, "media"), 0, "the refused account's image is not stored")
    }

    func testEveryBulkAccountCanLogIn() throws {
        let (stack, _) = try makeSeededStack(feed: .fanOutOnRead)
        let results = try stack.administration.bulkLoad { load in
            try SmallDataset(users: 12).play(on: BulkCalls(load: load), clock: nil)
        }
        for index in 0..<12 {
            let session = try stack.auth.logIn(email: "person\(index)@roost.test", password: SmallDataset.password)
            XCTAssertEqual(session.user.id, results.users[index])
        }
    }

    func testCallsOutOfPhaseOrderThrowAndWriteNothing() throws {
        let stack = try makeStack()
        XCTAssertThrowsError(try stack.administration.bulkLoad { load in
            let ada = try load.signUp(email: "ada@roost.test", password: "password1", username: "ada", fullName: "Ada")
            let bob = try load.signUp(email: "bob@roost.test", password: "password1", username: "bob", fullName: "Bob")
            try load.compose("hello @bob", by: ada)
            try load.follow(bob, by: ada)
        }) { error in
            XCTAssertEqual(error as? BulkLoadError, .outOfOrder(call: .follows, after: .posts))
        }
        XCTAssertEqual(try count(stack, "users"), 0)
        XCTAssertEqual(try count(stack, "posts"), 0)
        XCTAssertEqual(try count(stack, "sessions"), 0)
    }

    func testBulkLoadRejectsWhatTheServicesReject() throws {
        var configuration = SocialStack.Configuration(feed: .fanOutOnRead, passwordCost: .low)
        configuration.mediaSizeLimit = 100
        let stack = try SocialStack(configuration)
        XCTAssertThrowsError(try stack.administration.bulkLoad { load in
            try load.signUp(email: "ada@roost.test", password: "password1", username: "ada", fullName: "Ada",
                            profileImage: [UInt8](repeating: 1, count: 101))
        }) { error in
            XCTAssertEqual(error as? AuthError, .imageRejected(.tooLarge(bytes: 101, limit: 100)))
        }
        XCTAssertThrowsError(try stack.administration.bulkLoad { load in
            let ada = try load.signUp(email: "ada@roost.test", password: "password1", username: "ada", fullName: "Ada")
            try load.follow(ada, by: ada)
        }) { error in
            XCTAssertEqual(error as? FollowError, .cannotFollowSelf(UserID(rawValue: 1)))
        }
        XCTAssertEqual(try count(stack, "users"), 0)
    }

    // MARK: Helpers

    /// Plays `SmallDataset` on the services and on a bulk load (one call per row, or in
    /// batches) and compares what they left.
    private func assertSameRows(feed: FeedStrategy, batched: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let dataset = SmallDataset(users: 300)
        let (services, servicesClock) = try makeSeededStack(feed: feed)
        let (bulk, bulkClock) = try makeSeededStack(feed: feed)
        let someone: UserID
        if batched {
            let viaServices = try dataset.playInBatches(on: ServiceCalls(stack: services), clock: servicesClock)
            let viaBulk = try bulk.administration.bulkLoad { load in try dataset.playInBatches(on: BulkCalls(load: load), clock: bulkClock) }
            XCTAssertEqual(viaBulk, viaServices, "ids and answers of each batch", file: file, line: line)
            XCTAssertLessThan(viaBulk.follows.reduce(0, +), 300 * 9, "repeated follows in a batch", file: file, line: line)
            someone = viaServices.users[7]
        } else {
            let viaServices = try dataset.play(on: ServiceCalls(stack: services), clock: servicesClock)
            let viaBulk = try bulk.administration.bulkLoad { load in try dataset.play(on: BulkCalls(load: load), clock: bulkClock) }
            XCTAssertEqual(viaBulk, viaServices, "ids and answers of each call", file: file, line: line)
            someone = viaServices.users[7]
        }

        let tables = try services.database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'posts_fts%' ORDER BY name")
        }
        XCTAssertEqual(tables.count, 14, "every table of the schema, and GRDB's and SQLite's own", file: file, line: line)
        for table in tables {
            let order = ["mentions": "post_id, user_id", "feed_entries": "owner_id, post_id"][table] ?? "rowid"
            let sql = "SELECT * FROM \(table) ORDER BY \(order)"
            let expected = try services.database.read { db in try Row.fetchAll(db, sql: sql) }
            let actual = try bulk.database.read { db in try Row.fetchAll(db, sql: sql) }
            XCTAssertEqual(actual.count, expected.count, "\(table): row count", file: file, line: line)
            for (index, (got, want)) in zip(actual, expected).enumerated() where got != want {
                XCTFail("\(table) row \(index): bulk \(got), services \(want)", file: file, line: line)
                break
            }
        }
        // The indexes and the search trigger the load set aside are back, as the schema made them.
        let schema = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        XCTAssertEqual(try bulk.database.read { db in try Row.fetchAll(db, sql: schema) },
                       try services.database.read { db in try Row.fetchAll(db, sql: schema) }, file: file, line: line)
        for (table, minimum) in [("notifications", 300 * 8), ("likes", 300 * 2), ("mentions", 300), ("media", 50)] {
            XCTAssertGreaterThanOrEqual(try count(services, table), minimum, "\(table) exercised", file: file, line: line)
        }
        if feed == .fanOutOnWrite {
            XCTAssertGreaterThan(try count(services, "feed_entries"), 300 * 4, file: file, line: line)
        }
        for query in ["roost", "round 2", "example com", "person1", "mention", "zzz"] {
            XCTAssertEqual(try bulk.search.posts(matching: query, limit: 50), try services.search.posts(matching: query, limit: 50),
                           "search '\(query)'", file: file, line: line)
        }
        try XCTUnwrap(bulk.database as? any DatabaseWriter).write { db in
            try db.execute(sql: "INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 1)")
        }
        XCTAssertEqual(try bulk.feed.homeFeed(for: bulk.session(of: someone), limit: 50), try services.feed.homeFeed(for: services.session(of: someone), limit: 50),
                       file: file, line: line)
        XCTAssertEqual(try bulk.notifications.notifications(for: bulk.session(of: someone), limit: 50),
                       try services.notifications.notifications(for: services.session(of: someone), limit: 50), file: file, line: line)
    }

    /// A stack whose salts and tokens come from a seeded stream, so two stacks draw the same
    /// ones, and whose clock the dataset sets before each call.
    private func makeSeededStack(feed: FeedStrategy) throws -> (SocialStack, TestClock) {
        let clock = TestClock()
        var configuration = SocialStack.Configuration(feed: feed, passwordCost: .low)
        configuration.clock = { clock.now }
        let state = Mutex<UInt64>(7)
        configuration.randomBytes = { count in
            state.withLock { state in
                (0..<count).map { _ in
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    return UInt8(truncatingIfNeeded: state >> 33)
                }
            }
        }
        return (try SocialStack(configuration), clock)
    }
}
