import Foundation

/// Plays paired rounds (A B A' A' B A) until no candidate step is inconclusive after the
/// minimum, or the maximum of rounds or of time is reached; stops early, keeping the completed rounds, when the stop
/// flag is set (Ctrl-C) or a run fails. How a run is played is injected: the command runs the
/// builds as processes, the tests give it known medians.
public struct PairedSession {
    /// One run to play: the round (1-based), its position in the round (0-based) and its arm.
    public struct Run: Sendable {
        public let round: Int
        public let position: Int
        public let arm: PairedArm
    }

    /// How the session ended.
    public enum Ending: Equatable, Sendable {
        /// No candidate step inconclusive after at least the minimum of rounds.
        case settled
        /// The maximum of rounds ran with steps still inconclusive.
        case roundCap
        /// Another round would have gone past the time allowed, steps still inconclusive.
        case timeCap
        /// Stopped (Ctrl-C) during a round: that round is left out.
        case interrupted
        /// A run failed: that round is left out.
        case failed(String)

        /// Whether paired.csv covers everything asked (settled or at a cap).
        public var isComplete: Bool { self == .settled || self == .roundCap || self == .timeCap }
    }

    public var minimumRounds = 8
    public var maximumRounds = 20
    /// Seconds of rounds allowed (nil: no limit): after the minimum, a round starts only when
    /// the rounds so far plus one more of their mean length fit in it.
    public var maximumSeconds: Double?
    /// Seconds on a monotonic clock (injected by tests).
    public var now: () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    public var stop: StopFlag?
    /// Called after each completed round with the rounds so far.
    public var progress: (PairedRounds) -> Void = { _ in }

    /// A session with the default round counts.
    public init() {}

    /// Plays rounds into `rounds` and says how it ended.
    public func play(into rounds: inout PairedRounds, run: (Run) throws -> StepMedians) -> Ending {
        let started = now()
        var played = 0
        while rounds.rounds.count < maximumRounds {
            if let maximumSeconds, played > 0, rounds.rounds.count >= minimumRounds {
                let elapsed = now() - started
                if elapsed + elapsed / Double(played) > maximumSeconds { return .timeCap }
            }
            let number = rounds.rounds.count + 1
            var round: PairedRounds.Round = [:]
            for (position, arm) in PairedArm.roundOrder.enumerated() {
                if stop?.isSet == true { return .interrupted }
                do {
                    let medians = try run(Run(round: number, position: position, arm: arm))
                    if stop?.isSet == true { return .interrupted }
                    round[arm, default: []].append(medians)
                } catch {
                    if stop?.isSet == true { return .interrupted }
                    return .failed(String(describing: error))
                }
            }
            rounds.append(round)
            played += 1
            progress(rounds)
            if rounds.rounds.count >= minimumRounds && rounds.inconclusiveSteps().isEmpty { return .settled }
        }
        return .roundCap
    }
}
