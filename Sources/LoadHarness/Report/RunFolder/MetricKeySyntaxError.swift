/// Why a metric key's text could not be read: what was expected, at a 0-based scalar of the text.
enum MetricKeySyntaxError: Error, Hashable {
    case noName(at: Int)
    case noStep(at: Int)
    case unclosedStep(at: Int)
    case unknownTag(at: Int)
    case repeatedTag(String, at: Int)
    case noColon(String, at: Int)
    case noValue(String, at: Int)
    case unclosedTag(String, at: Int)

    /// The 0-based scalar of the text where the problem is.
    var index: Int {
        switch self {
        case let .noName(index), let .noStep(index), let .unclosedStep(index), let .unknownTag(index): index
        case let .repeatedTag(_, index), let .noColon(_, index), let .noValue(_, index), let .unclosedTag(_, index): index
        }
    }

    /// What was expected there.
    var expectation: String {
        switch self {
        case .noName: "expected a metric name"
        case .noStep: "expected a step name after '('"
        case .unclosedStep: "expected ')' after the step name"
        case .unknownTag: "expected 'variant:', 'stage:' or 'population:' after '{'"
        case let .repeatedTag(tag, _): "'\(tag)' is given twice"
        case let .noColon(tag, _): "expected ':' after '\(tag)'"
        case let .noValue(tag, _): "expected a \(tag) name after '\(tag):'"
        case let .unclosedTag(tag, _): "expected '}' after the \(tag) name"
        }
    }
}
