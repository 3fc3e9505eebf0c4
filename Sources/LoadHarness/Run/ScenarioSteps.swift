/// Walks a scenario's step tree.
enum ScenarioSteps {
    /// What a setup step's name is reported under: `setup.login`.
    static let setupPrefix = "setup."

    /// The names setup steps are reported under, in the order they first appear.
    static func setupNames(in setup: [Step]) -> [String] { measuredNames(in: setup).map { setupPrefix + $0 } }

    /// The names of the measured steps, in the order they first appear (nested ones too).
    static func measuredNames(in steps: [Step]) -> [String] {
        var names: [String] = []
        func visit(_ steps: [Step]) {
            for step in steps {
                switch step {
                case .choose(let branches): branches.forEach { visit($0.steps) }
                case .repeat(_, let inner): visit(inner)
                case .measured, .think: if step.isMeasured, !names.contains(step.name) { names.append(step.name) }
                }
            }
        }
        visit(steps)
        return names
    }

    /// The types of the measured steps, in the order they first appear (nested ones too).
    static func measuredTypes(in steps: [Step]) -> [any MeasuredStep.Type] {
        var types: [any MeasuredStep.Type] = []
        func visit(_ steps: [Step]) {
            for step in steps {
                switch step {
                case .choose(let branches): branches.forEach { visit($0.steps) }
                case .repeat(_, let inner): visit(inner)
                case .measured(let measured):
                    let type = type(of: measured)
                    if !types.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(type) }) { types.append(type) }
                case .think: break
                }
            }
        }
        visit(steps)
        return types
    }
}
