import Foundation
import SocialStack
import Synchronization

/// With a dataset cache, the datasets a run's variants lack are built before the first
/// variant runs, side by side (one per core), and stored; each variant then starts from a
/// copy. Building them one variant at a time would leave a core idle during each build.
/// Nothing is measured meanwhile, so the builds disturb no measurement.
struct DatasetPrebuild {
    let scenario: Scenario
    let variants: [VariantSpec]
    let cache: DatasetCache
    let progress: @Sendable (RunProgress) -> Void
    let warn: @Sendable (String) -> Void
    /// Builds a single missing entry too (`roost run --instructions` builds every dataset before
    /// the counted process starts); by default one missing entry is left to its variant.
    var evenOne = false

    /// Builds the missing entries; returns the seconds each took, by entry name (empty
    /// when fewer than two were missing and not `evenOne`: a variant then builds its own, with
    /// no copy).
    func run() throws -> [String: Double] {
        var missing: [(name: String, settings: StackSettings, variant: String)] = []
        let schema = try SocialStack.schemaDigest()
        for variant in variants {
            let settings = variant.stack ?? scenario.stack
            let key = DatasetCacheKey(scenario: scenario, settings: settings, schemaDigest: schema)
            guard !missing.contains(where: { $0.name == key.name }), !cache.holds(key) else { continue }
            missing.append((key.name, settings, variant.name))
        }
        guard missing.count > (evenOne ? 0 : 1), cache.isWritable else { return [:] }
        let builds = missing
        let seconds = Mutex<[String: Double]>([:])
        let failure = Mutex<(any Error)?>(nil)
        let lanes = max(1, min(builds.count, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: builds.count, by: lanes) {
                let (name, settings, variant) = builds[index]
                do {
                    let started = ContinuousClock.now
                    var configuration = SocialStack.Configuration(feed: settings.feed, passwordCost: settings.passwordCost.cost)
                    configuration.randomBytes = SeededBytes(seed: scenario.seed).next
                    let source = try cache.prepare(like: configuration, spec: scenario.dataset, seed: scenario.seed, settings: settings, progress: { built in
                        progress(RunProgress(phase: "dataset", variant: variant, iterations: built.done, errors: 0,
                                             elapsedNanoseconds: (ContinuousClock.now - started).nanoseconds, total: built.total))
                    }, warn: warn)
                    if source == .built {
                        seconds.withLock { $0[name] = Double((ContinuousClock.now - started).nanoseconds) / 1e9 }
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return seconds.withLock { $0 }
    }
}

extension DatasetCache {
    /// Builds and stores, side by side, every dataset that `scenario`'s variants named in
    /// `variants` (all when empty) need and this cache lacks; the seconds each build took, by
    /// entry name (`roost run --instructions` calls it before the counted process starts).
    public func prepare(for scenario: Scenario, variants: [String] = [], progress: @escaping @Sendable (RunProgress) -> Void,
                        warn: @escaping @Sendable (String) -> Void) throws -> [String: Double] {
        let selected = scenario.variants.filter { variants.isEmpty || variants.contains($0.name) }
        var prebuild = DatasetPrebuild(scenario: scenario, variants: selected, cache: self, progress: progress, warn: warn)
        prebuild.evenOne = true
        return try prebuild.run()
    }
}
