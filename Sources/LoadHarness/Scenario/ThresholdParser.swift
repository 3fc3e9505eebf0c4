/// Why a threshold's text could not be read, and where in it.
public struct ThresholdSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what was expected.
    public var message: String
    /// The 1-based character of the threshold text where the problem is.
    public var character: Int

    /// An error at a character.
    public init(message: String, character: Int) {
        self.message = message
        self.character = character
    }

    /// The message.
    public var description: String { message }
}

extension Threshold {
    /// Parses `METRIC[(STEP)][{variant:NAME}][{stage:NAME}][{population:NAME}] OP VALUE`; whether the step and variant exist is
    /// the scenario's business (the loader checks them).
    public init(parsing text: String) throws(ThresholdSyntaxError) {
        self = try ThresholdParser.parse(text).threshold
    }
}

/// Reads one threshold expression, remembering where its step and variant were written.
struct ThresholdParser {
    /// A parsed threshold and the 1-based characters of its step and variant names.
    struct Parsed {
        var threshold: Threshold
        var stepCharacter: Int?
        var variantCharacter: Int?
        var stageCharacter: Int?
        var populationCharacter: Int?
    }

    private static let timeUnits: [(String, Double)] = [("ns", 0.001), ("us", 1), ("ms", 1_000), ("s", 1_000_000)]
    private static let byteUnits: [(String, Double)] = [("B", 1), ("KB", 1_024), ("MB", 1_048_576), ("GB", 1_073_741_824)]

    private let source: String
    private let scalars: [Unicode.Scalar]
    private var index = 0

    private init(_ source: String) {
        self.source = source
        scalars = Array(source.unicodeScalars)
    }

    /// Parses `source`, or says what was expected at which character.
    static func parse(_ source: String) throws(ThresholdSyntaxError) -> Parsed {
        var parser = ThresholdParser(source)
        return try parser.parse()
    }

    private mutating func parse() throws(ThresholdSyntaxError) -> Parsed {
        skipSpaces()
        let metricStart = index
        var metricName = take(while: Self.isWordCharacter)
        guard !metricName.isEmpty else { throw malformed("expected a metric name") }
        // A percentile with a point: p99.9.
        if metricName.wholeMatch(of: /p[0-9]+/) != nil, peek == ".", index + 1 < scalars.count,
           ("0"..."9").contains(scalars[index + 1]) {
            index += 1
            metricName += "." + take { ("0"..."9").contains($0) }
        }
        guard let metric = Threshold.Metric(name: metricName) else {
            throw ThresholdSyntaxError(message: "unknown metric '\(metricName)'; \(Self.metricHint(metricName))",
                                       character: metricStart + 1)
        }
        skipSpaces()
        var step: String?, stepCharacter: Int?
        if peek == "(" {
            index += 1
            skipSpaces()
            stepCharacter = index + 1
            var name = take(while: Self.isWordCharacter)
            guard !name.isEmpty else { throw malformed("expected a step name after '('") }
            // A setup step's row: setup.login.
            if name + "." == ScenarioSteps.setupPrefix, peek == "." {
                index += 1
                name += "." + take(while: Self.isWordCharacter)
            }
            step = name
            skipSpaces()
            try expect(")", "expected ')' after the step name")
            skipSpaces()
        }
        var tags: [String: (name: String, character: Int)] = [:]
        // Tags, each in its own braces, in any order: {variant:weak}{stage:hold}{population:readers}.
        let keywords = ["variant", "stage", "population"]
        while peek == "{" {
            index += 1
            skipSpaces()
            let keywordStart = index
            let keyword = take(while: Self.isWordCharacter)
            guard keywords.contains(keyword) else {
                index = keywordStart
                throw malformed("expected 'variant:', 'stage:' or 'population:' after '{'")
            }
            guard tags[keyword] == nil else {
                index = keywordStart
                throw malformed("'\(keyword)' is given twice")
            }
            skipSpaces()
            try expect(":", "expected ':' after '\(keyword)'")
            skipSpaces()
            let character = index + 1
            let name = take { Self.isWordCharacter($0) || $0 == "-" }
            guard !name.isEmpty else { throw malformed("expected a \(keyword) name after '\(keyword):'") }
            tags[keyword] = (name, character)
            skipSpaces()
            try expect("}", "expected '}' after the \(keyword) name")
            skipSpaces()
        }
        let comparison = try comparisonOperator()
        skipSpaces()
        let numberStart = index
        let number = take { ("0"..."9").contains($0) || $0 == "." }
        guard !number.isEmpty else { throw malformed("expected a number after '\(comparison.rawValue)'") }
        guard let amount = Double(number), number.first != ".", number.last != "." else {
            index = numberStart
            throw malformed("'\(number)' is not a number")
        }
        skipSpaces()
        let unitStart = index
        let unit = take { $0.properties.isAlphabetic || $0 == "%" }
        skipSpaces()
        guard index == scalars.count else { throw malformed("expected the end of the threshold after the value") }
        let value = try Self.value(amount, number: number, unit: unit, metric: metric, character: unit.isEmpty ? numberStart + 1 : unitStart + 1)
        var threshold = Threshold(metric: metric, step: step, variant: tags["variant"]?.name, stage: tags["stage"]?.name,
                                  comparison: comparison, value: value, source: source)
        threshold.population = tags["population"]?.name
        return Parsed(threshold: threshold, stepCharacter: stepCharacter, variantCharacter: tags["variant"]?.character,
                      stageCharacter: tags["stage"]?.character, populationCharacter: tags["population"]?.character)
    }

