import Foundation
import Synchronization
import TestFolders
import Testing
@testable import SocialStack

/// Reads on a file's pool: they run on `ReaderConnections`, each in one read transaction.
@Suite struct FileReadTests {
    /// While one thread writes and deletes posts, eight threads (more than the five reader
    /// connections) read feed pages: every page is one snapshot, so a full page always has
    /// 20 posts, newest first, even when a post on it is deleted between the page's
    /// statements (ids, then the posts by id).
    @Test(arguments: FeedStrategy.allCases)
    func feedPagesReadOneSnapshotWhilePostsComeAndGo(strategy: FeedStrategy) throws {
        let stack = try makeStack(feed: strategy, storage: .temporaryFile)
        let author = try signUp(stack, "author")
        let readers = try (0..<8).map { try signUp(stack, "reader\($0)") }
        for reader in readers { _ = try stack.follows.follow(author, as: stack.session(of: reader)) }
        var live = try (0..<30).map { try stack.posts.compose(.post("post \($0)"), as: stack.session(of: author)).id }
        let problems = Mutex<[String]>([])

        let group = DispatchGroup()
        for (index, reader) in readers.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                for _ in 0..<150 {
                    if let problem = fullFeedPageProblem(of: reader, on: stack) {
                        problems.withLock { $0.append("reader \(index): \(problem)") }
                    }
                }
            }.start()
        }
        for round in 0..<150 {
            live.append(try stack.posts.compose(.post("new \(round)"), as: stack.session(of: author)).id)
            // A post on the first page goes, so a page that read its ids before the delete
            // and its posts after it would come back one post short.
            try stack.posts.delete(live.remove(at: live.count - 10), as: stack.session(of: author))
        }
        group.wait()
        #expect(problems.withLock { $0 } == [])
        #expect(try stack.feed.homeFeed(for: stack.session(of: readers[0])).items.map(\.id) == Array(live.reversed().prefix(20)))
    }

    /// A stack closed and reopened on its file reads what it wrote, and reads keep working
    /// after many more reads than there are reader connections.
    @Test func aReopenedFileStackReadsWhatItWrote() throws {
        let directory = URL(fileURLWithPath: TestFolders.path("reads"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("stack.sqlite").path
        let configuration = SocialStack.Configuration(storage: .file(path: path), feed: .fanOutOnWrite, passwordCost: .low)
        var posts: [PostID] = []
        do {
            let stack = try SocialStack(configuration)
            let user = try signUp(stack, "writer")
            for round in 0..<25 { posts.append(try stack.posts.compose(.post("post \(round)"), as: stack.session(of: user)).id) }
            for _ in 0..<20 { #expect(try stack.feed.homeFeed(for: stack.session(of: user)).items.count == 20) }
        }
        let reopened = try SocialStack(configuration)
        let user = try reopened.users.user(named: "writer").id
        let first = try reopened.feed.homeFeed(for: reopened.session(of: user))
        #expect(first.items.map(\.id) == Array(posts.reversed().prefix(20)))
        let second = try reopened.feed.homeFeed(for: reopened.session(of: user), before: first.nextCursor)
        #expect(second.items.map(\.id) == Array(posts.reversed().dropFirst(20)))
        #expect(second.nextCursor == nil)
    }

    /// The JSON id list the feed binds to `json_each(?)`, byte for byte as JSON writes it.
    @Test func jsonIntegerArrayWritesEveryInt64() {
        func json(_ values: [Int64]) -> String { JSONIntegerArray.withUTF8(values) { String(decoding: $0, as: UTF8.self) } }
        #expect(json([]) == "[]")
        #expect(json([0]) == "[0]")
        #expect(json([7, 10, 99, 100, 12345]) == "[7,10,99,100,12345]")
        #expect(json([-1, -10, Int64.min, Int64.max]) == "[-1,-10,-9223372036854775808,9223372036854775807]")
        let powers = (0..<19).map { Int64(pow(10.0, Double($0))) }
        #expect(json(powers) == "[" + powers.map(String.init).joined(separator: ",") + "]")
        #expect(json(powers.map { $0 - 1 }) == "[" + powers.map { String($0 - 1) }.joined(separator: ",") + "]")
    }
}
