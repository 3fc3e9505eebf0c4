/// What limited the stack at the knee (design section 18), in one line: the cores (CPU: full
/// with the steps' work or saturated, with how the failing step waited when it did, or one
/// step's own work where the cores had room), waiting (the failing step's time mostly off CPU
/// while the cores had room, as its wall-clock samples show, named by the frame most of its
/// waiting samples sit under), or the harness (a generator-limited probe). Beside the cores
/// it gives SQLite's writer's busy share: writes that wait on a writer with room wait for
/// their turn, not for the writes' work.
public struct Bottleneck: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case cpu = "CPU"
        case waiting
        case harness = "the harness"
    }

    public let kind: Kind
    /// `CPU, cores 97% busy, open_post on CPU 94% of its time`.
    public let line: String

    /// A failing step's time off CPU at or above this share makes it waiting.
    static let waitingShare = 0.5

    /// The bottleneck the failing probe shows (nil: no probe failed, or it measured nothing).
    static func at(_ failing: CapacityProbe) -> Bottleneck? {
        // The failed thresholds, parsed once (one that does not parse names no step).
        let failed = failing.failed.compactMap { try? Threshold(parsing: $0) }
        guard let step = failingStep(failing, failed: failed) else { return nil }
        let cores = (failing.usage.map(ProbeJudgement.cores) ?? "cores not measured")
            + (failing.usage?.writerBusyShare.map { ", SQLite's writer \(ProbeJudgement.percent($0)) busy" } ?? "")
        let onCPU = step.waitShare.map { "\(step.step) on CPU \(ProbeJudgement.percent(1 - $0)) of its time" }
        let waited = waiting(step, failing, failed: failed)
        if let usage = failing.usage, ProbeJudgement.areFull(usage) {
            // Full cores hold up a step that waits too: each thread it waits for queues for a core.
            let step = waited.map { "; \($0)" } ?? (onCPU.map { ", \($0)" } ?? "")
            return Bottleneck(kind: .cpu, line: "CPU, \(cores)\(step)")
        }
        if let waited { return Bottleneck(kind: .waiting, line: "waiting, \(waited); \(cores)") }
        return Bottleneck(kind: .cpu, line: "CPU in the step, " + (onCPU ?? step.step) + "; \(cores) (not full: the step's own work, "
            + "not a shortage of cores)")
    }

    /// How the failing step waited, when it spent half its time or more off CPU (or the tail a
    /// tail threshold failed on did): `91% of open_post's time off CPU at 490/s under ...`.
    private static func waiting(_ step: StageResult.Step, _ failing: CapacityProbe, failed: [Threshold]) -> String? {
        let tail = tailWait(step, failed: failed)
        guard let wait = offCPUShare(step, failing), wait >= waitingShare || (tail?.share ?? 0) >= waitingShare else { return nil }
        var line = "\(ProbeJudgement.percent(wait)) of \(step.step)'s time off CPU"
        if let tail, tail.share >= waitingShare, wait < waitingShare {
            // The bulk ran on CPU; the tail the threshold failed on waited.
            line = "\(step.step)'s slowest \(tail.written) off CPU \(ProbeJudgement.percent(tail.share)) of their time or more"
        }
        line += " at \(CapacityRun.rate(failing.targetRate))"
        if let site = failing.wallProfile?.step(step.step)?.waitingSite {
            line += " under \(site.path) (\(ProbeJudgement.percent(site.share)) of its waiting samples)"
        } else if let note = failing.wallProfile?.note {
            line += " (no frame named: \(note))"
        } else if let sampled = failing.wallProfile?.step(step.step) {
            line += " (no frame named: \(sampled.offCPU) of its \(sampled.samples) wall-clock samples off CPU)"
        } else {
            line += " (no frame named: not sampled on a wall clock)"
        }
        return line
    }

    /// A generator-limited search's bottleneck (the answer says why).
    static let harness = Bottleneck(kind: .harness, line: "the harness, not the stack")

    /// The share of the step's time off CPU: of its wall-clock samples (time-weighted, so the
    /// slow executions a tail threshold fails on weigh as much as they last), else of its median
    /// execution when it was not sampled.
    static func offCPUShare(_ step: StageResult.Step, _ probe: CapacityProbe) -> Double? {
        if let sampled = probe.wallProfile?.step(step.step), sampled.samples >= minimumSamples {
            return Double(sampled.offCPU) / Double(sampled.samples)
        }
        return step.waitShare
    }

    /// When the failed threshold on `step` is a tail latency (p90 or above): the waiting share
    /// its executions reach at that percentile (the tail the threshold failed on, when the
    /// slowest executions are the ones that waited most, as with a lock or a queue), and the
    /// tail in words (`1%`).
    static func tailWait(_ step: StageResult.Step, failed: [Threshold]) -> (share: Double, written: String)? {
        let named = failed.first { $0.step.map { PopulationStepName.names(step.step, step: $0, population: nil) } == true }
        guard let percentile = named?.metric.percentile, percentile >= 90, let share = step.waitShare(atPercentile: percentile)
        else { return nil }
        let rest = 100 - percentile
        return (share, (rest.rounded() == rest ? String(Int(rest)) : String(format: "%g", rest)) + "%")
    }

    /// Fewer samples than this of a step say too little of where its time went.
    static let minimumSamples = 20

    /// The step the first of the `failed` thresholds to name one names (of its population, or the
    /// slowest population playing it when it names none), else the one whose p99 is highest.
    static func failingStep(_ probe: CapacityProbe, failed: [Threshold]) -> StageResult.Step? {
        let slowest = { (steps: [StageResult.Step]) in steps.max { $0.p99Microseconds < $1.p99Microseconds } }
        let named = failed.first { $0.step != nil }
        if let named, let name = named.step,
           let step = slowest(probe.steps.filter { PopulationStepName.names($0.step, step: name, population: named.population) }) {
            return step
        }
        return slowest(probe.steps)
    }
}
