import MemoryProbes

/// Folded stacks of a step's instructions, drawn from callgrind's call graph (callgrind
/// records each function's own cost and each caller-to-callee edge's inclusive cost, not
/// whole stacks). From the entry frame down, each callee gets its edge's cost, and a function
/// called from several places splits its own callees among its callers in proportion to what
/// each caller's call cost: exact where a function has one caller, an estimate (as
/// KCachegrind's and gprof2dot's call trees are) where it has several. Branches below
/// `minimumShare` of the step are not opened further (drawn as one frame with their whole
/// value); a function already on the path is not opened again (recursion).
extension InstructionProfile.Step {
    /// The smallest branch opened further, as a share of the step's instructions.
    static let minimumShare = 0.001
    /// The deepest stack drawn.
    static let maximumDepth = 64

    /// The step's stacks, root first (without the step's own name), with their instructions.
    func foldedStacks() -> [(frames: [String], value: UInt64)] {
        var callees: [String: [(String, UInt64)]] = [:]
        var inclusive: [String: UInt64] = selfCost
        for (edge, cost) in calls where edge.caller != edge.callee && cost > 0 {
            callees[edge.caller, default: []].append((edge.callee, cost))
            inclusive[edge.caller, default: 0] += cost
        }
        for key in callees.keys { callees[key]!.sort { ($0.1, $1.0) > ($1.1, $0.0) } }
        let entries = inclusive.keys.filter(InstructionProfile.isEntry).sorted()
        let total = entries.reduce(0.0) { $0 + Double(inclusive[$1] ?? 0) }
        guard total > 0 else { return [] }
        let floor = total * Self.minimumShare
        var names: [String: String] = [:]
        func name(_ symbol: String) -> String {
            if let known = names[symbol] { return known }
            let readable = SymbolNames.readable(symbol).replacingOccurrences(of: ";", with: ",")
            names[symbol] = readable
            return readable
        }
        var stacks: [String: (frames: [String], value: Double)] = [:]
        func emit(_ frames: [String], _ value: Double) {
            guard value > 0 else { return }
            let key = frames.joined(separator: ";")
            stacks[key, default: (frames, 0)].value += value
        }
        var onPath = Set<String>()
        // `symbol` reached with `value` instructions along `path` (readable names, root first).
        func expand(_ symbol: String, value: Double, path: [String]) {
            let scale = value / Double(max(inclusive[symbol] ?? 0, 1))
            let frames = path + [name(symbol)]
            emit(frames, Double(selfCost[symbol] ?? 0) * scale)
            onPath.insert(symbol)
            for (callee, cost) in callees[symbol] ?? [] {
                let share = Double(cost) * scale
                if share < floor || onPath.contains(callee) || frames.count >= Self.maximumDepth || callees[callee] == nil {
                    emit(frames + [name(callee)], share)
                } else {
                    expand(callee, value: share, path: frames)
                }
            }
            onPath.remove(symbol)
        }
        for entry in entries {
            // The entry frame is the step itself: its callees are the stacks' roots.
            onPath.insert(entry)
            emit([], Double(selfCost[entry] ?? 0))
            for (callee, cost) in callees[entry] ?? [] {
                if callees[callee] == nil || Double(cost) < floor { emit([name(callee)], Double(cost)) } else {
                    expand(callee, value: Double(cost), path: [])
                }
            }
            onPath.remove(entry)
        }
        return stacks.values.map { ($0.frames, UInt64($0.value.rounded())) }.filter { $0.1 > 0 }
            .sorted { $0.0.joined(separator: ";") < $1.0.joined(separator: ";") }
    }
}
