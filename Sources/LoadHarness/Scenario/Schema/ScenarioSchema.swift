/// The JSON Schema of the scenario format (`Scenarios/roost.schema.json`), written from the
/// registry: every registered step with its arguments, kinds, defaults and doc lines, the
/// control steps, and every registered edge. `roost schema` writes it; a test fails when the
/// committed file differs.
public enum ScenarioSchema {
    /// The schema's text for `registry`.
    public static func text(for registry: StepRegistry = .current) -> String {
        let edges = registry.edges.map(\.rawValue)
        let parts: [String: JSONValue] = [
            "edgeProperties": .object(edges.map { ($0, .object([("$ref", .string("#/$defs/strength"))])) }),
            "edges": .array(edges.map(JSONValue.string)),
            "bareSteps": .array(registry.entries.map { .string($0.type.name) }),
            "stepProperties": .object(registry.entries.map { ($0.type.name, measured($0.type)) } + controlSteps),
            "namedMetrics": .array(Threshold.Metric.named.map { .string($0.name) }),
            "thresholdPattern": .string(thresholdPattern),
            "loadModels": .array(LoadModels.all.map { $0.schema }),
        ]
        var lines: [String] = []
        for line in ScenarioSchemaTemplate.text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let start = line.range(of: "\"@@"), let end = line.range(of: "@@\"", range: start.upperBound..<line.endIndex),
                  let value = parts[String(line[start.upperBound..<end.lowerBound])] else {
                lines.append(String(line))
                continue
            }
            let indent = line.prefix { $0 == " " }.count / 2
            lines.append(String(line[..<start.lowerBound]) + value.text(indent: indent) + String(line[end.upperBound...]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A threshold's whole line: a metric (a percentile or one of `Threshold.Metric.named`), an
    /// optional step and variant, a comparison and a number with an optional unit.
    private static var thresholdPattern: String {
        let metrics = (["p[0-9]+(\\.[0-9]+)?"] + Threshold.Metric.named.map(\.name)).joined(separator: "|")
        return #"^\s*("# + metrics + #")\s*(\(\s*(setup\.)?[a-z0-9_]+\s*\))?\s*(\{\s*(variant|stage|population)\s*:\s*[a-z0-9_-]+\s*\}\s*){0,3}(<=|>=|==|<|>)\s*[0-9]+(\.[0-9]+)?\s*(ns|us|ms|s|B|KB|MB|GB|%)?\s*$"#
    }

    /// A measured step's entry: `null` when it takes no arguments, else a map of them.
    private static func measured(_ type: any MeasuredStep.Type) -> JSONValue {
        let description: (String, JSONValue) = ("description", .string(type.summary))
        guard !type.arguments.isEmpty else { return .object([description, ("type", .string("null"))]) }
        var members: [(String, JSONValue)] = [
            description, ("type", .array([.string("object"), .string("null")])), ("additionalProperties", .bool(false)),
        ]
        let required = type.arguments.filter { $0.defaultValue == nil }.map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("properties", .object(type.arguments.map { ($0.name, argument($0)) })))
        return .object(members)
    }

    private static func argument(_ argument: StepSyntax.Argument) -> JSONValue {
        var members: [(String, JSONValue)]
        var defaultValue = argument.defaultValue.map(JSONValue.string)
        switch argument.kind {
        case .user: members = [("$ref", .string("#/$defs/userTarget"))]
        case .post: members = [("$ref", .string("#/$defs/postTarget"))]
        case .text: members = [("$ref", .string("#/$defs/text"))]
        case .steps: members = [("$ref", .string("#/$defs/steps"))]
        case let .integer(minimum):
            members = [("type", .string("integer")), ("minimum", .integer(minimum))]
            defaultValue = argument.defaultValue.flatMap { Int($0) }.map(JSONValue.integer)
        }
        if let defaultValue { members.append(("default", defaultValue)) }
        if let doc = argument.doc { members.append(("description", .string(doc))) }
        return .object(members)
    }

    private static let steps: JSONValue = .object([("$ref", .string("#/$defs/steps"))])

    /// `think`, `choose` and `repeat`: part of the format, not registered.
    private static let controlSteps: [(String, JSONValue)] = [
        ("think", .object([("description", .string("Pause (not measured), e.g. 10ms.")), ("$ref", .string("#/$defs/duration"))])),
        ("choose", .object([
            ("description", .string("Play one branch, picked by weight (not measured).")),
            ("type", .string("array")), ("minItems", .integer(1)),
            ("items", .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("required", .array([.string("weight"), .string("steps")])),
                ("properties", .object([
                    ("weight", .object([("type", .string("integer")), ("minimum", .integer(1)),
                                        ("description", .string("Relative weight of this branch."))])),
                    ("steps", steps),
                ])),
            ])),
        ])),
        ("repeat", .object([
            ("description", .string("Play the steps `times` times (not measured).")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("required", .array([.string("times"), .string("steps")])),
            ("properties", .object([
                ("times", .object([("type", .string("integer")), ("minimum", .integer(1))])),
                ("steps", steps),
            ])),
        ])),
    ]
}
