import Foundation
@testable import SocialStack
import Synchronization
import XCTest
@testable import LoadHarness

/// The dataset cache: a second variant starts from a copy, a damaged entry is rebuilt and
/// reported, a cache that cannot be written falls back to building, and runs sharing the
/// folder never use a half-written entry.
final class DatasetCacheTests: XCTestCase {
    private let spec = DatasetSpec(users: 40, postsPerUser: 3, followsPerUser: 5, likesPerUser: 2, imageBytes: 256)
    private var folder = ""

    override func setUpWithError() throws {
        folder = TemporaryFolder.path("cache")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testASecondFillCopiesTheEntryAndEqualsABuild() throws {
        let cache = DatasetCache(folder: folder)
        let (first, firstSource, warnings) = try fill(cache)
        XCTAssertEqual(firstSource, .built)
        let (second, secondSource, moreWarnings) = try fill(cache)
        XCTAssertEqual(secondSource, .cache)
        XCTAssertEqual(warnings + moreWarnings, [])
        try assertSameData(first, second)
        // And equal to a dataset built with no cache at all.
        let plain = try SocialStack(Self.configuration())
        _ = try Dataset.build(spec, seed: 5, on: StackAdministration(administering: plain))
        try assertSameData(plain, second)
    }

    func testAnEntryMadeInMemoryRestoresIntoAFileStack() throws {
        let cache = DatasetCache(folder: folder)
        let (built, _, _) = try fill(cache)
        let (restored, source, _) = try fill(cache, storage: .temporaryFile)
        XCTAssertEqual(source, .cache)
        try assertSameData(built, restored)
        let session = try Self.session(of: UserID(rawValue: 1), on: restored)
        XCTAssertNoThrow(try restored.posts.compose(.post("after the copy"), as: session))
    }

    func testATruncatedEntryIsReportedAndRebuilt() throws {
        let cache = DatasetCache(folder: folder)
        let (built, _, _) = try fill(cache)
        let entry = try entryPath()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: entry)[.size] as? Int)
        XCTAssertEqual(truncate(entry, off_t(size / 2)), 0)
        let (rebuilt, source, warnings) = try fill(cache)
        XCTAssertEqual(source, .built)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("is damaged") && warnings[0].contains(entry), warnings[0])
        try assertSameData(built, rebuilt)
        let (_, thirdSource, thirdWarnings) = try fill(cache)
        XCTAssertEqual(thirdSource, .cache, "the rebuilt entry is sound")
        XCTAssertEqual(thirdWarnings, [])
    }

    func testAFlippedByteIsReportedAndRebuilt() throws {
        let cache = DatasetCache(folder: folder)
        let (built, _, _) = try fill(cache)
        let entry = try entryPath()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: entry))
        bytes[bytes.count / 2] ^= 0x5A
        try bytes.write(to: URL(fileURLWithPath: entry))
        let (rebuilt, source, warnings) = try fill(cache)
        XCTAssertEqual(source, .built)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("is damaged"), warnings[0])
        try assertSameData(built, rebuilt)
    }

    func testAFolderThatCannotBeWrittenFallsBackToBuildingWithAWarning() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = (folder as NSString).appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let cache = DatasetCache(folder: (file as NSString).appendingPathComponent("datasets"))
        let (stack, source, warnings) = try fill(cache)
        XCTAssertEqual(source, .built)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("is not writable"), warnings[0])
        XCTAssertEqual(try stack.contents().users.count, spec.users)
    }

    func testConcurrentFillsBuildOnceAndBothGetTheDataset() throws {
        let cache = DatasetCache(folder: folder)
        let results = Mutex<[(SocialStack, DatasetSource)]>([])
        let failures = Mutex<[String]>([])
        let spec = spec
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let (stack, source, warnings) = try Self.fill(cache, spec: spec)
                results.withLock { $0.append((stack, source)) }
                if !warnings.isEmpty { failures.withLock { $0.append(contentsOf: warnings) } }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let all = results.withLock { $0 }
        XCTAssertEqual(all.map(\.1).filter { $0 == .built }.count, 1, "one builds, the others wait and copy")
        for (stack, _) in all.dropFirst() { try assertSameData(all[0].0, stack) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [])
    }

    func testTheKeyChangesWithEverythingThatShapesTheDataset() {
        let base = DatasetCacheKey(spec: spec, seed: 5, settings: StackSettings(), schemaDigest: "s")
        var bigger = spec
        bigger.likesPerUser += 1
        let others = [
            DatasetCacheKey(spec: bigger, seed: 5, settings: StackSettings(), schemaDigest: "s"),
            DatasetCacheKey(spec: spec, seed: 6, settings: StackSettings(), schemaDigest: "s"),
            DatasetCacheKey(spec: spec, seed: 5, settings: StackSettings(feed: .fanOutOnWrite), schemaDigest: "s"),
            DatasetCacheKey(spec: spec, seed: 5, settings: StackSettings(passwordCost: .production), schemaDigest: "s"),
            DatasetCacheKey(spec: spec, seed: 5, settings: StackSettings(), schemaDigest: "t"),
        ]
        XCTAssertEqual(Set(others.map(\.name) + [base.name]).count, 6)
        XCTAssertEqual(DatasetCacheKey(spec: spec, seed: 5, settings: StackSettings(storage: .file), schemaDigest: "s"), base,
                       "storage does not shape the rows: a memory entry serves a file stack")
    }

    func testTheDefaultFolderFollowsXDG() {
        XCTAssertEqual(DatasetCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache"]), "/x/cache/roost/datasets")
        XCTAssertTrue(DatasetCache.defaultFolder(environment: [:]).hasSuffix("/.cache/roost/datasets"))
    }

    // MARK: Helpers

    /// A session for `user` stored straight into `stack`, with a token of its own: a login
    /// would draw its token from the stack's seeded generator, which on a stack restored
    /// from the cache starts over and repeats the dataset's own session tokens.
    private static func session(of user: UserID, on stack: SocialStack) throws -> Session {
        let token = "dataset-cache-test-\(user)-\(UUID().uuidString)"
        let expiresAt = Date(timeIntervalSince1970: 4_000_000_000)
        try stack.store.writer.write { db in
            try db.execute(sql: "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, 0, ?)",
                           arguments: [SecretToken.digest(token), user, Timestamp.milliseconds(expiresAt)])
        }
        return Session(token: token, user: try stack.users.user(user), expiresAt: expiresAt)
    }

    private static func configuration(storage: SocialStack.Configuration.Storage = .memory) -> SocialStack.Configuration {
        var configuration = SocialStack.Configuration(storage: storage, feed: .fanOutOnRead, passwordCost: .low)
        configuration.randomBytes = SeededBytes(seed: 5).next
        // One instant for every stack, so that two builds write the same timestamps.
        configuration.clock = { Date(timeIntervalSince1970: 1_800_000_000) }
        return configuration
    }

    private func fill(_ cache: DatasetCache, storage: SocialStack.Configuration.Storage = .memory)
        throws -> (SocialStack, DatasetSource, [String]) {
        try Self.fill(cache, spec: spec, storage: storage)
    }

    private static func fill(_ cache: DatasetCache, spec: DatasetSpec, storage: SocialStack.Configuration.Storage = .memory)
        throws -> (SocialStack, DatasetSource, [String]) {
        var warnings: [String] = []
        let (stack, dataset, source) = try cache.makeStack(configuration(storage: storage), spec: spec, seed: 5,
                                                           settings: StackSettings(), progress: { _ in },
                                                           warn: { warnings.append($0) })
        XCTAssertEqual(dataset.users.count, spec.users)
        XCTAssertEqual(dataset.posts.count, spec.users * spec.postsPerUser)
        return (stack.stack, source, warnings)
    }

    private func entryPath() throws -> String {
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".sqlite") })
        return (folder as NSString).appendingPathComponent(name)
    }

    /// The same users, posts, feeds, notifications, likes and search answers.
    private func assertSameData(_ a: SocialStack, _ b: SocialStack, file: StaticString = #filePath, line: UInt = #line) throws {
        let (left, right) = (try a.contents(), try b.contents())
        XCTAssertEqual(left.users, right.users, file: file, line: line)
        XCTAssertEqual(left.usernames, right.usernames, file: file, line: line)
        XCTAssertEqual(left.posts, right.posts, file: file, line: line)
        for user in left.users.prefix(5) {
            XCTAssertEqual(try a.users.user(user), try b.users.user(user), file: file, line: line)
            let (sessionA, sessionB) = (try Self.session(of: user, on: a), try Self.session(of: user, on: b))
            XCTAssertEqual(try a.feed.homeFeed(for: sessionA, limit: 50), try b.feed.homeFeed(for: sessionB, limit: 50), file: file, line: line)
            XCTAssertEqual(try a.notifications.notifications(for: sessionA, limit: 50), try b.notifications.notifications(for: sessionB, limit: 50),
                           file: file, line: line)
        }
        XCTAssertEqual(try a.search.posts(matching: "roost", limit: 50), try b.search.posts(matching: "roost", limit: 50), file: file, line: line)
        XCTAssertNoThrow(try b.auth.logIn(email: left.emails[3], password: Dataset.password), file: file, line: line)
    }
}


