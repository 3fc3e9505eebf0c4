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

/// Reads one threshold expression: its metric key through `MetricKeyParser` (the one grammar of a
/// key), then the comparison and the value, remembering where each part was written.
struct ThresholdParser: ScalarScanning {
    /// A parsed threshold, and its key as written (where its step, variant, stage and population are).
    struct Parsed {
        var threshold: Threshold
        var written: MetricKeyParser.Written
    }

    private static let timeUnits: [(String, Double)] = [("ns", 0.001), ("us", 1), ("ms", 1_000), ("s", 1_000_000)]
    private static let byteUnits: [(String, Double)] = [("B", 1), ("KB", 1_024), ("MB", 1_048_576), ("GB", 1_073_741_824)]

    private let source: String
    let scalars: [Unicode.Scalar]
    var index = 0

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
        let (metric, written) = try key()
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
        let key = written.key
        var threshold = Threshold(metric: metric, step: key.step, variant: key.variant, stage: key.stage,
                                  comparison: comparison, value: value, source: source)
        threshold.population = key.population
        return Parsed(threshold: threshold, written: written)
    }

    /// The metric key: a metric Roost knows, on a step as its scenario writes it.
    private mutating func key() throws(ThresholdSyntaxError) -> (Threshold.Metric, MetricKeyParser.Written) {
        var parser = MetricKeyParser(scalars, from: index)
        let nameCharacter = parser.startOfName()
        let name = try grammar { () throws(MetricKeySyntaxError) in try parser.name() }
        guard let metric = Threshold.Metric(name: name) else {
            throw ThresholdSyntaxError(message: "unknown metric '\(name)'; \(Self.metricHint(name))", character: nameCharacter)
        }
        var written = MetricKeyParser.Written(key: MetricKey(name), nameCharacter: nameCharacter)
        try grammar { () throws(MetricKeySyntaxError) in try parser.stepAndTags(into: &written, acceptedStep: Self.scenarioStepLength) }
        index = parser.index
        return (metric, written)
    }

    /// `read`'s result, a problem of the key's grammar said as a malformed threshold.
    private func grammar<T>(_ read: () throws(MetricKeySyntaxError) -> T) throws(ThresholdSyntaxError) -> T {
        do {
            return try read()
        } catch {
            throw malformed(error.expectation, at: error.index)
        }
    }

    /// How much of a run's step name names a step as its scenario writes it, `open_feed` or
    /// `setup.login`: a threshold names a population's step by `{population:NAME}`.
    private static func scenarioStepLength(_ step: String) -> Int {
        let scalars = step.unicodeScalars
        let word = scalars.prefix(while: MetricKeyParser.isWordCharacter).count
        guard step.hasPrefix(ScenarioSteps.setupPrefix), word + 1 == ScenarioSteps.setupPrefix.unicodeScalars.count else { return word }
        return word + 1 + scalars.dropFirst(word + 1).prefix(while: MetricKeyParser.isWordCharacter).count
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

    /// The text is not a threshold: `expectation` was not met at the 0-based scalar `at` (by default where the parser is).
    private func malformed(_ expectation: String, at position: Int? = nil) -> ThresholdSyntaxError {
        let character = (position ?? index) + 1
        return ThresholdSyntaxError(message: "malformed threshold '\(source)': \(expectation) at character \(character)", character: character)
    }
}
