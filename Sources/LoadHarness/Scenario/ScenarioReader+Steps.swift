import Yams

extension ScenarioReader {
    /// A step argument's value once read.
    private enum ArgumentValue {
        case target(Target), text(TextTemplate), integer(Int), steps([Step])
    }

    /// A non-empty list of steps.
    mutating func steps(_ node: Node, label: String) -> [Step]? {
        guard let items = list(node, label: label, of: "step") else { return nil }
        var steps: [Step] = []
        for item in items {
            if let step = step(item, in: label) { steps.append(step) }
        }
        return steps.count == items.count ? steps : nil
    }

    /// One step: `- name` or `- name: value`.
    private mutating func step(_ node: Node, in label: String) -> Step? {
        let name: String, nameNode: Node, value: Node?
        switch node {
        case let .scalar(scalar) where !Self.isNull(node):
            (name, nameNode, value) = (scalar.string, node, nil)
        case let .mapping(mapping) where mapping.count == 1:
            guard let (key, argument) = mapping.first, let keyText = key.scalar?.string, !Self.isNull(key) else {
                expected("a step name", for: "each item of \(label)", got: node)
                return nil
            }
            (name, nameNode, value) = (keyText, key, Self.isNull(argument) ? nil : argument)
        case let .mapping(mapping) where mapping.count > 1:
            let keys = mapping.keys.map { Self.describe($0) }.joined(separator: ", ")
            report("expected one key in a step map, got \(mapping.count) (\(keys)); indent a step's arguments under its name", at: node)
            return nil
        default:
            expected("a step name or a one-key map", for: "each item of \(label)", got: node)
            return nil
        }
        guard let syntax = StepCatalog.syntax(named: name, in: registry) else {
            let hint = Suggestion.nearest(to: name, in: StepCatalog.names(in: registry)).map { "did you mean '\($0)'?" } ?? "run 'roost list' to see every step"
            report("unknown step '\(name)'; \(hint)", at: nameNode)
            return nil
        }
        stepNamesWritten.append(name)
        let names = syntax.argumentNames.joined(separator: ", ")
        switch syntax.form {
        case .plain:
            guard let value else { return arguments(of: syntax, in: nil).flatMap { build(name, $0, at: nameNode) } }
            guard !syntax.arguments.isEmpty else {
                report("step '\(name)' takes no arguments, got \(Self.describe(value))", at: value)
                return nil
            }
            guard value.mapping != nil else {
                expected("a mapping of arguments (\(names))", for: "'\(name)'", got: value)
                return nil
            }
            let fields = fields(value, label: "'\(name)'", context: name, allowed: syntax.argumentNames) { "unknown argument '\($0)'" }
            return arguments(of: syntax, in: fields).flatMap { build(name, $0, at: nameNode) }
        case .duration:
            guard let value else {
                report("step '\(name)' needs a duration, as in '- \(name): 10ms'", at: nameNode)
                return nil
            }
            return duration(value, label: "'\(name)'").map(Step.think)
        case .branches:
            guard let value else {
                report("step '\(name)' needs weighted branches, as in '- \(name): [{ weight: 1, steps: [login] }]'", at: nameNode)
                return nil
            }
            guard let items = list(value, label: "'\(name)'", of: "branch") else { return nil }
            var branches: [Step.WeightedBranch] = []
            for item in items {
                guard let fields = fields(item, label: "each branch of '\(name)'", context: name, allowed: syntax.argumentNames),
                      let values = arguments(of: syntax, in: fields) else { continue }
                branches.append(Step.WeightedBranch(weight: Self.integer("weight", values), steps: Self.steps("steps", values)))
            }
            return branches.count == items.count ? .choose(branches) : nil
        case .block:
            guard let value else {
                report("step '\(name)' needs arguments (\(names)), as in '- \(name): { times: 2, steps: [login] }'", at: nameNode)
                return nil
            }
            guard let fields = fields(value, label: "'\(name)'", context: name, allowed: syntax.argumentNames, unknown: { "unknown argument '\($0)'" })
            else { return nil }
            return arguments(of: syntax, in: fields).flatMap { build(name, $0, at: nameNode) }
        }
    }

    /// Every argument of a step, written or defaulted; nil when any is wrong or missing.
    private mutating func arguments(of syntax: StepSyntax, in fields: Fields?) -> [String: ArgumentValue]? {
        var values: [String: ArgumentValue] = [:]
        var valid = true
        for argument in syntax.arguments {
            let node: Node
            if let written = fields?[argument.name] {
                node = written
            } else if let defaultValue = argument.defaultValue {
                node = Node(defaultValue, .implicit, .plain)
            } else {
                if let fields { _ = required(argument.name, in: fields, context: syntax.name) }
                valid = false
                continue
            }
            if let value = argumentValue(node, argument) { values[argument.name] = value } else { valid = false }
        }
        return valid ? values : nil
    }

    private mutating func argumentValue(_ node: Node, _ argument: StepSyntax.Argument) -> ArgumentValue? {
        let label = "'\(argument.name)'"
        switch argument.kind {
        case .user, .post: return target(node, argument).map(ArgumentValue.target)
        case .text: return template(node, label: label).map(ArgumentValue.text)
        case let .integer(minimum): return integer(node, label: label, minimum: minimum).map(ArgumentValue.integer)
        case .steps: return steps(node, label: label).map(ArgumentValue.steps)
        }
    }

    /// `random`, `self`, `followed`, `from_feed`, or a username (user) or post id (post).
    private mutating func target(_ node: Node, _ argument: StepSyntax.Argument) -> Target? {
        let isPost = argument.kind == .post
        let kind = "random, self, followed, from_feed or " + (isPost ? "a post id (a positive integer)" : "a username")
        guard let text = node.scalar?.string, !Self.isNull(node), !text.isEmpty else {
            expected(kind, for: "'\(argument.name)'", got: node)
            return nil
        }
        if let target = ScenarioFormat.target(named: text) { return target }
        guard isPost else { return .literal(text) }
        guard let id = Self.integerValue(node), id >= 1 else {
            expected(kind, for: "'\(argument.name)'", got: node, hint: Suggestion.hint(for: text, in: ScenarioFormat.targets))
            return nil
        }
        return .literal(String(id))
    }

    /// The step called `name` from its read arguments: `repeat`, or a registered measured
    /// step built by its own type (whose own validation is reported here).
    private mutating func build(_ name: String, _ values: [String: ArgumentValue], at node: Node) -> Step? {
        if name == "repeat" { return .repeat(times: Self.integer("times", values), steps: Self.steps("steps", values)) }
        guard let type = registry.step(named: name) else { return nil }
        var arguments: [String: StepArguments.Value] = [:]
        for (key, value) in values {
            switch value {
            case let .target(target): arguments[key] = .target(target)
            case let .text(text): arguments[key] = .text(text)
            case let .integer(integer): arguments[key] = .integer(integer)
            case .steps: continue
            }
        }
        do {
            return .measured(try type.init(StepArguments(arguments)))
        } catch {
            report("step '\(name)': \(error)", at: node)
            return nil
        }
    }

    private static func integer(_ key: String, _ values: [String: ArgumentValue]) -> Int {
        if case let .integer(value)? = values[key] { value } else { 0 }
    }

    private static func steps(_ key: String, _ values: [String: ArgumentValue]) -> [Step] {
        if case let .steps(steps)? = values[key] { steps } else { [] }
    }
}
