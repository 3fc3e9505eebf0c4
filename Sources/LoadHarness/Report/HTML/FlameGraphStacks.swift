import Foundation

/// What a variant's flame graphs are drawn from: the folded stacks of its bytes, of its
/// retained bytes and of its bytes live at each step's median execution's peak (the same lines
/// as `profiles/<variant>.{bytes,retained,peak}.folded`), taken from the run's allocation
/// profile or read back from those files by `roost report`.
struct FlameGraphStacks: Sendable, Equatable {
    /// One folded line: the step (the root frame), the frames below it root first, the value.
    struct Line: Sendable, Hashable {
        var step: String
        var frames: [String]
        var value: Int
    }

    var bytes: [Line]
    var retained: [Line]
    /// nil: not recorded (a run folder written before the sites at the peak).
    var peak: [Line]?

    /// Whether the values are estimates (a sampled profile).
    var isSampled = false

    init(bytes: [Line], retained: [Line], peak: [Line]? = nil, isSampled: Bool = false) {
        self.bytes = bytes
        self.retained = retained
        self.peak = peak
        self.isSampled = isSampled
    }

    /// The stacks of a profile the run recorded.
    init(_ profile: VariantAllocationProfile) {
        bytes = profile.stacks.filter { $0.bytes > 0 }.map { Line(step: $0.step, frames: $0.frames, value: $0.bytes) }
        retained = profile.stacks.filter { $0.retainedBytes > 0 }
            .map { Line(step: $0.step, frames: $0.frames, value: $0.retainedBytes) }
        peak = profile.hasPeaks
            ? profile.stacks.filter { $0.peakBytes > 0 }.map { Line(step: $0.step, frames: $0.frames, value: $0.peakBytes) } : nil
        isSampled = profile.mode == .sampled
    }

    /// The stacks of `variant`: its profile's, else those read back from its folder.
    static func of(_ variant: VariantResult) -> FlameGraphStacks? {
        variant.allocationProfile.map(FlameGraphStacks.init) ?? variant.readBackFlameGraphStacks
    }

    /// The stacks `roost report` reads back from `folder`'s `profiles/<variant>.bytes.folded`,
    /// `.retained.folded` and `.peak.folded` (nil peaks when that file is not there): nil when the bytes file is not there (a killed run writes its
    /// profiles only at its end) or is malformed (`notes` then says which line).
    static func read(folder: String, variant: String, isSampled: Bool, notes: inout [String]) -> FlameGraphStacks? {
        func lines(_ kind: AllocationProfileFiles.Folded) throws(ParseError) -> [Line]? {
            let path = AllocationProfileFiles.foldedPath(variant: variant, kind)
            guard let data = FileManager.default.contents(atPath: folder + "/" + path) else { return nil }
            return try parse(String(decoding: data, as: UTF8.self), file: path)
        }
        do {
            guard let bytes = try lines(.bytes) else { return nil }
            return FlameGraphStacks(bytes: bytes, retained: try lines(.retained) ?? [], peak: try lines(.peak), isSampled: isSampled)
        } catch {
            notes.append("\(error); \(variant)'s flame graphs are left out")
            return nil
        }
    }

    /// A folded file that is not `frame;frame;... VALUE` lines.
    enum ParseError: Error, Equatable, CustomStringConvertible {
        case badLine(file: String, line: Int, text: String)

        var description: String {
            switch self {
            case let .badLine(file, line, text):
                "\(file):\(line): expected 'step;frame;... VALUE' (a whole number after the last space), got '\(text.prefix(80))'"
            }
        }
    }

    /// The lines of a folded file's text (`file` names it in errors); empty lines are skipped.
    static func parse(_ text: String, file: String) throws(ParseError) -> [Line] {
        var lines: [Line] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !raw.isEmpty {
            guard let space = raw.lastIndex(of: " "), let value = Int(raw[raw.index(after: space)...]), value >= 0 else {
                throw .badLine(file: file, line: offset + 1, text: String(raw))
            }
            let frames = raw[..<space].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard let step = frames.first, !step.isEmpty else { throw .badLine(file: file, line: offset + 1, text: String(raw)) }
            lines.append(Line(step: step, frames: Array(frames.dropFirst()), value: value))
        }
        return lines
    }
}
