extension PopulationResult {
    /// A variant's populations rebuilt from what its run streamed (`roost report`, design
    /// section 20), so a rebuilt summary has each population's rows as the run's own has:
    /// its iterations and drops are its time series' load added up (each row of a second
    /// carries its population's load in that second), its users the scenario's (as a rebuilt
    /// variant's are), its schedule lag the log the run wrote at its end (`lag`; a killed run
    /// has none). `phaseSeconds` is the measured phase's length when `run.csv` has it: a last,
    /// partial second's achieved rate is over its part of a second. None without `populations:`.
    static func rebuilt(_ scenario: Scenario, series: [TimeSeriesRow], phaseSeconds: Double?,
                        lag: (_ population: String) -> ScheduleLag?) -> [PopulationResult] {
        scenario.populations.map { population in
            // One load per second: every step's row of a second carries the same.
            var loads: [Int: SecondLoad] = [:]
            for row in series where PopulationStepName.split(row.step).population == population.name {
                if let load = row.load { loads[row.second] = load }
            }
            let started = loads.reduce(0) { total, second in
                // As the time series' collector measured it: a second is whole unless the phase ended in it.
                let length = phaseSeconds.map { min(1, max(0.001, $0 - Double(second.key))) } ?? 1
                return total + Int((second.value.achievedRate * length).rounded())
            }
            return PopulationResult(name: population.name, loadModel: population.load.name, virtualUsers: population.load.virtualUsers,
                                    iterations: started, droppedIterations: loads.values.reduce(0) { $0 + $1.dropped },
                                    scheduleLag: lag(population.name))
        }
    }
}
