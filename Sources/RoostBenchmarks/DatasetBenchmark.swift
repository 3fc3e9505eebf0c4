import Foundation
import LoadHarness
import SocialStack

/// Times building one dataset through the bulk path and, when asked, through the services
/// (`roost-bench dataset`), on fresh stacks configured as a run would configure them.
public struct DatasetBenchmark: Sendable {
    /// The dataset section to build.
    public var spec: DatasetSpec
    public var seed: UInt64
    public var settings: StackSettings
    /// The paths to time, in order.
    public var paths: [Dataset.Path]

    /// A benchmark of `spec` on stacks with `settings`.
    public init(spec: DatasetSpec, seed: UInt64, settings: StackSettings, paths: [Dataset.Path]) {
        self.spec = spec
        self.seed = seed
        self.settings = settings
        self.paths = paths
    }

    /// One path's build: its wall time, the process's CPU time meanwhile (every thread), the
    /// bulk load's steps (empty for `.services`) and the database it left.
    public struct Timing: Sendable {
        public let path: Dataset.Path
        public let seconds: Double
        public let cpuSeconds: Double
        public let steps: [BulkLoadTiming]
        public let users: Int
        public let posts: Int
    }

    /// Builds the dataset once per path, each on a new stack; `progress` is told the rows written.
    public func run(progress: (Dataset.Path, Dataset.Progress) -> Void = { _, _ in }) throws -> [Timing] {
        try paths.map { path in
            var configuration = SocialStack.Configuration(
                storage: settings.storage == .file ? .temporaryFile : .privateMemory, feed: settings.feed,
                passwordCost: settings.passwordCost.cost)
            configuration.randomBytes = SeededBytes(seed: seed).next
            let administration = try StackAdministration(opening: configuration)
            let steps = StepList()
            let started = ContinuousClock.now, startedCPU = BulkLoadTiming.processCPUSeconds()
            let dataset = try Dataset.build(spec, seed: seed, on: administration, path: path,
                                            progress: { progress(path, $0) }, timings: { steps.items.append($0) })
            let elapsed = ContinuousClock.now - started
            return Timing(path: path, seconds: Double(elapsed.nanoseconds) / 1e9, cpuSeconds: BulkLoadTiming.processCPUSeconds() - startedCPU,
                          steps: steps.items, users: dataset.users.count, posts: dataset.posts.count)
        }
    }

    /// The steps a bulk load reports, collected as they end (on the building thread).
    private final class StepList {
        var items: [BulkLoadTiming] = []
    }
}
