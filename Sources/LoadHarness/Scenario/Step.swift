/// One step a virtual user plays (design section 5): a measured step (one type per step,
/// registered by name: `MeasuredStep`, `StepRegistry`) or a control step of the format.
/// A measured step's name is its YAML key (`open_profile`), also its name in reports and
/// thresholds.
public indirect enum Step: Hashable, Sendable {
    /// A step that is timed and counted.
    case measured(any MeasuredStep)
    /// Pause; not measured.
    case think(Duration)
    /// One branch, picked by weight.
    case choose([WeightedBranch])
    /// The steps, `times` times.
    case `repeat`(times: Int, steps: [Step])

    /// A branch of `choose`.
    public struct WeightedBranch: Hashable, Sendable {
        public var weight: Int
        public var steps: [Step]

        /// A branch with a positive weight.
        public init(weight: Int, steps: [Step]) {
            self.weight = weight
            self.steps = steps
        }
    }

    /// Every step name the format knows: the registered steps', then the control steps'.
    public static var names: [String] { StepCatalog.all.map(\.name) }

    /// The step's name in scenarios and reports.
    public var name: String {
        switch self {
        case .measured(let step): type(of: step).name
        case .think: "think"
        case .choose: "choose"
        case .repeat: "repeat"
        }
    }

    /// Whether the step is timed and counted (control steps are not).
    public var isMeasured: Bool {
        if case .measured = self { true } else { false }
    }

    /// Whether the step closes a screen (after it, the lifetime check runs).
    public var closesScreen: Bool {
        if case .measured(let step) = self { type(of: step).screen.closed != nil } else { false }
    }

    public static func == (lhs: Step, rhs: Step) -> Bool {
        switch (lhs, rhs) {
        case let (.measured(left), .measured(right)): AnyHashable(left) == AnyHashable(right)
        case let (.think(left), .think(right)): left == right
        case let (.choose(left), .choose(right)): left == right
        case let (.repeat(leftTimes, leftSteps), .repeat(rightTimes, rightSteps)): leftTimes == rightTimes && leftSteps == rightSteps
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .measured(let step): hasher.combine(AnyHashable(step))
        case .think(let duration): hasher.combine(1); hasher.combine(duration)
        case .choose(let branches): hasher.combine(2); hasher.combine(branches)
        case .repeat(let times, let steps): hasher.combine(3); hasher.combine(times); hasher.combine(steps)
        }
    }
}

/// Whom or what a step acts on (`user:` / `post:`).
public enum Target: Hashable, Sendable {
    /// Picked at random (seeded) from the dataset.
    case random
    /// The virtual user's own account (or own latest post).
    case `self`
    /// Someone the virtual user follows (or a post by them).
    case followed
    /// A post (or its author) from the virtual user's first feed page.
    case fromFeed
    /// A username, or a post id.
    case literal(String)
}

/// Text with placeholders `{vu}`, `{iteration}`, `{seed}`, filled per iteration.
public struct TextTemplate: Hashable, Sendable, ExpressibleByStringLiteral {
    public var template: String

    /// A template.
    public init(_ template: String) { self.template = template }
    public init(stringLiteral value: String) { template = value }

    /// The placeholders the format knows.
    public static let placeholders = ["vu", "iteration", "seed"]

    /// The text with placeholders replaced; any other brace is kept as written.
    ///
    /// It runs inside the measured step that types the text, so it is one pass over the
    /// template's UTF-8 into one string reserved up front: Foundation's
    /// `replacingOccurrences`, three passes through `NSString`, cost more instructions and
    /// allocations than some of the stack calls the step measures (docs/storage.md).
    public func render(vu: Int, iteration: Int, seed: UInt64) -> String {
        let utf8 = template.utf8
        guard utf8.contains(UInt8(ascii: "{")) else { return template }
        var text = ""
        text.reserveCapacity(utf8.count + 20)
        var rest = Substring(template)
        while let brace = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            text += rest[..<brace]
            rest = rest[brace...]
            if rest.hasPrefix("{vu}") {
                text += String(vu)
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("{iteration}") {
                text += String(iteration)
                rest = rest.dropFirst(11)
            } else if rest.hasPrefix("{seed}") {
                text += String(seed)
                rest = rest.dropFirst(6)
            } else {
                text += "{"
                rest = rest.dropFirst()
            }
        }
        text += rest
        return text
    }
}
