import Foundation
import LoadHarness

/// What `roost-bench parallel` prints: per storage and user count, the median iterations per
/// second over the rounds, the ratio to the first user count (of the medians, and the median
/// of each round's own ratio), CPU per iteration, and how long a stack took to start from the
/// dataset cache; then, per storage, whether the target was met.
public struct ParallelBenchmarkReport: Sendable {
    public let scenario: String
    public let options: ParallelBenchmark.Options
    public let plays: [ParallelBenchmark.Play]
    /// The ratio of the largest user count's rate to the first's that counts as parallel
    /// enough (design section 16: 0.85 N for N users).
    public let target: Double

    /// A report of `plays`; the target is 0.85 times the ratio of the user counts compared.
    public init(scenario: String, options: ParallelBenchmark.Options, plays: [ParallelBenchmark.Play]) {
        self.scenario = scenario
        self.options = options
        self.plays = plays
        let base = Double(options.users.first ?? 1), most = Double(options.users.max() ?? 1)
        target = 0.85 * most / base
    }

    /// The median iterations per second of `storage` with `users`.
    public func rate(_ storage: StackSettings.Storage, users: Int) -> Double {
        Self.median(selected(storage, users).map(\.iterationsPerSecond))
    }

    /// The median over rounds of (rate with `users`) / (rate with the first user count), each
    /// round's two plays taken together.
    public func roundRatio(_ storage: StackSettings.Storage, users: Int) -> Double {
        guard let base = options.users.first else { return 0 }
        let ratios = (1...max(options.rounds, 1)).compactMap { round -> Double? in
            guard let one = plays.first(where: { $0.round == round && $0.storage == storage && $0.users == base }),
                  let many = plays.first(where: { $0.round == round && $0.storage == storage && $0.users == users }),
                  one.iterationsPerSecond > 0 else { return nil }
            return many.iterationsPerSecond / one.iterationsPerSecond
        }
        return Self.median(ratios)
    }

    public var text: String {
        var lines = ["\(scenario): \(options.rounds) rounds of \(Self.seconds(options.duration)) per play, medians over rounds",
                     "",
                     "| storage | users | iterations/s | range | vs \(options.users.first ?? 1) user | per-round ratio "
                        + "| CPU ms/iteration | others' CPU/s | stack start ms |",
                     "|---|---:|---:|---|---:|---:|---:|---:|---:|"]
        for storage in options.storages {
            for users in options.users {
                let chosen = selected(storage, users)
                let rates = chosen.map(\.iterationsPerSecond)
                let base = rate(storage, users: options.users.first ?? users)
                let cpu = Self.median(chosen.map { $0.cpuSeconds * 1000 / Double(max($0.iterations, 1)) })
                let others = chosen.compactMap(\.othersCPUPerSecond)
                lines.append("| \(storage.rawValue) | \(users) | \(Self.format(rate(storage, users: users), 1)) "
                    + "| \(Self.format(rates.min() ?? 0, 1))-\(Self.format(rates.max() ?? 0, 1)) "
                    + "| \(Self.format(base > 0 ? rate(storage, users: users) / base : 0, 2))x "
                    + "| \(Self.format(roundRatio(storage, users: users), 2))x | \(Self.format(cpu, 3)) "
                    + "| \(others.isEmpty ? "-" : Self.format(Self.median(others), 2)) "
                    + "| \(Self.format(Self.median(chosen.map { $0.datasetSeconds * 1000 }), 1)) |")
            }
        }
        if let base = options.users.first, let most = options.users.max(), most > base {
            lines.append("")
            for storage in options.storages {
                let ratio = rate(storage, users: most) / max(rate(storage, users: base), .leastNonzeroMagnitude)
                lines.append("\(storage.rawValue): \(most) users played \(Self.format(ratio, 2))x the iterations of \(base) "
                    + "(target \(Self.format(target, 2))x): \(ratio >= target ? "met" : "not met")")
            }
        }
        let busy = plays.filter { ($0.othersCPUPerSecond ?? 0) > 0.1 }
        if !busy.isEmpty {
            lines.append("")
            lines.append("warning: \(busy.count) of \(plays.count) plays shared the machine (other processes used over 0.1 CPU "
                + "per second): their rates are low; run again with nothing else running")
        }
        return lines.joined(separator: "\n")
    }

    private func selected(_ storage: StackSettings.Storage, _ users: Int) -> [ParallelBenchmark.Play] {
        plays.filter { $0.storage == storage && $0.users == users }
    }

    /// The median of `values`, 0 when there are none.
    private static func median(_ values: [Double]) -> Double { Statistics.median(values) ?? 0 }

    private static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
