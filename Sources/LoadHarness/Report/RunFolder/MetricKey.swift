/// A metric as reports, thresholds and `roost compare` name it:
/// `allocs_per_op(open_profile){variant:weak}`: the metric, the step it was measured on (none:
/// the whole variant) and the variant (none: every variant, or a column of its own as in
/// `summary.csv`). Parsed and printed here and nowhere else.
public struct MetricKey: Hashable, Sendable, CustomStringConvertible {
    /// `allocs_per_op`, `p99`, `instructions_p50`.
    public var name: String
    /// The step, or nil for a variant-wide figure.
    public var step: String?
    /// The variant, or nil when the key does not name one.
    public var variant: String?

    /// A key of `name`, on `step` of `variant`.
    public init(_ name: String, step: String? = nil, variant: String? = nil) {
        self.name = name
        self.step = step
        self.variant = variant
    }

    /// Reads `name`, `name(step)`, `name{variant:v}` or `name(step){variant:v}`; nil for
    /// anything else (an empty part, text after the end, a brace that is not `{variant:`).
    public init?(parsing text: String) {
        var rest = Substring(text)
        let name = rest.prefix { $0 != "(" && $0 != "{" }
        guard !name.isEmpty, !name.contains(")"), !name.contains("}") else { return nil }
        rest = rest.dropFirst(name.count)
        var step: String?, variant: String?
        if rest.first == "(" {
            guard let close = rest.firstIndex(of: ")") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            guard !inside.isEmpty, !inside.contains("("), !inside.contains("{") else { return nil }
            step = String(inside)
            rest = rest[rest.index(after: close)...]
        }
        if rest.first == "{" {
            let prefix = "{variant:"
            guard rest.hasPrefix(prefix), rest.last == "}" else { return nil }
            let inside = rest.dropFirst(prefix.count).dropLast()
            guard !inside.isEmpty, !inside.contains("}") else { return nil }
            variant = String(inside)
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty else { return nil }
        self.init(String(name), step: step, variant: variant)
    }

    /// `allocs_per_op(open_profile){variant:weak}`.
    public var description: String {
        name + (step.map { "(\($0))" } ?? "") + (variant.map { "{variant:\($0)}" } ?? "")
    }

    /// The key without its variant: how `summary.csv`'s `metric` column writes it
    /// (`allocs_per_op(open_profile)`; the variant has a column of its own).
    public var withoutVariant: MetricKey { MetricKey(name, step: step) }

    /// The metric it names (nil for one Roost does not know, as a newer build's may be).
    public var metric: Threshold.Metric? { Threshold.Metric(name: name) }
}
