/// How a step a named population plays is known inside a run and its folder's internal keys
/// (its metrics, histograms, time series): `readers.open_feed`, `readers.setup.login`. A
/// scenario without `populations:` keeps its plain names (`open_feed`, `setup.login`), so its
/// files and figures are those of a run before populations. The files' `population` column and
/// the metric keys' `{population:NAME}` are made from it here and nowhere else.
enum PopulationStepName {
    /// What a population's step names start with: `readers.`, or "" for the unnamed population.
    static func prefix(of population: String) -> String { population.isEmpty ? "" : population + "." }

    /// `step` as population `population` plays it (nil or "": the plain name).
    static func qualified(_ step: String, population: String?) -> String {
        guard let population, !population.isEmpty else { return step }
        return population + "." + step
    }

    /// A run's step name as its population ("" when none) and the step's own name. Step names
    /// have no `.`; the one other prefix is `setup.`, which no population may be named.
    static func split(_ name: String) -> (population: String, step: String) {
        guard let dot = name.firstIndex(of: "."), name[..<dot] + "." != ScenarioSteps.setupPrefix else { return ("", name) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// The population a run's step name belongs to, nil for none.
    static func population(of name: String) -> String? {
        let population = split(name).population
        return population.isEmpty ? nil : population
    }

    /// Whether a run's step name is step `step` as a threshold names it: of `population`, or of
    /// any population when nil (`p99(open_feed)` is the step over every population playing it).
    static func names(_ runStep: String, step: String, population: String?) -> Bool {
        let (owner, own) = split(runStep)
        return own == step && (population == nil || population == owner)
    }
}
