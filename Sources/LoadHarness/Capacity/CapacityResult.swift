import Foundation

/// What a capacity search found: every probe, how it ended, and its answer in one line.
public struct CapacityResult: Sendable {
    /// The lowest rate that failed, and the threshold that failed there.
    public struct Failure: Sendable, Equatable {
        public let rate: Double
        public let threshold: String
    }

    public let scenario: Scenario
    public let variant: String
    public let settings: CapacitySettings
    public let probes: [CapacityProbe]
    let ending: CapacitySearch.Ending
    /// The highest rate that passed (confirmed when the search found its answer).
    public let highestPass: Double?
    public let lowestFail: Failure?
    public let started: Date
    public let ended: Date
    /// How the scenario's populations were searched (nil without `populations:`): the answer
    /// gives each population's rate at the capacity.
    public var populations: CapacityPopulations?

    /// Whether the search found the capacity (its highest passing rate held three levels).
    public var isFound: Bool { ending == .found }
    /// Whether the first probe failed: the capacity is below the start rate.
    public var failsAtStart: Bool { ending == .failsAtStart }
    /// Whether Ctrl-C stopped it.
    public var wasInterrupted: Bool { ending == .interrupted }

    /// The capacity as far as it is known: the highest passing rate (nil when none passed).
    public var capacity: Double? { highestPass }

    /// The first failing probe: the last played at the lowest failing rate (nil: none failed).
    public var failingProbe: CapacityProbe? {
        guard let fail = lowestFail else { return nil }
        return probes.last { $0.verdict == .fail && $0.targetRate == fail.rate }
    }

    /// The last passing probe: the last played at the highest passing rate (nil: none passed).
    public var passingProbe: CapacityProbe? {
        guard let pass = highestPass else { return nil }
        return probes.last { $0.verdict == .pass && $0.targetRate == pass }
    }

    /// What limited the stack at the knee (design section 18); nil when nothing failed and the
    /// harness did not stop the search.
    public var bottleneck: Bottleneck? {
        if case .generatorLimited = ending { return Bottleneck.harness }
        return failingProbe.flatMap { Bottleneck.at($0) }
    }

    /// `capacity: 480/s (passes at 480/s, fails at 505/s: p99(open_post) < 20ms); bottleneck: ...`.
    public var answer: String {
        searchAnswer + (bottleneck.map { "; bottleneck: \($0.line)" } ?? "")
    }

    /// The answer without the bottleneck. With populations, each population's rate at the
    /// rate answered comes first in the brackets: `capacity: 1200/s (readers 1143/s, writers
    /// 57/s; fails at 1260/s: ...)`.
    var searchAnswer: String {
        let rate = CapacityRun.rate
        let failing = lowestFail.map { "fails at \(rate($0.rate)): \($0.threshold)" }
        switch ending {
        case .found:
            guard let pass = highestPass else { return "capacity: unknown" }
            if let populations {
                return "capacity: \(rate(pass)) (\(populations.described(at: pass))" + (failing.map { "; \($0)" } ?? "") + ")"
            }
            return "capacity: \(rate(pass)) (passes at \(rate(pass))" + (failing.map { ", \($0)" } ?? "") + ")"
        case .failsAtStart:
            return "capacity: below \(rate(settings.start)) (\(each(at: settings.start))the first probe " + (failing ?? "failed") + ")"
        case .nothingHolds:
            return "capacity: unknown (no rate held for three levels; " + (failing ?? "") + ")"
        case .generatorLimited(let at, let reason):
            // Nothing passed: the populations' rates are those the harness could not drive.
            let undriven = highestPass == nil ? populations.map { " (\($0.described(at: at)))" } ?? "" : ""
            return "capacity: " + (highestPass.map { "at least \(rate($0))" } ?? "unknown")
                + " (\(each(at: highestPass))the harness could not drive \(rate(at))\(undriven): \(reason); it is not the stack's limit)"
        case .outOfTime:
            return "capacity: " + (highestPass.map { "at least \(rate($0))" } ?? "unknown")
                + " (\(each(at: highestPass))stopped at --max-time" + (failing.map { "; \($0)" } ?? "") + ")"
        case .interrupted:
            return "capacity: " + (highestPass.map { "at least \(rate($0))" } ?? "unknown") + " (\(each(at: highestPass))interrupted"
                + (failing.map { "; \($0)" } ?? "") + ")"
        }
    }

    /// `readers 1143/s, writers 57/s; ` at `rate`, or "" without populations or a rate.
    private func each(at rate: Double?) -> String {
        guard let populations, let rate else { return "" }
        return populations.described(at: rate) + "; "
    }
}
