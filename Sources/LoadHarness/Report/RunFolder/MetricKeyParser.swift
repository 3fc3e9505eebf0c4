/// The one grammar of a metric key, `NAME[(STEP)]{TAG:VALUE}...`: a name of letters, digits and
/// `_` (a percentile may have a point: `p99.9`), a step as a run names it (`open_feed`,
/// `setup.login`, `readers.open_feed`), then `{variant:…}`, `{stage:…}` and `{population:…}`
/// in any order, each at most once, their values of letters, digits, `_` and `-`. Spaces and
/// tabs may stand between the parts. It reads from a position in a longer text (a threshold's
/// key is followed by its comparison) and remembers where each part was written, for messages.
struct MetricKeyParser: ScalarScanning {
    /// The tags a key may carry, in the order messages list them.
    enum Tag: String, CaseIterable {
        case variant, stage, population
    }

    /// A key as written, with the 1-based character where each part's name begins.
    struct Written {
        var key: MetricKey
        var nameCharacter: Int
        var stepCharacter: Int?
        var variantCharacter: Int?
        var stageCharacter: Int?
        var populationCharacter: Int?
    }

    let scalars: [Unicode.Scalar]
    /// The 0-based scalar the parser reads next; past the key and its trailing spaces once read.
    var index: Int

    /// A parser of `scalars` from `index`.
    init(_ scalars: [Unicode.Scalar], from index: Int = 0) {
        self.scalars = scalars
        self.index = index
    }

    /// The whole key: its name, step and tags.
    mutating func key() throws(MetricKeySyntaxError) -> Written {
        let nameCharacter = startOfName()
        var written = Written(key: MetricKey(try name()), nameCharacter: nameCharacter)
        try stepAndTags(into: &written)
        return written
    }

    /// The 1-based character the name begins at (after leading spaces).
    mutating func startOfName() -> Int {
        skipSpaces()
        return index + 1
    }

    /// The name: `p99`, `allocs_per_op`, `p99.9`.
    mutating func name() throws(MetricKeySyntaxError) -> String {
        skipSpaces()
        var name = take(while: Self.isWordCharacter)
        guard !name.isEmpty else { throw .noName(at: index) }
        // A percentile with a point: p99.9.
        if name.wholeMatch(of: /p[0-9]+/) != nil, peek == ".", index + 1 < scalars.count, ("0"..."9").contains(scalars[index + 1]) {
            index += 1
            name += "." + take { ("0"..."9").contains($0) }
        }
        skipSpaces()
        return name
    }

    /// What follows the name: `(step)` if written, then the tags. `acceptedStep` says how many
    /// characters of a step's name the reader takes (a threshold takes a step as its scenario
    /// writes it, not a run's `readers.open_feed`): the name ends there.
    mutating func stepAndTags(into written: inout Written,
                              acceptedStep: (String) -> Int = { $0.unicodeScalars.count }) throws(MetricKeySyntaxError) {
        if let (step, character) = try step(accepted: acceptedStep) {
            written.key.step = step
            written.stepCharacter = character
        }
        for (tag, (value, character)) in try tags() {
            switch tag {
            case .variant: (written.key.variant, written.variantCharacter) = (value, character)
            case .stage: (written.key.stage, written.stageCharacter) = (value, character)
            case .population: (written.key.population, written.populationCharacter) = (value, character)
            }
        }
    }

    /// `(step)` and the 1-based character of the step's name, or nil when no `(` follows.
    private mutating func step(accepted: (String) -> Int) throws(MetricKeySyntaxError) -> (String, Int)? {
        guard peek == "(" else { return nil }
        index += 1
        skipSpaces()
        let start = index
        // A run's step name: names joined by points (`setup.login`, `readers.open_feed`).
        var step = take(while: Self.isNameCharacter)
        while !step.isEmpty, peek == "." {
            index += 1
            step += "." + take(while: Self.isNameCharacter)
        }
        let length = min(accepted(step), step.unicodeScalars.count)
        if length < step.unicodeScalars.count {
            index = start + length
            step = String(String.UnicodeScalarView(step.unicodeScalars.prefix(length)))
        }
        guard !step.isEmpty else { throw .noStep(at: index) }
        skipSpaces()
        guard peek == ")" else { throw .unclosedStep(at: index) }
        index += 1
        skipSpaces()
        return (step, start + 1)
    }

    /// The tags, each with the 1-based character of its value, in the order written.
    private mutating func tags() throws(MetricKeySyntaxError) -> [(Tag, (String, Int))] {
        var tags: [(Tag, (String, Int))] = []
        while peek == "{" {
            index += 1
            skipSpaces()
            let keywordStart = index
            guard let tag = Tag(rawValue: take(while: Self.isWordCharacter)) else { throw .unknownTag(at: keywordStart) }
            guard !tags.contains(where: { $0.0 == tag }) else { throw .repeatedTag(tag.rawValue, at: keywordStart) }
            skipSpaces()
            guard peek == ":" else { throw .noColon(tag.rawValue, at: index) }
            index += 1
            skipSpaces()
            let character = index + 1
            let value = take(while: Self.isNameCharacter)
            guard !value.isEmpty else { throw .noValue(tag.rawValue, at: index) }
            skipSpaces()
            guard peek == "}" else { throw .unclosedTag(tag.rawValue, at: index) }
            index += 1
            skipSpaces()
            tags.append((tag, (value, character)))
        }
        return tags
    }

    /// `[A-Za-z0-9_]`: a metric's name and a tag's keyword.
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// `[A-Za-z0-9_-]`: a step's, variant's, stage's or population's name.
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool { isWordCharacter(scalar) || scalar == "-" }
}
