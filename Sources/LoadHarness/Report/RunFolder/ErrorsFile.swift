/// `errors.csv` (`RunTable.errors`): per variant, step and error (its type and case,
/// `ScreenError.notSignedIn`), how many executions failed with it, and the first one's
/// message, virtual user and measured iteration (empty when not known: a rebuilt run), then
/// (since design 20) the population that played the step.
enum ErrorsFile {
    /// One variant's rows: its steps in order, each step's errors by name.
    static func rows(scenario: String, _ variant: VariantResult) -> [[String]] {
        variant.steps.flatMap { step in
            let (name, population) = PopulationColumn.fields(step.step)
            return step.errorTallies.sorted { $0.key < $1.key }.map { error, tally in
                [scenario, variant.variant, name, error, String(tally.count), tally.message,
                 tally.firstUser.map(String.init) ?? "", tally.firstIteration.map(String.init) ?? "", population]
            }
        }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.errors.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0) })
    }

    /// One row read back (`step` the run's name of the step: `readers.open_feed`).
    struct Row: Sendable, Hashable {
        let scenario: String, variant: String, step: String, error: String
        let tally: ErrorTally
    }

    /// The folder's rows; nil when it has no errors.csv (a run from before it was written).
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row]? {
        guard let table = try folder.read(.errors) else { return nil }
        var rows: [Row] = []
        for row in table.rows {
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), step: try PopulationColumn.runStep(row),
                            error: try row.text("error"),
                            tally: ErrorTally(count: try row.number("count"), message: try row.text("message"),
                                              firstUser: try row.optionalNumber("first_vu"),
                                              firstIteration: try row.optionalNumber("first_iteration"))))
        }
        return rows
    }
}
