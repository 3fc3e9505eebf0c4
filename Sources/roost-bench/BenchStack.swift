import ArgumentParser
import Foundation
import LoadHarness
import RoostBenchmarks
import RoostCommandLine
import SocialStack

struct BenchStack: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Measure SocialStack: sign-ups, follows, posts, likes and feed pages on a generated dataset.",
        discussion: """
            Builds the dataset through the public API on one thread, timing every call, and reads \
            home-feed pages once at the checkpoint size and again at the full size. With \
            --reference, a second database built the same way runs each follow, post, like and \
            feed page straight through SQLite's C API with the services' own statements, right \
            beside the stack's call, and the report adds each operation's stack / SQLite ratio. \
            Build with `-c release` for numbers worth quoting.
            """
    )

    @Option(help: "Users to sign up.") var users = 10_000
    @Option(help: "Posts per user (total posts = users x this).") var postsPerUser = 20
    @Option(help: "Posts per user written before the first feed measurement.") var checkpointPostsPerUser = 2
    @Option(help: "Follows per user.") var followsPerUser = 20
    @Option(help: "Likes per user.") var likesPerUser = 5
    @Option(help: "Feed pages read at each size.") var feedReads = 2_000
    @Option(help: "Which feed page the deep reads fetch (2 or more).") var deepPage = 2
    @Option(help: "Feed strategy: fanOutOnRead, fanOutOnWrite, or both.") var strategy = "both"
    @Option(help: "Storage: file (WAL in a temporary directory), memory (WAL in the process's memory) or private-memory (one in-memory connection).") var storage = "file"
    @Option(help: "Seed of the dataset and of every random choice.") var seed: UInt64 = 42
    @Flag(help: "Also run every follow, post, like and feed page through plain SQLite (the same statements through the C API) and print each operation's ratio.")
    var reference = false

    func validate() throws {
        guard users >= 2 else { throw ValidationError("--users must be at least 2, got \(users)") }
        guard postsPerUser >= 1 else { throw ValidationError("--posts-per-user must be at least 1, got \(postsPerUser)") }
        guard (1...postsPerUser).contains(checkpointPostsPerUser) else {
            throw ValidationError("--checkpoint-posts-per-user must be within 1...\(postsPerUser), got \(checkpointPostsPerUser)")
        }
        guard deepPage >= 2 else { throw ValidationError("--deep-page must be 2 or more, got \(deepPage)") }
        guard followsPerUser >= 0, likesPerUser >= 0, feedReads >= 1 else {
            throw ValidationError("--follows-per-user and --likes-per-user must be >= 0 and --feed-reads >= 1")
        }
        _ = try strategies()
        _ = try storageMode()
    }

    func run() throws {
        let strategies = try strategies()
        StaleStacks.sweep(for: "roost-bench stack")
        for strategy in strategies {
            var options = StackBenchmark.Options()
            options.users = users
            options.postsPerUser = postsPerUser
            options.checkpointPostsPerUser = checkpointPostsPerUser
            options.followsPerUser = followsPerUser
            options.likesPerUser = likesPerUser
            options.feedReads = feedReads
            options.deepPage = deepPage
            options.strategy = strategy
            options.storage = try storageMode()
            options.seed = seed
            options.reference = reference
            let started = Date()
            let result = try StackBenchmark(options: options).run { phase in
                printError("[\(strategy.rawValue)] \(String(format: "%6.1fs", Date().timeIntervalSince(started))) \(phase)")
            }
            print(StackBenchmarkReport(result: result).markdown)
        }
    }

    private func strategies() throws -> [FeedStrategy] {
        if strategy == "both" { return FeedStrategy.allCases }
        guard let one = FeedStrategy(rawValue: strategy) else {
            throw ValidationError("--strategy must be fanOutOnRead, fanOutOnWrite or both, got '\(strategy)'")
        }
        return [one]
    }

    private func storageMode() throws -> SocialStack.Configuration.Storage {
        switch storage {
        case "file": return .temporaryFile
        case "memory": return .memory
        case "private-memory": return .privateMemory
        default: throw ValidationError("--storage must be file, memory or private-memory, got '\(storage)'")
        }
    }
}
