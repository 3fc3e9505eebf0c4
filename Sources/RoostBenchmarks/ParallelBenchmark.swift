import Foundation
import LoadHarness
import SocialStack

/// How many iterations a scenario plays per second with one virtual user and with several,
/// on each storage (`roost-bench parallel`, design section 16): rounds in which every
/// storage and user count plays once, in-process, timings only, the order reversed every
/// other round so that no pairing always runs first.
public struct ParallelBenchmark: Sendable {
    /// What to play.
    public struct Options: Sendable {
        /// The storages, each played with every user count.
        public var storages: [StackSettings.Storage] = [.memory, .file]
        /// Virtual users per play; the first is what the others are compared with.
        public var users: [Int] = [1, 2]
        public var rounds = 5
        /// How long each play's measured phase lasts (the scenario's warm-up comes first).
        public var duration: Duration = .seconds(8)
        /// Where the scenario's dataset is kept between plays (and runs); nil: built every play.
        public var datasetCache: DatasetCache?

        /// The defaults: memory and file, 1 and 2 users, 5 rounds of 8 s.
        public init() {}
    }

    /// One play of the scenario.
    public struct Play: Sendable {
        public let round: Int
        public let storage: StackSettings.Storage
        public let users: Int
        /// Measured iterations, all users together.
        public let iterations: Int
        /// The measured phase's length.
        public let seconds: Double
        /// This process's CPU time over the whole play (the stack's start included).
        public let cpuSeconds: Double
        /// Other processes' CPU time per second meanwhile (from /proc/stat); nil where unknown.
        /// Above about 0.1 the play shared the machine and its rate is low.
        public let othersCPUPerSecond: Double?
        /// How long the variant's stack took to start with its dataset (`dataset_seconds`).
        public let datasetSeconds: Double

        public var iterationsPerSecond: Double { seconds > 0 ? Double(iterations) / seconds : 0 }
    }

    public let scenario: Scenario
    public let options: Options

    /// A benchmark of `scenario`'s first variant with `options`.
    public init(scenario: Scenario, options: Options) {
        self.scenario = scenario
        self.options = options
    }

    /// Plays every storage and user count once per round; `progress` hears of each play as it ends.
    public func run(progress: (Play) -> Void = { _ in }) throws -> [Play] {
        let pairs = options.storages.flatMap { storage in options.users.map { (storage, $0) } }
        var plays: [Play] = []
        for round in 1...options.rounds {
            for (storage, users) in round % 2 == 1 ? pairs : pairs.reversed() {
                let play = try self.play(round: round, storage: storage, users: users)
                plays.append(play)
                progress(play)
            }
        }
        return plays
    }

    /// The scenario on `storage` with `users` virtual users for `options.duration`.
    private func play(round: Int, storage: StackSettings.Storage, users: Int) throws -> Play {
        var scenario = scenario
        scenario.stack.storage = storage
        scenario.variants = Array(scenario.variants.prefix(1)).map { variant in
            var variant = variant
            variant.stack?.storage = storage
            return variant
        }
        let warmup = scenario.load.warmup
        scenario.load = .closed(.init(virtualUsers: users, iterations: nil, duration: options.duration, warmup: warmup))
        scenario.thresholds = []
        var runner = ScenarioRunner(scenario: scenario)
        runner.timingsOnly = true
        runner.datasetCache = options.datasetCache
        let othersBefore = ProcessorTime.systemBusySeconds(), cpuBefore = ProcessorTime.processSeconds()
        let started = ContinuousClock.now
        let result = try runner.run()
        let wall = Double((ContinuousClock.now - started).nanoseconds) / 1e9
        let cpu = ProcessorTime.processSeconds() - cpuBefore
        let othersAfter = ProcessorTime.systemBusySeconds()
        let others = othersBefore.flatMap { before in othersAfter.map { after in max(0, (after - before - cpu) / wall) } }
        guard let variant = result.variants.first else { throw ParallelBenchmarkError.noVariantPlayed(scenario: scenario.name) }
        return Play(round: round, storage: storage, users: users, iterations: variant.iterations,
                    seconds: Double(variant.elapsedNanoseconds) / 1e9, cpuSeconds: cpu, othersCPUPerSecond: others,
                    datasetSeconds: variant.datasetSeconds ?? 0)
    }
}

/// CPU time read from the system: this process's, and every process's together.
enum ProcessorTime {
    /// User and system CPU seconds this process has used.
    static func processSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// CPU seconds every process together has been busy since boot (the `cpu` line of
    /// /proc/stat: user, nice, system, irq, softirq, steal); nil where there is no /proc/stat.
    static func systemBusySeconds() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else { return nil }
        let ticks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
