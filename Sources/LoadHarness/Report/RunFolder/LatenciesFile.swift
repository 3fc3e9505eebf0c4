/// `latencies.csv`, written by `roost run --timings-only`: every measured execution's latency,
/// per variant and step, each virtual user's executions in the order played. `roost paired`
/// compares a step's executions one by one (the n-th of a run with the n-th of another).
enum LatenciesFile {
    /// The file's text; only a header when the run kept no latencies.
    static func text(_ run: RunResult) -> String {
        var lines = [CSV.line(RunTable.latencies.header)]
        for variant in run.variants {
            for step in variant.steps {
                for user in step.latencies.keys.sorted() {
                    for (execution, nanoseconds) in step.latencies[user, default: []].enumerated() {
                        lines.append(CSV.line([run.scenario.name, variant.variant, step.step, String(user), String(execution),
                                               String(nanoseconds)]))
                    }
                }
            }
        }
        return lines.joined()
    }
}
