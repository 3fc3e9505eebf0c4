import Yams

/// Walks a composed YAML document, building scenario values and collecting every problem
/// on the way instead of stopping at the first (like k6's `Validate() []error`).
struct ScenarioReader {
    /// A mapping's entries after its keys were checked, in file order.
    struct Fields {
        /// The mapping itself, where problems about missing keys point.
        var node: Node
        var entries: [(key: String, keyNode: Node, value: Node)] = []

        /// The value of `key`, if present.
        subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }

        /// The key node of `key`, if present.
        func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }

        /// Whether `key` is present.
        func has(_ key: String) -> Bool { entries.contains { $0.key == key } }
    }

    let path: String
    var problems: [ScenarioProblem] = []
    /// Every known step name written in `steps:` (nested ones too), in file order, for
    /// checking the steps thresholds name.
    var stepNamesWritten: [String] = []
    /// The same for `setup:`.
    var setupNamesWritten: [String] = []

    /// The steps and edges the file may name.
    let registry: StepRegistry

    init(path: String, registry: StepRegistry = .current) {
        self.path = path
        self.registry = registry
    }

    // MARK: Problems

    /// Records a problem at a node or, given `offset`, that many Unicode scalars into its text.
    mutating func report(_ message: String, at node: Node, offset: Int? = nil) {
        let (line, column) = Self.position(of: node, offset: offset)
        problems.append(ScenarioProblem(path: path, line: line, column: column, message: message))
    }

    /// Records a problem at a line and column.
    mutating func report(_ message: String, line: Int, column: Int) {
        problems.append(ScenarioProblem(path: path, line: line, column: column, message: message))
    }

    /// The 1-based position of a node, moved `offset` scalars into a one-line scalar's text
    /// (past the opening quote of a quoted one). Block scalars point at their start.
    static func position(of node: Node, offset: Int? = nil) -> (line: Int, column: Int) {
        guard let mark = node.mark else { return (1, 1) }
        guard let offset, let scalar = node.scalar else { return (mark.line, mark.column) }
        switch scalar.style {
        case .singleQuoted, .doubleQuoted: return (mark.line, mark.column + 1 + offset)
        case .plain, .any: return (mark.line, mark.column + offset)
        case .literal, .folded: return (mark.line, mark.column)
        }
    }

    /// How a node reads in a message: `'text'`, `nothing`, `a mapping`, `a list`.
    static func describe(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar): isNull(node) ? "nothing" : "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// Whether a node is YAML's null (`key:` with no value, `~`, `null`).
    static func isNull(_ node: Node) -> Bool {
        guard case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// Records "expected KIND for LABEL, got WHAT".
    mutating func expected(_ kind: String, for label: String, got node: Node, hint: String = "") {
        report("expected \(kind) for \(label), got \(Self.describe(node))\(hint)", at: node)
    }

    // MARK: Structure

    /// The node as a mapping whose keys are all among `allowed`; unknown keys are reported
    /// (with the nearest allowed key) and left out. `context` names the mapping in messages.
    mutating func fields(_ node: Node, label: String, context: String?, allowed: [String],
                         unknown: (String) -> String = { "unknown key '\($0)'" }) -> Fields? {
        guard let mapping = node.mapping else {
            expected("a mapping", for: label, got: node)
            return nil
        }
        var fields = Fields(node: node)
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string, !Self.isNull(keyNode) else {
                report("expected a plain key in \(context.map { "'\($0)'" } ?? "the scenario"), got \(Self.describe(keyNode))", at: keyNode)
                continue
            }
            guard allowed.contains(key) else {
                let place = context.map { " in '\($0)'" } ?? ""
                let hint = Suggestion.nearest(to: key, in: allowed).map { "; did you mean '\($0)'?" }
                    ?? "; expected one of \(allowed.joined(separator: ", "))"
                report(unknown(key) + place + hint, at: keyNode)
                continue
            }
            fields.entries.append((key, keyNode, value))
        }
        return fields
    }

    /// The value of a required key, or a "missing required key" problem at the mapping.
    mutating func required(_ key: String, in fields: Fields, context: String?, note: String = "") -> Node? {
        if let value = fields[key] { return value }
        let place = context.map { " in '\($0)'" } ?? ""
        report("missing required key '\(key)'\(place)\(note)", at: fields.node)
        return nil
    }

    /// The node as a list, or a problem; given `items` (what one item is called), `[]` is a problem too.
    mutating func list(_ node: Node, label: String, of items: String? = nil) -> [Node]? {
        guard let sequence = node.sequence else {
            expected("a list", for: label, got: node)
            return nil
        }
        if let items, sequence.isEmpty {
            report("expected at least one \(items) in \(label)", at: node)
            return nil
        }
        return Array(sequence)
    }

    // MARK: Scalars

    /// A non-null scalar's text.
    mutating func string(_ node: Node, label: String) -> String? {
        guard let scalar = node.scalar, !Self.isNull(node) else {
            expected("a string", for: label, got: node)
            return nil
        }
        return scalar.string
    }

    /// A plain integer (`12`, `-3`), or nil without reporting.
    static func integerValue(_ node: Node) -> Int? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return nil }
        let text = scalar.string
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// An integer of at least `minimum`.
    mutating func integer(_ node: Node, label: String, minimum: Int) -> Int? {
        guard let value = Self.integerValue(node) else {
            expected("an integer", for: label, got: node)
            return nil
        }
        guard value >= minimum else {
            report("\(label) must be at least \(minimum), got \(value)", at: node)
            return nil
        }
        return value
    }

    /// One of `values`, with the nearest suggested otherwise.
    mutating func choice(_ node: Node, label: String, values: [String]) -> String? {
        guard let scalar = node.scalar, !Self.isNull(node), values.contains(scalar.string) else {
            let list = values.map { "'\($0)'" }.joined(separator: ", ")
            let hint = node.scalar.map { Suggestion.hint(for: $0.string, in: values) } ?? ""
            expected("one of \(list)", for: label, got: node, hint: hint)
            return nil
        }
        return scalar.string
    }

    /// A name matching `[a-z0-9-]+`.
    mutating func name(_ node: Node, label: String) -> String? {
        guard let text = node.scalar?.string, !Self.isNull(node), ScenarioFormat.isName(text) else {
            expected("a name of lowercase letters, digits and '-'", for: label, got: node)
            return nil
        }
        return text
    }

    /// A duration such as `10ms` or `1.5s`.
    mutating func duration(_ node: Node, label: String) -> Duration? {
        guard let text = node.scalar?.string, !Self.isNull(node), let value = DurationSyntax.duration(text) else {
            expected("a duration like '10ms' or '1.5s' (units: ns, us, ms, s, m)", for: label, got: node)
            return nil
        }
        return value
    }

    /// Text whose `{placeholders}` are all among `TextTemplate.placeholders`.
    mutating func template(_ node: Node, label: String) -> TextTemplate? {
        guard let text = string(node, label: label) else { return nil }
        var valid = true
        for (offset, name) in Self.placeholders(in: text) where !TextTemplate.placeholders.contains(name) {
            let allowed = TextTemplate.placeholders.map { "{\($0)}" }
            let hint = Suggestion.hint(for: name, in: TextTemplate.placeholders) { "'{\($0)}'" }
            report("unknown placeholder '{\(name)}' in \(label); allowed: \(allowed.joined(separator: ", "))\(hint)", at: node, offset: offset)
            valid = false
        }
        return valid ? TextTemplate(text) : nil
    }

    /// Every `{identifier}` in `text` with its offset in Unicode scalars.
    static func placeholders(in text: String) -> [(offset: Int, name: String)] {
        let scalars = Array(text.unicodeScalars)
        var found: [(Int, String)] = []
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "{" else { continue }
            var end = index + 1
            while end < scalars.count, isIdentifierScalar(scalars[end]) { end += 1 }
            guard end > index + 1, end < scalars.count, scalars[end] == "}", !("0"..."9").contains(scalars[index + 1]) else { continue }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[(index + 1)..<end])
            found.append((index, String(name)))
            index = end
        }
        return found
    }

    /// `[A-Za-z0-9_]`, the characters of a placeholder's name.
    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }
}
