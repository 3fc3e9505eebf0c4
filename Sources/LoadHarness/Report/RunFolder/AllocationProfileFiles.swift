/// The allocation-profile files of a run (design section 8), written when the run recorded
/// a profile: `allocations.csv` (per variant, step and site) and, per variant, folded stacks
/// of allocations, bytes, retained bytes and bytes live at each step's median execution's
/// peak (`profiles/<variant>.allocs.folded`, `.bytes.folded`, `.retained.folded`,
/// `.peak.folded`): one line per stack, the step name as the root frame,
/// then the functions root first and the count after a space, the format flamegraph.pl,
/// inferno and speedscope read.
enum AllocationProfileFiles {
    /// The kinds of folded file, by the name part after the variant.
    enum Folded: String, CaseIterable {
        case allocs, bytes, retained
        /// Bytes live at the peak of the step's median execution (design 19).
        case peak

        func value(of stack: VariantAllocationProfile.Stack) -> Int {
            switch self {
            case .allocs: stack.allocations
            case .bytes: stack.bytes
            case .retained: stack.retainedBytes
            case .peak: stack.peakBytes
            }
        }
    }

    /// Whether any variant of the run carries a profile.
    static func hasProfiles(_ run: RunResult) -> Bool { run.variants.contains { $0.allocationProfile != nil } }

    /// One variant's folded stacks of `kind` (stacks whose value is 0 are left out).
    static func folded(_ profile: VariantAllocationProfile, _ kind: Folded) -> String {
        var text = ""
        for stack in profile.stacks {
            let value = kind.value(of: stack)
            guard value > 0 else { continue }
            text += ([stack.step] + stack.frames).joined(separator: ";") + " \(value)\n"
        }
        return text
    }

    /// The relative path of a variant's folded file.
    static func foldedPath(variant: String, _ kind: Folded) -> String { RunFolder.folded(variant: variant, kind: kind.rawValue) }
}