    /// What to write instead of an unknown metric name.
    private static func metricHint(_ name: String) -> String {
        if name.wholeMatch(of: /p[0-9.]+/) != nil {
            if name == "p100" { return "p100 is the maximum: write 'max'" }
            return "a latency percentile is p and a number above 0 and below 100: p50, p95, p99, p99.9 (or p999)"
        }
        let names = ScenarioFormat.metrics
        return Suggestion.nearest(to: name, in: names).map { "did you mean '\($0)'?" }
            ?? "expected a latency percentile (p50, p95, p99.9, ...) or one of \(Threshold.Metric.named.map(\.name).joined(separator: ", "))"
    }

    private mutating func comparisonOperator() throws(ThresholdSyntaxError) -> Threshold.Comparison {
        for comparison in [Threshold.Comparison.lessOrEqual, .greaterOrEqual, .equal, .less, .greater] {
            let symbol = Array(comparison.rawValue.unicodeScalars)
            if index + symbol.count <= scalars.count, Array(scalars[index..<index + symbol.count]) == symbol {
                index += symbol.count
                return comparison
            }
        }
        let what = peek.map { "'\($0)'" } ?? "the end"
        throw malformed("expected a comparison operator (<, <=, >, >=, ==), got \(what)")
    }

    /// The limit in the metric's base unit, or why the unit does not fit.
    private static func value(_ amount: Double, number: String, unit: String, metric: Threshold.Metric,
                              character: Int) throws(ThresholdSyntaxError) -> Double {
        func scaled(_ units: [(String, Double)], _ kind: String) throws(ThresholdSyntaxError) -> Double {
            let names = units.map(\.0)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            if unit.isEmpty {
                if amount == 0 { return 0 }
                throw ThresholdSyntaxError(message: "missing unit after \(number) for '\(metric.rawValue)', \(kind); expected \(list)", character: character)
            }
            guard let factor = units.first(where: { $0.0 == unit })?.1 else {
                throw ThresholdSyntaxError(
                    message: "unit '\(unit)' does not fit '\(metric.rawValue)', \(kind); expected \(list)"
                        + (names.first { $0.lowercased() == unit.lowercased() }.map { "; did you mean '\($0)'?" } ?? ""),
                    character: character)
            }
            return amount * factor
        }
        switch metric.unit {
        case .time: return try scaled(timeUnits, "a latency metric")
        case .bytes: return try scaled(byteUnits, "a byte metric")
        case .fraction:
            if unit == "%" { return amount / 100 }
            guard unit.isEmpty else {
                throw ThresholdSyntaxError(message: "unit '\(unit)' does not fit '\(metric.rawValue)', a rate; expected % or a plain fraction", character: character)
            }
            guard amount <= 1 else {
                throw ThresholdSyntaxError(
                    message: "a plain '\(metric.rawValue)' is a fraction from 0 to 1, got \(number); write \(number)% for a percentage",
                    character: character)
            }
            return amount
        case .count:
            guard unit.isEmpty else {
                throw ThresholdSyntaxError(message: "unit '\(unit)' does not fit '\(metric.rawValue)', a count; write a plain number", character: character)
            }
            return amount
        }
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    private mutating func take(while accept: (Unicode.Scalar) -> Bool) -> String {
        var taken = String.UnicodeScalarView()
        while let next = peek, accept(next) {
            taken.append(next)
            index += 1
        }
        return String(taken)
    }

    private mutating func skipSpaces() {
        while let next = peek, next == " " || next == "\t" { index += 1 }
    }

    private mutating func expect(_ symbol: Unicode.Scalar, _ message: String) throws(ThresholdSyntaxError) {
        guard peek == symbol else { throw malformed(message) }
        index += 1
    }

    private func malformed(_ expectation: String) -> ThresholdSyntaxError {
        ThresholdSyntaxError(message: "malformed threshold '\(source)': \(expectation) at character \(index + 1)", character: index + 1)
    }
}
