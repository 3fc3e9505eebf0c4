/// What a population's measured steps are recorded under in a run (design section 20):
/// `readers.open_feed`, `readers.setup.login`; a step's own name when the prefix is empty (the
/// unnamed population's iterations). Made once per population and step list, before any user
/// plays, and shared by its users' players: a user's thread looks a name up and joins no strings.
struct RecordedStepNames: Sendable {
    /// What every name starts with: `readers.`, `readers.setup.`, `setup.`, or "".
    let prefix: String
    /// Each measured step type of the list, by its type's identity, with its recorded name.
    private let names: [ObjectIdentifier: String]

    /// The names of every measured step in `steps` (nested in `choose` and `repeat` too), after `prefix`.
    init(prefix: String, steps: [Step]) {
        self.prefix = prefix
        var names: [ObjectIdentifier: String] = [:]
        if !prefix.isEmpty {
            for type in ScenarioSteps.measuredTypes(in: steps) { names[ObjectIdentifier(type)] = prefix + type.name }
        }
        self.names = names
    }

    /// Steps recorded under their own names.
    static let own = RecordedStepNames(prefix: "", steps: [])

    /// The name a step of `type` is recorded under. A type outside the list the table was made
    /// from (none is played) has its name joined here.
    func name(of type: any MeasuredStep.Type) -> String {
        if prefix.isEmpty { return type.name }
        return names[ObjectIdentifier(type)] ?? prefix + type.name
    }
}
