import Foundation
import GRDB
import SocialStack
import Testing
@testable import LoadHarness

/// The generator hands the bulk path batches (1,024 sign-ups or posts, a user's follows or
/// likes) and the services the same calls one by one: both paths leave the same rows.
@Suite struct DatasetPathsTests {
    @Test func bulkAndServicesBuildTheSameRows() throws {
        // More users and posts than one batch holds, profile images, likes.
        let spec = DatasetSpec(users: 1_100, postsPerUser: 1, followsPerUser: 3, likesPerUser: 2, imageBytes: 48)
        let (bulk, services) = (try makeStack(), try makeStack())
        let viaBulk = try Dataset.build(spec, seed: 3, on: bulk, path: .bulk)
        let viaServices = try Dataset.build(spec, seed: 3, on: services, path: .services)
        #expect(viaBulk.users == viaServices.users)
        #expect(viaBulk.posts == viaServices.posts)
        let tables = try services.database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'posts_fts%' ORDER BY name")
        }
        for table in tables {
            let order = ["mentions": "post_id, user_id", "feed_entries": "owner_id, post_id"][table] ?? "rowid"
            let sql = "SELECT * FROM \(table) ORDER BY \(order)"
            let expected = try services.database.read { db in try Row.fetchAll(db, sql: sql) }
            let actual = try bulk.database.read { db in try Row.fetchAll(db, sql: sql) }
            #expect(actual.count == expected.count, "\(table): row count")
            if let index = zip(actual, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                Issue.record("\(table) row \(index): bulk \(actual[index]), services \(expected[index])")
            }
        }
        // Every profile image is an image the stack accepts: a PNG signature, then the filler.
        let images = try bulk.database.read { db in try Data.fetchAll(db, sql: "SELECT bytes FROM media") }.map { [UInt8]($0) }
        #expect(images.count == 256, "the filler repeats every 256 users; equal bytes are stored once")
        #expect(images.allSatisfy { ImageFormat(of: $0) == .png && $0.count == 48 })
        #expect(try bulk.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM likes") } ?? 0 > 1_100)
        #expect(try bulk.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM feed_entries") } ?? 0 > 1_100)
    }

    /// A fanOutOnWrite stack with a clock that does not move and salts and tokens from the seed.
    private func makeStack() throws -> StackAdministration {
        var configuration = SocialStack.Configuration(feed: .fanOutOnWrite, passwordCost: .low)
        configuration.clock = { Date(timeIntervalSince1970: 1_700_000_000) }
        configuration.randomBytes = SeededBytes(seed: 3).next
        return try StackAdministration(opening: configuration)
    }
}
