import Yams

extension ScenarioReader {
    /// `thresholds:`, each checked against the steps, variants and load stages the scenario
    /// declares (`stages` are the load's stage names; not checked when the load is invalid).
    mutating func thresholds(_ node: Node, variants: [String], stages: [String] = [], loadIsValid: Bool = true) -> [Threshold]? {
        guard let items = list(node, label: "'thresholds'") else { return nil }
        let setupWritten = setupNamesWritten.filter { StepCatalog.syntax(named: $0, in: registry)?.form == .plain }
            .map { ScenarioSteps.setupPrefix + $0 }
        let written = (stepNamesWritten + setupWritten).reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        let measured = written.filter {
            StepCatalog.syntax(named: $0.hasPrefix(ScenarioSteps.setupPrefix) ? String($0.dropFirst(ScenarioSteps.setupPrefix.count)) : $0,
                               in: registry)?.form == .plain
        }
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
            var valid = true
            if parsed.threshold.step != nil, let character = parsed.stepCharacter,
               parsed.threshold.metric.isVariantWide {
                report("'\(parsed.threshold.metric.rawValue)' is measured per variant, not per step: remove '(\(parsed.threshold.step ?? ""))'",
                       at: item, offset: character - 1)
                valid = false
            } else if let step = parsed.threshold.step, let character = parsed.stepCharacter, !measured.contains(step) {
                let message: String
                if written.contains(step) {
                    message = "step '\(step)' is not measured, so a threshold cannot name it"
                } else {
                    let hint = Suggestion.nearest(to: step, in: measured).map { "; did you mean '\($0)'?" }
                        ?? (measured.isEmpty ? "" : "; its measured steps are \(measured.joined(separator: ", "))")
                    message = "step '\(step)' is not in this scenario's steps\(hint)"
                }
                report(message, at: item, offset: character - 1)
                valid = false
            }
            if let variant = parsed.threshold.variant, let character = parsed.variantCharacter, !variants.contains(variant) {
                let hint = Suggestion.nearest(to: variant, in: variants).map { "did you mean '\($0)'?" }
                    ?? "declared: \(variants.joined(separator: ", "))"
                report("variant '\(variant)' is not declared in 'variants'; \(hint)", at: item, offset: character - 1)
                valid = false
            }
            if let stage = parsed.threshold.stage, let character = parsed.stageCharacter {
                if !parsed.threshold.metric.isPerStage {
                    report("'\(parsed.threshold.metric.rawValue)' is measured per variant, not per stage: remove '{stage:\(stage)}'",
                           at: item, offset: character - 1)
                    valid = false
                } else if loadIsValid, !stages.contains(stage) {
                    let hint = Suggestion.nearest(to: stage, in: stages).map { "did you mean '\($0)'?" }
                        ?? "its stages are \(stages.joined(separator: ", "))"
                    report("stage '\(stage)' is not a stage of this scenario's load; \(hint)", at: item, offset: character - 1)
                    valid = false
                }
            }
            if valid { thresholds.append(parsed.threshold) }
        }
        return thresholds.count == items.count ? thresholds : nil
    }
}
