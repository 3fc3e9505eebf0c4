/// What callgrind counted in a run, as its folder keeps it (design section 12): per variant
/// and step, in the order they first ran, how many executions ran each number of
/// instructions, each function's own and inclusive instructions over them, and the folded
/// stacks. Made in the counted process from its dumps (`InstructionProfile`), written by the
/// run's one writer (`instructions.csv`, `profiles/<variant>.instructions.folded`, the
/// summary's `instructions(step)` rows, the report's section), and read back by `roost merge`.
struct InstructionCounts: Sendable {
    /// A variant and step.
    typealias StepKey = InstructionProfile.StepKey

    /// One step's counts.
    public struct Step: Sendable {
        /// Executions by their instructions (a frequency table: what the mean and median are made of).
        public var executions: [Int: Int] = [:]
        /// Every function that ran, most inclusive first (`InstructionProfile.Step.functions()`).
        var functions: [InstructionProfile.Step.FunctionCost] = []
        /// Folded stacks without the step's own frame, root first, with their instructions.
        var stacks: [(frames: [String], value: UInt64)] = []

        /// How many executions were counted.
        public var count: Int { executions.values.reduce(0, +) }
        /// Instructions over every execution.
        public var total: Int { executions.reduce(0) { $0 + $1.key * $1.value } }
        /// Instructions per execution, the mean (0 without executions).
        public var mean: Double { count == 0 ? 0 : Double(total) / Double(count) }
        /// The median execution's instructions (`Statistics.median`; 0 without executions).
        public var median: Double { Statistics.median(frequencies: executions) ?? 0 }
        /// The fewest and most instructions of one execution.
        public var fewest: Int { executions.keys.min() ?? 0 }
        public var most: Int { executions.keys.max() ?? 0 }
    }

    /// Per variant and step.
    public internal(set) var steps: [StepKey: Step] = [:]
    /// The keys in the order their first execution ran.
    public internal(set) var order: [StepKey] = []

    /// The variants, in the order they ran.
    public var variants: [String] {
        var seen = Set<String>()
        return order.map(\.variant).filter { seen.insert($0).inserted }
    }

    /// Nothing counted.
    init() {}

    /// The counts of `profile` (its functions named and its stacks drawn here, once).
    init(_ profile: InstructionProfile) {
        order = profile.order
        for key in profile.order {
            guard let step = profile.steps[key] else { continue }
            var counted = Step()
            for instructions in step.executions { counted.executions[Int(instructions), default: 0] += 1 }
            counted.functions = step.functions()
            counted.stacks = step.foldedStacks()
            steps[key] = counted
        }
    }

    /// Adds `other`'s steps (another part of the same run, `roost merge`): executions,
    /// functions and stacks summed.
    mutating func merge(_ other: InstructionCounts) {
        for key in other.order {
            guard let theirs = other.steps[key] else { continue }
            guard var mine = steps[key] else {
                order.append(key)
                steps[key] = theirs
                continue
            }
            mine.executions.merge(theirs.executions, uniquingKeysWith: +)
            var functions = Dictionary(mine.functions.map { ($0.function, $0) }) { first, _ in first }
            for function in theirs.functions {
                let old = functions[function.function]
                functions[function.function] = .init(function: function.function,
                                                     selfInstructions: (old?.selfInstructions ?? 0) + function.selfInstructions,
                                                     inclusiveInstructions: (old?.inclusiveInstructions ?? 0) + function.inclusiveInstructions)
            }
            mine.functions = functions.values.sorted {
                ($0.inclusiveInstructions, $1.function) > ($1.inclusiveInstructions, $0.function)
            }
            var stacks: [[String]: UInt64] = [:]
            for stack in mine.stacks + theirs.stacks { stacks[stack.frames, default: 0] += stack.value }
            mine.stacks = stacks.map { ($0.key, $0.value) }.sorted { $0.0.joined(separator: ";") < $1.0.joined(separator: ";") }
            steps[key] = mine
        }
    }
}
