import Foundation

/// A step's instructions in the Swift runtime's metadata-cache lookups, in both runs of a
/// `roost compare` (docs/cpu-cost.md). The runtime's caches of generic metadata, witness
/// tables and conformances hash addresses in the binary, so how many entries a lookup probes
/// follows where the binary's metadata lies: two builds of the same code, or of code that
/// changed only outside a step, differ there alone. `roost compare` therefore judges a step's
/// instructions without them (`InstructionComparison.withoutRuntimeLookups`) and shows them
/// apart; what a step does more (more lookups, other code) still moves the rest of its count.
public struct RuntimeLookups: Sendable, Hashable {
    public let scenario: String, variant: String
    /// The instruction metric, as in summary.csv: `instructions(open_notifications)`.
    public let metric: String
    /// The lookups' instructions per execution (inclusive) in the baseline and in the current run.
    public let before: Double, after: Double
    /// The metric without them, as judged.
    public let judgedBefore: Double, judgedAfter: Double

    /// Whether `function` (a symbol in instructions.csv) is one of the runtime's cache lookups:
    /// a `find` of its `ConcurrentReadableHashMap`, whose inclusive count holds the probes and
    /// the key comparisons they make.
    static func isLookup(_ function: String) -> Bool {
        guard let map = function.range(of: "ConcurrentReadableHashMap<") else { return false }
        return function[map.upperBound...].contains("::find<")
    }

    /// Per scenario, variant and step, the lookups' inclusive instructions per execution, from
    /// one run's instructions.csv (`FunctionChanges.read`'s table).
    static func perStep(_ functions: [[String]: [String: (Double, Double)]]) -> [[String]: Double] {
        functions.mapValues { step in step.filter { isLookup($0.key) }.values.reduce(0) { $0 + $1.1 } }
    }
}

extension InstructionComparison {
    /// The verdicts of the instruction metrics judged without the runtime's lookups, and the
    /// lookups of each metric that is worse so, that only they moved, or that is better with
    /// them moving too. A
    /// median's execution is taken to make the mean's lookups: a step makes the same lookups
    /// in every execution, so they differ by a few probes at most.
    static func withoutRuntimeLookups(_ changes: [RunComparison.Change], tolerances: Tolerances, baseline: ComparedRun,
                                      current: ComparedRun) throws -> (changes: [RunComparison.Change], lookups: [RuntimeLookups]) {
        guard let before = try FunctionChanges.read(baseline), let after = try FunctionChanges.read(current) else {
            return (changes, [])
        }
        let lookupsBefore = RuntimeLookups.perStep(before), lookupsAfter = RuntimeLookups.perStep(after)
        var lookups: [RuntimeLookups] = []
        let judged = changes.map { change -> RunComparison.Change in
            guard [.regression, .improvement, .unchanged].contains(change.verdict),
                  let key = MetricKey(parsing: change.metric), metrics.contains(key.name), let step = key.runStep,
                  let old = change.baseline, let new = change.current,
                  let oldLookups = lookupsBefore[[change.scenario, change.variant, step]],
                  let newLookups = lookupsAfter[[change.scenario, change.variant, step]] else { return change }
            let summaryKey = SummaryFile.Key(scenario: change.scenario, variant: change.variant, metric: change.metric)
            let rest = RunComparison.judge(summaryKey, old - oldLookups, new - newLookups, tolerances, samples: nil, meansRepeat: true)
            let verdict: RunComparison.Verdict = rest.verdict == .unchanged && change.verdict != .unchanged ? .runtimeLookups : rest.verdict
            // Shown: a regression (what was judged), a change only the lookups made, and an
            // improvement the lookups took part in.
            if verdict == .regression || verdict == .runtimeLookups || (verdict == .improvement && oldLookups != newLookups) {
                lookups.append(RuntimeLookups(scenario: change.scenario, variant: change.variant, metric: change.metric,
                                              before: oldLookups, after: newLookups, judgedBefore: old - oldLookups,
                                              judgedAfter: new - newLookups))
            }
            guard verdict != change.verdict else { return change }
            return RunComparison.Change(scenario: change.scenario, variant: change.variant, metric: change.metric,
                                        baseline: old, current: new, relativeChange: change.relativeChange, verdict: verdict)
        }
        return (judged, lookups)
    }
}
