/// How `roost compare` prints the statements behind a change in a step's database work:
/// per execution of the step, before -> after, `new` / `gone`, and a plan old -> new.
enum StatementChangeText {
    static func text(_ steps: [StepStatementChanges]) -> [String] {
        guard !steps.isEmpty else { return [] }
        var lines = ["statements that changed (per execution of the step, from queries.csv):"]
        for step in steps {
            lines.append("  \(step.scenario)/\(step.variant) \(step.step): \(heading(step))")
            for change in step.statements {
                lines.append("    \(status(change))\(change.statement)")
                lines.append("      " + figures(change))
                if let plan = plan(change) { lines.append("      plan " + plan) }
            }
        }
        return lines
    }

    static func markdown(_ steps: [StepStatementChanges]) -> [String] {
        var lines: [String] = []
        for step in steps {
            lines.append("")
            lines.append("#### Statements that changed in \(step.scenario)/\(step.variant) `\(step.step)` (per execution; \(heading(step)))")
            lines.append("| statement | runs, VM steps, full-scan steps, sorts, autoindex rows | plan |")
            lines.append("|---|---|---|")
            for change in step.statements {
                lines.append("| \(status(change))`\(escaped(change.statement))` | \(figures(change)) | "
                    + (plan(change).map { "`\(escaped($0))`" } ?? "") + " |")
            }
        }
        return lines
    }

    /// "1 changed statement", "top 5 of 9 changed statements".
    private static func heading(_ step: StepStatementChanges) -> String {
        step.statements.count == step.changedStatements
            ? "\(step.changedStatements) changed statement\(step.changedStatements == 1 ? "" : "s")"
            : "top \(step.statements.count) of \(step.changedStatements) changed statements"
    }

    private static func status(_ change: StatementChange) -> String {
        change.baseline == nil ? "new: " : change.current == nil ? "gone: " : ""
    }

    /// "runs 1 -> 20, vm steps 87 -> 2,310 (+2223), full-scan steps 0 -> 2204": each figure
    /// that is not zero in both, before -> after (one value for a new or gone statement).
    static func figures(_ change: StatementChange) -> String {
        let names: [(String, KeyPath<StatementChange.PerExecution, Double>)] = [
            ("runs", \.runs), ("vm steps", \.vmSteps), ("full-scan steps", \.fullscanSteps), ("sorts", \.sorts),
            ("autoindex rows", \.autoindexRows),
        ]
        return names.compactMap { name, path -> String? in
            let old = change.baseline?[keyPath: path], new = change.current?[keyPath: path]
            if (old ?? 0) == 0, (new ?? 0) == 0, name != "runs" { return nil }
            switch (old, new) {
            case let (old?, new?): return old == new ? "\(name) \(number(old))" : "\(name) \(number(old)) -> \(number(new))"
            case let (old?, nil): return "\(name) \(number(old))"
            case let (nil, new?): return "\(name) \(number(new))"
            case (nil, nil): return nil
            }
        }.joined(separator: ", ")
    }

    /// "SEARCH ... -> SCAN notifications" when the plan changed; nil otherwise.
    static func plan(_ change: StatementChange) -> String? {
        guard change.planChanged, let old = change.baselinePlan, let new = change.currentPlan else { return nil }
        return "\(old.isEmpty ? "(none)" : old) -> \(new.isEmpty ? "(none)" : new)"
    }

    /// Why VM steps and plans are not judged, when the runs linked different SQLite versions.
    static func versionNote(_ versions: (baseline: String, current: String)?) -> String? {
        guard let versions, versions.baseline != versions.current else { return nil }
        return "SQLite \(versions.baseline) -> \(versions.current): VM steps and plans are shown, not judged "
            + "(another SQLite compiles statements to other bytecode and may plan them otherwise)"
    }

    private static func number(_ value: Double) -> String { CSV.number((value * 1000).rounded() / 1000) }

    private static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
