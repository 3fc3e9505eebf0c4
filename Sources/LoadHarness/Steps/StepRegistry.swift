import Screens
import Synchronization

/// Every measured step and reference edge a run can use: Roost's own and those of the
/// extensions registered at start-up, checked together. The scenario reader, `roost
/// validate`, `roost list` and `roost schema` read `current`.
public struct StepRegistry: Sendable {
    /// One registered step and who registered it.
    public struct Entry: Sendable {
        /// The step's type.
        public let type: any MeasuredStep.Type
        /// The extension that registered it (`Roost` for the built-in ones).
        public let origin: String

        /// `Roost's Steps.OpenProfile`: how problems name the registration.
        public var registration: String { "\(origin)'s \(String(reflecting: type))" }
    }

    /// The steps, in registration order (Roost's first).
    public let entries: [Entry]
    /// The reference edges (the screens' first).
    public let edges: [ReferenceEdge]
    private let byName: [String: Int]

    /// Roost's own steps and edges only.
    public static let builtIn: StepRegistry = {
        do { return try StepRegistry(extensions: []) } catch { preconditionFailure("Roost's own steps do not register: \(error)") }
    }()

    /// Roost's steps and edges plus each extension's; throws every problem at once: a name
    /// registered twice (naming both registrations), a name a control step has, a name that
    /// is not `[a-z0-9_]+`, an argument of a kind measured steps do not take, an argument
    /// without a default or with one its kind rejects.
    public init(extensions: [RoostExtension]) throws(StepRegistryError) {
        var entries: [Entry] = []
        var edges: [(edge: ReferenceEdge, origin: String)] = []
        var byName: [String: Int] = [:]
        var problems: [String] = []
        for ext in [RoostExtension.builtIn] + extensions {
            for type in ext.steps {
                let entry = Entry(type: type, origin: ext.name)
                let name = type.name
                problems += Self.problems(of: entry)
                if let index = byName[name] {
                    problems.append("step '\(name)' is registered twice: by \(entries[index].registration) and by \(entry.registration); rename one")
                    continue
                }
                if let control = StepCatalog.controlSteps.first(where: { $0.name == name }) {
                    problems.append("step '\(name)' (\(entry.registration)) has the name of Roost's control step '\(control.name)'; rename it")
                    continue
                }
                byName[name] = entries.count
                entries.append(entry)
            }
            for edge in ext.edges {
                if let first = edges.first(where: { $0.edge == edge }) {
                    problems.append("edge '\(edge.rawValue)' is registered twice: by \(first.origin) and by \(ext.name); rename one")
                } else if !Self.isEdgeName(edge.rawValue) {
                    problems.append("edge '\(edge.rawValue)' (\(ext.name)) is not a valid name: use letters and digits, starting with a letter")
                } else {
                    edges.append((edge, ext.name))
                }
            }
        }
        guard problems.isEmpty else { throw StepRegistryError(problems: problems) }
        self.entries = entries
        self.edges = edges.map(\.edge)
        self.byName = byName
    }

    /// The step registered as `name`.
    public func step(named name: String) -> (any MeasuredStep.Type)? {
        byName[name].map { entries[$0].type }
    }

    /// Each step's syntax, in registration order.
    public var syntaxes: [StepSyntax] { entries.map { StepSyntax($0.type.name, .plain, $0.type.arguments) } }

    // MARK: The registry in use

    private static let installed = Mutex<StepRegistry?>(nil)

    /// The registry scenarios are read with: `builtIn` until `install` replaces it.
    public static var current: StepRegistry { installed.withLock { $0 } ?? builtIn }

    /// Makes `registry` the one scenarios are read with (at start-up, before reading any).
    public static func install(_ registry: StepRegistry) { installed.withLock { $0 = registry } }

    // MARK: Checks

    private static func problems(of entry: Entry) -> [String] {
        let type = entry.type
        var problems: [String] = []
        let at = "step '\(type.name)' (\(entry.registration))"
        if !isStepName(type.name) { problems.append("\(at): the name must be lowercase letters, digits and '_', starting with a letter") }
        var seen: Set<String> = []
        for argument in type.arguments {
            let label = "\(at): argument '\(argument.name)'"
            if !seen.insert(argument.name).inserted { problems.append("\(label) is declared twice") }
            if !isStepName(argument.name) { problems.append("\(label): the name must be lowercase letters, digits and '_'") }
            guard let defaultValue = argument.defaultValue else {
                problems.append("\(label) has no default; a measured step's arguments all need one (it may be written bare)")
                continue
            }
            switch argument.kind {
            case .user, .post:
                if defaultValue.isEmpty { problems.append("\(label): an empty default target") }
                if argument.kind == .post, ScenarioFormat.target(named: defaultValue) == nil, (Int(defaultValue) ?? 0) < 1 {
                    problems.append("\(label): default '\(defaultValue)' is not random, self, followed, from_feed or a post id")
                }
            case .text: break
            case let .integer(minimum):
                if let value = Int(defaultValue) {
                    if value < minimum { problems.append("\(label): default \(value) is below its minimum \(minimum)") }
                } else {
                    problems.append("\(label): default '\(defaultValue)' is not an integer")
                }
            case .steps:
                problems.append("\(label) has kind 'steps', which only the control steps (choose, repeat) take; "
                    + "a measured step's arguments are user, post, text or integer")
            }
        }
        return problems
    }

    private static func isStepName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func isEdgeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }
}
