/// `distributions.csv` (`RunTable.distributions`): per variant, step, virtual user and figure,
/// how many executions had each value. Means and medians are made of these exact tables
/// (`Statistics`; a median per virtual user, then their median), so a run read back from its
/// folder (`roost merge`) has the same figures as the run that wrote it, and shards' tables add.
enum DistributionsFile {
    /// The figure names: the allocation count, the bytes, each of SQLite's counts, the instructions.
    static let allocations = "allocs", bytes = "bytes", instructions = "instructions"
    /// (Since design 19) the peak bytes and the temporary allocations: absent from a folder of an older build.
    static let peakBytes = "peak_bytes", temporaryAllocations = "temporary_allocs"

    /// One variant's rows (instructions from `counts`, with no user).
    static func rows(scenario: String, _ variant: VariantResult, instructions counts: InstructionCounts?) -> [[String]] {
        var rows: [[String]] = []
        func add(_ step: String, _ user: Int?, _ figure: String, _ table: [Int: Int]) {
            for (value, executions) in table.sorted(by: { $0.key < $1.key }) {
                rows.append([scenario, variant.variant, step, user.map(String.init) ?? "", figure, String(value), String(executions)])
            }
        }
        for step in variant.steps {
            for (user, distribution) in step.executions.sorted(by: { $0.key < $1.key }) {
                add(step.step, user, allocations, distribution.allocations)
                add(step.step, user, bytes, distribution.bytes)
                add(step.step, user, peakBytes, distribution.peakBytes)
                add(step.step, user, temporaryAllocations, distribution.temporaryAllocations)
            }
            if let counts = variant.statements[step.step] {
                for metric in DatabaseMetric.allCases {
                    for (user, table) in counts.perUserTables(metric).sorted(by: { $0.key < $1.key }) {
                        add(step.step, user, metric.rawValue, table)
                    }
                }
            }
            if let counted = counts?.steps[InstructionCounts.StepKey(variant: variant.variant, step: step.step)] {
                add(step.step, nil, instructions, counted.executions)
            }
        }
        return rows
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.distributions.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0, instructions: run.instructions) })
    }

    /// One step's tables read back: per virtual user and figure, and per figure kept for no user.
    struct Step: Sendable {
        var perUser: [Int: [String: [Int: Int]]] = [:]
        var allUsers: [String: [Int: Int]] = [:]

        /// The user's table of `figure` (empty when not recorded).
        func table(_ figure: String, user: Int) -> [Int: Int] { perUser[user]?[figure] ?? [:] }
    }

    /// The folder's tables by variant and step; nil when it has no distributions.csv (a run of an older build).
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [String: [String: Step]]? {
        guard let table = try folder.read(.distributions) else { return nil }
        var steps: [String: [String: Step]] = [:]
        for row in table.rows {
            let variant = try row.text("variant"), step = try row.text("step"), figure = try row.text("figure")
            let value: Int = try row.number("value"), executions: Int = try row.number("executions")
            if let user: Int = try row.optionalNumber("vu") {
                steps[variant, default: [:]][step, default: Step()].perUser[user, default: [:]][figure, default: [:]][value, default: 0]
                    += executions
            } else {
                steps[variant, default: [:]][step, default: Step()].allUsers[figure, default: [:]][value, default: 0] += executions
            }
        }
        return steps
    }
}
