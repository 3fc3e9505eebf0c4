import Yams

extension ScenarioReader {
    /// `thresholds:`, each checked against the steps, variants, load stages and populations the
    /// scenario declares (`scopes`: one per population, or the one unnamed scope of a scenario
    /// without `populations:`; a scope's stages are not checked when its load is invalid).
    mutating func thresholds(_ node: Node, variants: [String], scopes: [ThresholdScope]) -> [Threshold]? {
        guard let items = list(node, label: "'thresholds'") else { return nil }
        let declaresPopulations = !(scopes.count == 1 && scopes[0].population.isEmpty)
        var thresholds: [Threshold] = []
        for item in items {
            guard let text = item.scalar?.string, !Self.isNull(item) else {
                expected("a threshold like 'p99(open_profile) < 20ms'", for: "each item of 'thresholds'", got: item)
                continue
            }
            let parsed: ThresholdParser.Parsed
            do {
                parsed = try ThresholdParser.parse(text)
            } catch {
                report(error.message, at: item, offset: error.character - 1)
                continue
            }
            var valid = checkPopulation(parsed, at: item, scopes: scopes, declaresPopulations: declaresPopulations)
            let named = parsed.threshold.population.flatMap { population in scopes.filter { $0.population == population } } ?? scopes
            let (written, measured) = stepNames(in: named)
            if parsed.threshold.step != nil, let character = parsed.written.stepCharacter,
               parsed.threshold.metric.isVariantWide {
                report("'\(parsed.threshold.metric.rawValue)' is measured per variant, not per step: remove '(\(parsed.threshold.step ?? ""))'",
                       at: item, offset: character - 1)
                valid = false
            } else if let step = parsed.threshold.step, let character = parsed.written.stepCharacter, !measured.contains(step), !named.isEmpty {
                let message: String
                let whose = parsed.threshold.population.map { "population '\($0)''s steps" } ?? "this scenario's steps"
                if written.contains(step) {
                    message = "step '\(step)' is not measured, so a threshold cannot name it"
                } else {
                    let hint = Suggestion.nearest(to: step, in: measured).map { "; did you mean '\($0)'?" }
                        ?? (measured.isEmpty ? "" : "; its measured steps are \(measured.joined(separator: ", "))")
                    message = "step '\(step)' is not in \(whose)\(hint)"
                }
                report(message, at: item, offset: character - 1)
                valid = false
            }
            if let variant = parsed.threshold.variant, let character = parsed.written.variantCharacter, !variants.contains(variant) {
                let hint = Suggestion.nearest(to: variant, in: variants).map { "did you mean '\($0)'?" }
                    ?? "declared: \(variants.joined(separator: ", "))"
                report("variant '\(variant)' is not declared in 'variants'; \(hint)", at: item, offset: character - 1)
                valid = false
            }
            if !checkStage(parsed, at: item, scopes: named, declaresPopulations: declaresPopulations) { valid = false }
            if valid { thresholds.append(parsed.threshold) }
        }
        return thresholds.count == items.count ? thresholds : nil
    }

    /// The step names written in `scopes` (setup steps as `setup.<step>`), and those of them a
    /// threshold can name (measured steps).
    private func stepNames(in scopes: [ThresholdScope]) -> (written: [String], measured: [String]) {
        var written: [String] = []
        for scope in scopes {
            let setup = scope.setupWritten.filter { StepCatalog.syntax(named: $0, in: registry)?.form == .plain }
                .map { ScenarioSteps.setupPrefix + $0 }
            for name in scope.stepsWritten + setup where !written.contains(name) { written.append(name) }
        }
        let measured = written.filter {
            StepCatalog.syntax(named: $0.hasPrefix(ScenarioSteps.setupPrefix) ? String($0.dropFirst(ScenarioSteps.setupPrefix.count)) : $0,
                               in: registry)?.form == .plain
        }
        return (written, measured)
    }

    /// `{population:NAME}`: a population of `populations:`, on a metric measured per population.
    private mutating func checkPopulation(_ parsed: ThresholdParser.Parsed, at item: Node, scopes: [ThresholdScope],
                                          declaresPopulations: Bool) -> Bool {
        guard let population = parsed.threshold.population, let character = parsed.written.populationCharacter else { return true }
        let names = scopes.map(\.population)
        if !declaresPopulations {
            report("population '\(population)' is not declared: this scenario has no 'populations'; remove '{population:\(population)}'",
                   at: item, offset: character - 1)
            return false
        }
        if !names.contains(population) {
            let hint = Suggestion.nearest(to: population, in: names).map { "did you mean '\($0)'?" }
                ?? "declared: \(names.joined(separator: ", "))"
            report("population '\(population)' is not declared in 'populations'; \(hint)", at: item, offset: character - 1)
            return false
        }
        if !parsed.threshold.metric.isPerPopulation {
            report("'\(parsed.threshold.metric.rawValue)' is measured per variant, not per population: remove '{population:\(population)}'",
                   at: item, offset: character - 1)
            return false
        }
        return true
    }

    /// `{stage:NAME}`: a stage of the load (of the population named, where there are populations).
    private mutating func checkStage(_ parsed: ThresholdParser.Parsed, at item: Node, scopes: [ThresholdScope],
                                     declaresPopulations: Bool) -> Bool {
        guard let stage = parsed.threshold.stage, let character = parsed.written.stageCharacter else { return true }
        if !parsed.threshold.metric.isPerStage {
            report("'\(parsed.threshold.metric.rawValue)' is measured per variant, not per stage: remove '{stage:\(stage)}'",
                   at: item, offset: character - 1)
            return false
        }
        if declaresPopulations, parsed.threshold.population == nil {
            let having = scopes.filter { $0.stages.contains(stage) }.map(\.population)
                .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let hint = having.isEmpty ? "" : " (populations with a stage '\(stage)': \(having.joined(separator: ", ")))"
            report("a stage belongs to one population's load: add '{population:NAME}'\(hint)", at: item, offset: character - 1)
            return false
        }
        guard let scope = scopes.first, scope.loadIsValid, !scope.stages.contains(stage) else { return true }
        let stages = scope.stages
        let hint = Suggestion.nearest(to: stage, in: stages).map { "did you mean '\($0)'?" } ?? "its stages are \(stages.joined(separator: ", "))"
        let load = declaresPopulations ? "population '\(scope.population)''s load" : "this scenario's load"
        report("stage '\(stage)' is not a stage of \(load); \(hint)", at: item, offset: character - 1)
        return false
    }
}