/// A run with a dataset cache: `run.csv` says where each variant's dataset came from, and a
/// second run plays on copies of the first run's datasets.
final class DatasetCacheRunTests: XCTestCase {
    func testRunsRecordTheirDatasetsSourceAndASecondRunUsesTheCache() throws {
        let folder = TemporaryFolder.path("cache-run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scenario = try ScenarioLoader.parse(yaml: """
            name: cached
            seed: 3
            dataset: { users: 30, posts_per_user: 2, follows_per_user: 4, likes_per_user: 1, image_bytes: 64 }
            variants:
              - { name: read, references: weak }
              - { name: write, references: weak, stack: { feed: fanOutOnWrite } }
            steps: [login, { open_feed: { pages: 2 } }, close_feed]
            """, path: "cached.yaml")
        var runner = ScenarioRunner(scenario: scenario)
        runner.datasetCache = DatasetCache(folder: folder)
        let warnings = Mutex<[String]>([])
        runner.warn = { text in warnings.withLock { $0.append(text) } }
        let first = try runner.run()
        let second = try runner.run()
        XCTAssertEqual(warnings.withLock { $0 }, [])
        XCTAssertEqual(first.variants.map(\.datasetSource), [.built, .built])
        XCTAssertEqual(second.variants.map(\.datasetSource), [.cache, .cache])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }.count, 2)
        let csv = RunInfoFile.text(second, commandLine: ["roost"], configuration: "debug")
        XCTAssertTrue(csv.contains("dataset_source,cache cache"), csv)
        XCTAssertTrue(csv.contains("dataset_seconds,"), csv)
        XCTAssertEqual(first.variants.map { $0.steps.map(\.count) }, second.variants.map { $0.steps.map(\.count) })
        XCTAssertEqual(first.variants.flatMap(\.steps).flatMap(\.errors.values).reduce(0, +), 0)
        XCTAssertEqual(second.variants.flatMap(\.steps).flatMap(\.errors.values).reduce(0, +), 0, "every login works on the copies")
    }
}
