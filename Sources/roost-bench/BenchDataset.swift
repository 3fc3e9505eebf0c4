import ArgumentParser
import Foundation
import LoadHarness
import RoostBenchmarks
import RoostCommandLine
import SocialStack

/// `roost-bench dataset`: how long a dataset takes to build through the bulk path and
/// through the services.
struct BenchDataset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dataset",
        abstract: "Time building a dataset through the bulk path and, with --path both, through the services.",
        discussion: "Build in release (swift build -c release --product roost-bench) for numbers worth keeping; see docs/datasets.md."
    )

    @Option(help: "Accounts.") var users = 10_000
    @Option(help: "Posts per account.") var postsPerUser = 6
    @Option(help: "Follows per account (less than --users).") var followsPerUser = 20
    @Option(help: "Likes per account.") var likesPerUser = 0
    @Option(help: "Profile image bytes per account (0: none).") var imageBytes = 0
    @Option(help: "Feed strategy: fanOutOnRead or fanOutOnWrite.") var feed: String = "fanOutOnRead"
    @Option(help: "Storage: memory or file.") var storage: String = "memory"
    @Option(help: "Which paths to time: bulk, services or both.") var path: String = "bulk"
    @Option(help: "Seed of the dataset.") var seed: UInt64 = 21

    func run() throws {
        guard let feed = FeedStrategy(rawValue: feed) else { throw ValidationError("--feed must be fanOutOnRead or fanOutOnWrite, got \(self.feed)") }
        guard let storage = StackSettings.Storage(rawValue: storage) else { throw ValidationError("--storage must be memory or file, got \(self.storage)") }
        let paths: [Dataset.Path] = switch path {
        case "both": [.bulk, .services]
        case "bulk": [.bulk]
        case "services": [.services]
        default: throw ValidationError("--path must be bulk, services or both, got \(path)")
        }
        guard users >= 2, followsPerUser < users, postsPerUser >= 0, likesPerUser >= 0, imageBytes >= 0 else {
            throw ValidationError("need --users >= 2, --follows-per-user below --users, and no negative sizes")
        }
        let spec = DatasetSpec(users: users, postsPerUser: postsPerUser, followsPerUser: followsPerUser,
                               likesPerUser: likesPerUser, imageBytes: imageBytes)
        if storage == .file { StaleStacks.sweep(for: "roost-bench dataset") }
        let benchmark = DatasetBenchmark(spec: spec, seed: seed, settings: StackSettings(feed: feed, storage: storage), paths: paths)
        let timings = try benchmark.run { path, built in
            ProgressLine.shared.update(RunProgress(phase: "dataset", variant: path.rawValue, iterations: built.done, errors: 0,
                                                   elapsedNanoseconds: 0, total: built.total))
        }
        ProgressLine.shared.finish()
        print("dataset: \(users) users, \(postsPerUser) posts, \(followsPerUser) follows, \(likesPerUser) likes each; \(feed.rawValue), \(storage.rawValue)")
        for timing in timings {
            print(timing.path.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(format: "%8.2f s  %6.2f s CPU  (%d users, %d posts)", timing.seconds, timing.cpuSeconds, timing.users, timing.posts))
            for step in timing.steps {
                let name = step.step.description
                print("  " + name + String(repeating: " ", count: max(1, 24 - name.count))
                    + String(format: "%6.3f s  %6.3f s CPU", step.wallSeconds, step.cpuSeconds))
            }
        }
        if let bulk = timings.first(where: { $0.path == .bulk }), let services = timings.first(where: { $0.path == .services }) {
            print(String(format: "services / bulk: %.1fx", services.seconds / bulk.seconds))
        }
    }
}
