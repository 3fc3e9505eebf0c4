import Foundation
import MemoryProbes

/// What callgrind counted in one run of a scenario, per variant and measured step: each
/// execution's instructions (one dump each), and over all executions each function's own
/// and inclusive instructions and the call graph between them, from which the folded stacks
/// are drawn.
struct InstructionProfile {
    /// A variant and step.
    struct StepKey: Hashable, Comparable {
        let variant: String
        let step: String

        static func < (a: StepKey, b: StepKey) -> Bool { (a.variant, a.step) < (b.variant, b.step) }
    }

    /// One step's counts over its executions.
    struct Step {
        /// Each execution's instructions, in the order they ran.
        var executions: [UInt64] = []
        /// Each function's own instructions (raw symbol).
        var selfCost: [String: UInt64] = [:]
        /// Each call edge's inclusive instructions.
        var calls: [CallgrindDump.Edge: UInt64] = [:]

        var total: UInt64 { executions.reduce(0, +) }
        /// Instructions per execution, the mean.
        var mean: Double { executions.isEmpty ? 0 : Double(total) / Double(executions.count) }
        /// The median execution's instructions (`Statistics.median`); 0 without executions.
        var median: Double { Statistics.median(executions) ?? 0 }
    }

    /// Per variant and step, in the order their first execution ran.
    private(set) var steps: [StepKey: Step] = [:]
    private(set) var order: [StepKey] = []
    /// The variants, in the order they ran.
    var variants: [String] {
        var seen = Set<String>()
        return order.map(\.variant).filter { seen.insert($0).inserted }
    }

    /// Adds one dump (one execution); a dump without a step label (callgrind's own at the
    /// program's end, with collection off) is skipped.
    mutating func add(_ dump: CallgrindDump) {
        guard let label = dump.label else { return }
        let fields = label.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3, fields[0] == InstructionCounter.labelPrefix else { return }
        let key = StepKey(variant: fields[1], step: fields[2])
        if steps[key] == nil { order.append(key) }
        steps[key, default: Step()].executions.append(dump.total)
        for (function, cost) in dump.selfCost { steps[key]!.selfCost[function, default: 0] += cost }
        for (edge, cost) in dump.calls { steps[key]!.calls[edge, default: 0] += cost }
    }

    /// Reads every dump in `folder` (`callgrind.out.<pid>.<n>`, in dump order).
    static func read(folder: String) throws -> InstructionProfile {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let dumps = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("callgrind.out.") else { return nil }
            let parts = name.split(separator: ".")
            // callgrind.out.<pid>.<n>: the n-th dump; callgrind.out.<pid>: the one at the end.
            return (parts.count == 4 ? Int(parts[3]) ?? Int.max : Int.max, name)
        }.sorted { $0.0 < $1.0 }
        var profile = InstructionProfile()
        for (_, name) in dumps { profile.add(try CallgrindDump.read(path: folder + "/" + name)) }
        return profile
    }

    /// The symbol of the frame every step's stacks start from: `InstructionCounter.collect`.
    static func isEntry(_ symbol: String) -> Bool { symbol.contains("18InstructionCounterO7collect") }
}

/// Per function of a step: own and inclusive instructions over all executions, readable names.
extension InstructionProfile.Step {
    /// A function's totals over the step's executions.
    struct FunctionCost: Hashable {
        let function: String
        let selfInstructions: UInt64
        let inclusiveInstructions: UInt64
    }

    /// Every function that ran in the step, by readable name (symbols that read the same are
    /// added up), most inclusive first. Inclusive = own + calls out, a call of a function to
    /// itself left out (so deep recursion is not counted twice; mutual recursion still is, as
    /// in callgrind_annotate --inclusive=yes). The entry frame (`InstructionCounter.collect`)
    /// is the step itself and is left out.
    func functions() -> [FunctionCost] {
        var own: [String: UInt64] = [:], inclusive: [String: UInt64] = [:]
        for (symbol, cost) in selfCost where !InstructionProfile.isEntry(symbol) {
            own[symbol, default: 0] += cost
            inclusive[symbol, default: 0] += cost
        }
        for (edge, cost) in calls where edge.caller != edge.callee && !InstructionProfile.isEntry(edge.caller) {
            inclusive[edge.caller, default: 0] += cost
        }
        var byName: [String: (UInt64, UInt64)] = [:]
        for (symbol, total) in inclusive {
            let name = SymbolNames.readable(symbol)
            let old = byName[name] ?? (0, 0)
            byName[name] = (old.0 + (own[symbol] ?? 0), old.1 + total)
        }
        return byName.map { FunctionCost(function: $0.key, selfInstructions: $0.value.0, inclusiveInstructions: $0.value.1) }
            .sorted { ($0.inclusiveInstructions, $1.function) > ($1.inclusiveInstructions, $0.function) }
    }
}
