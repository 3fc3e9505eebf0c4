/// `steps.csv` (`RunTable.steps`): per variant and step, what `roost run` prints as its table.
/// Read back by name, so a file from before the medians or the statement columns reads too.
enum StepsFile {
    /// One variant's step rows.
    static func rows(scenario: String, _ variant: VariantResult) -> [[String]] {
        let seconds = max(Double(variant.elapsedNanoseconds) / 1e9, 1e-9)
        return variant.steps.map { step in
            let (name, population) = PopulationColumn.fields(step.step)
            return [scenario, variant.variant, name, String(step.count), String(step.errorCount)]
                + [step.meanMicroseconds, step.percentileMicroseconds(50), step.percentileMicroseconds(90),
                   step.percentileMicroseconds(99), step.percentileMicroseconds(99.9), step.maxMicroseconds,
                   Double(step.count) / seconds, step.allocationsPerOperation, step.bytesPerOperation,
                   step.allocationsMedian, step.bytesMedian].map(CSV.number)
                + QueriesFile.stepsFields(variant.statements[step.step]) + LoadColumns.stepsFields(step)
                + [step.cpu.medianMicroseconds.map(CSV.number) ?? "", step.cpu.medianWaitShare.map(CSV.number) ?? ""]
                + [step.peakBytesMedian, step.peakBytesMax.map(Double.init), step.temporaryAllocationsMedian].map { $0.map(CSV.number) ?? "" }
                + [population]
        }
    }

    /// The file's text for `run`.
    static func text(_ run: RunResult) -> String {
        RunTable.steps.text(run.variants.flatMap { rows(scenario: run.scenario.name, $0) })
    }

    /// One row read back.
    struct Row: Sendable {
        /// `step` is the run's name of the step (`readers.open_feed` for a population's).
        let scenario: String, variant: String, step: String
        /// How many times the step ran.
        let count: Int
        /// The row's fields, by column name (absent in a file from before the column).
        let row: RunRow

        /// A column's number; nil when empty or absent.
        func value(_ column: String) throws(RunFolderError) -> Double? { try row.optionalNumber(column) }
    }

    /// The folder's rows; nil when it has no steps.csv.
    static func read(_ folder: RunFolder) throws(RunFolderError) -> [Row]? {
        guard let table = try folder.read(.steps) else { return nil }
        var rows: [Row] = []
        for row in table.rows {
            rows.append(Row(scenario: try row.text("scenario"), variant: try row.text("variant"), step: try PopulationColumn.runStep(row),
                            count: try row.number("count"), row: row))
        }
        return rows
    }
}
