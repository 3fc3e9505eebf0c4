import MemoryProbes

/// Turns a variant's raw recording into its `VariantAllocationProfile`: names every frame,
/// drops the harness's own frames at the root (the step's player and executor), merges
/// stacks that read the same, finds each one's site, and adds what was still live and what
/// was live at each step's median execution's peak.
enum AllocationProfileBuilder {
    /// Frames of this module at the root of a stack are the harness, not the app.
    static let harnessModule = "LoadHarness."

    /// The variants with their profiles built from their recordings (after every variant
    /// has run), the recordings dropped.
    static func profiled(_ results: [VariantResult]) -> [VariantResult] {
        guard results.contains(where: { $0.allocationRecording != nil }) else { return results }
        let symbolizer = StackSymbolizer()
        return results.map { result in
            guard let recording = result.allocationRecording else { return result }
            var result = result
            result.allocationProfile = profile(recording, steps: result.steps, symbolizer: symbolizer)
            result.allocationRecording = nil
            return result
        }
    }

    static func profile(_ recording: AllocationRecording, steps: [StepMetrics],
                        symbolizer: StackSymbolizer) -> VariantAllocationProfile {
        let order = Dictionary(steps.enumerated().map { ($1.step, $0) }) { first, _ in first }
        let executions = Dictionary(steps.map { ($0.step, $0.count) }) { first, _ in first }

        struct Totals {
            var allocations = 0.0, bytes = 0.0, retainedAllocations = 0.0, retainedBytes = 0.0
            var peakAllocations = 0.0, peakBytes = 0.0
            mutating func add(_ other: Totals) {
                allocations += other.allocations
                bytes += other.bytes
                retainedAllocations += other.retainedAllocations
                retainedBytes += other.retainedBytes
                peakAllocations += other.peakAllocations
                peakBytes += other.peakBytes
            }
        }
        var retained = [Totals](repeating: Totals(), count: recording.stacks.count)
        for block in recording.live {
            let weight = recording.weight(of: block)
            retained[block.stack].retainedAllocations += weight
            retained[block.stack].retainedBytes += Double(block.size) * weight
        }
        // What was live at each step's median execution's peak.
        let medianPeaks = MedianPeak.chosen(recording, steps: steps)
        for (stack, blocks) in MedianPeak.blocks(of: medianPeaks) where stack < retained.count {
            retained[stack].peakAllocations = blocks.allocations
            retained[stack].peakBytes = blocks.bytes
        }

        struct StackKey: Hashable { let step: String; let frames: [String] }
        struct SiteKey: Hashable { let step: String; let site: String }
        var stacks: [StackKey: (site: String, totals: Totals)] = [:]
        var sites: [SiteKey: Totals] = [:]
        var truncated: [AllocationRecording.Truncation: Double] = [:]
        for (index, stack) in recording.stacks.enumerated() {
            let named = symbolizer.frames(stack.frames)  // leaf first
            let site = SymbolizedFrame.siteIndex(in: named).map { named[$0].name } ?? named.first?.name ?? "[no frames]"
            // A truncated stack has no harness at its root to drop: it keeps every frame it has.
            var frames = (stack.truncation.isTruncated ? named.reversed() : rootFirstBelowHarness(named))
                .map { $0.name.replacingOccurrences(of: ";", with: ":") }
            if stack.truncation.isTruncated { frames.insert(VariantAllocationProfile.truncatedFrame, at: 0) }
            if stack.truncation != .complete { truncated[stack.truncation, default: 0] += stack.estimatedAllocations }
            var totals = retained[index]
            totals.allocations = stack.estimatedAllocations
            totals.bytes = stack.estimatedBytes
            let key = StackKey(step: stack.label, frames: frames)
            stacks[key, default: (site, Totals())].totals.add(totals)
            sites[SiteKey(step: stack.label, site: site), default: Totals()].add(totals)
        }

        let rank = { (step: String) in order[step] ?? Int.max }
        let profileStacks = stacks.map { key, value in
            VariantAllocationProfile.Stack(
                step: key.step, frames: key.frames, site: value.site, allocations: rounded(value.totals.allocations),
                bytes: rounded(value.totals.bytes), retainedAllocations: rounded(value.totals.retainedAllocations),
                retainedBytes: rounded(value.totals.retainedBytes), peakAllocations: rounded(value.totals.peakAllocations),
                peakBytes: rounded(value.totals.peakBytes))
        }.sorted { $0.precedes($1, rank: rank) }
        let profileSites = sites.map { key, totals in
            VariantAllocationProfile.Site(
                step: key.step, site: key.site, executions: executions[key.step] ?? 0,
                allocations: rounded(totals.allocations), bytes: rounded(totals.bytes),
                retainedAllocations: rounded(totals.retainedAllocations), retainedBytes: rounded(totals.retainedBytes),
                peakAllocations: medianPeaks[key.step] == nil ? nil : rounded(totals.peakAllocations),
                peakBytes: medianPeaks[key.step] == nil ? nil : rounded(totals.peakBytes))
        }.sorted { a, b in
            if rank(a.step) != rank(b.step) { return rank(a.step) < rank(b.step) }
            return a.bytes != b.bytes ? a.bytes > b.bytes : a.site < b.site
        }
        return VariantAllocationProfile(
            mode: recording.mode, stacks: profileStacks, sites: profileSites,
            truncatedAllocations: truncated.mapValues(rounded), droppedAllocations: recording.droppedAllocations)
    }

    /// The frames root first, without the harness's: everything above the first frame that
    /// is neither the harness nor a runtime. A stack with no such frame (the harness itself
    /// allocated) keeps its innermost harness frame.
    static func rootFirstBelowHarness(_ leafFirst: [SymbolizedFrame]) -> [SymbolizedFrame] {
        let rootFirst = Array(leafFirst.reversed())
        func isHarness(_ frame: SymbolizedFrame) -> Bool {
            let name = frame.name.hasPrefix("static ") ? frame.name.dropFirst("static ".count) : Substring(frame.name)
            return name.hasPrefix(harnessModule) || name.contains(" in " + harnessModule)
        }
        if let app = rootFirst.firstIndex(where: { !isHarness($0) && !$0.isAllocatorOrRuntime }) {
            return Array(rootFirst[app...])
        }
        if let harness = rootFirst.lastIndex(where: isHarness) { return Array(rootFirst[harness...]) }
        return rootFirst
    }

    private static func rounded(_ value: Double) -> Int { Int(value.rounded()) }
}
