/// What `roost compare` reads of a run folder, through `RunFolder`: `summary.csv` (required),
/// each step's count (`steps.csv`: how far a percentile can be trusted), the leaks to name
/// beside a leak regression, and `run.csv`. A file that cannot be read is a `ComparisonError`
/// naming the file and line.
struct ComparedRun {
    let folder: RunFolder
    let summary: SummaryFile
    /// Per scenario, variant and step (as the key's metric), how many times the step ran;
    /// empty when the folder has no steps.csv.
    let stepCounts: [SummaryFile.Key: Int]
    /// The leaked types (leaked > 0) with their cycles.
    let leaks: [LeaksFile.Row]
    /// `run.csv`; nil when the folder has none.
    let info: RecordedRunInfo?

    static func read(_ path: String) throws -> ComparedRun {
        let folder = RunFolder(path)
        return try ComparisonError.reading { () throws(RunFolderError) -> ComparedRun in
            guard let summary = try SummaryFile.read(folder) else {
                throw RunFolderError.notARun(path: folder.file(.summary), reason: "no summary.csv here: pass a folder `roost run` wrote")
            }
            var counts: [SummaryFile.Key: Int] = [:]
            for row in try StepsFile.read(folder) ?? [] {
                counts[SummaryFile.Key(scenario: row.scenario, variant: row.variant, metric: row.step)] = row.count
            }
            return ComparedRun(folder: folder, summary: summary, stepCounts: counts,
                               leaks: try LeaksFile.read(folder).filter { $0.leak.leaked > 0 }, info: try folder.recordedInfo())
        }
    }

    /// The count of `step` (nil: every step of the variant, added) of `population` (nil: of
    /// every population that plays it, added; design section 20).
    func count(scenario: String, variant: String, step: String?, population: String? = nil) -> Int? {
        if let step, let population {
            return stepCounts[SummaryFile.Key(scenario: scenario, variant: variant,
                                              metric: PopulationStepName.qualified(step, population: population))]
        }
        let all = stepCounts.filter { entry in
            let (owner, own) = PopulationStepName.split(entry.key.metric)
            return entry.key.scenario == scenario && entry.key.variant == variant && step.map { $0 == own } ?? true
                && population.map { $0 == owner } ?? true
        }
        return all.isEmpty ? nil : all.values.reduce(0, +)
    }
}

extension ComparisonError {
    /// `body`'s result, a run folder's reading problem said as a comparison error.
    static func reading<T>(_ body: () throws(RunFolderError) -> T) throws(ComparisonError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case let .badLine(path, line, reason): throw .badSummary(path: path, line: line, reason: reason)
            case let .notARun(path, reason): throw .unreadable(path: path, reason: reason)
            case .alreadyComplete: throw .unreadable(path: "", reason: error.description)
            }
        }
    }
}
