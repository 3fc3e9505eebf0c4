/// The `population` column of `steps.csv`, `stages.csv`, `timeseries.csv`, `allocations.csv`,
/// `errors.csv`, `queries.csv` and `executions.csv` (design section 20): a run's step name
/// `readers.open_feed` is written as step `open_feed` of population `readers`. A scenario
/// without populations writes it empty; a file from before the column has none, and its rows
/// read as no population's (their steps' names as written: plain, or `readers.open_feed` from a
/// build that had populations but not the column), so a row is matched by variant, population
/// and step whichever build wrote it.
enum PopulationColumn {
    /// The column's name, appended to each of the tables as a generation of its own.
    static let name = "population"

    /// A run's step name as the files' `step` and `population` fields.
    static func fields(_ runStep: String) -> (step: String, population: String) {
        let (population, step) = PopulationStepName.split(runStep)
        return (step, population)
    }

    /// The run's step name of a row read back (`step` column, and `population` when the file has it).
    static func runStep(_ row: RunRow) throws(RunFolderError) -> String {
        let step = try row.text("step")
        guard let population = row[name], !population.isEmpty, !step.isEmpty else { return step }
        return PopulationStepName.qualified(step, population: population)
    }
}
