/// One flame graph (an icicle: the step at the top, each frame's callees below it, a box's
/// width proportional to its bytes) as inline SVG. Labels are cut to fit their box; each
/// box's `<title>` holds the whole name and value. Colours name the code's family (app
/// screens, services, GRDB, SQLite, the Swift runtime, the allocator), the same on every graph.
struct FlameGraph {
    /// What the graph measures.
    enum Measure: String {
        case bytes, retained, instructions
        /// Wall-clock samples of the users' threads (`roost capacity`'s knee).
        case samples
        /// Bytes live at the peak of the step's median execution (design 19).
        case peak

        var title: String {
            switch self {
            case .bytes: "bytes"
            case .retained: "retained bytes"
            case .peak: "bytes live at the median execution's peak"
            case .instructions: "instructions"
            case .samples: "wall-clock samples"
            }
        }

        /// A value in the measure's unit: `17.2MB`, `1.3M instructions` or `1,204 samples`.
        func amount(_ value: Int) -> String {
            switch self {
            case .instructions: InstructionFiles.count(Double(value))
            case .samples: "\(HTMLText.count(value)) sample\(value == 1 ? "" : "s")"
            case .bytes, .retained, .peak: RunSummary.bytes(Double(value))
            }
        }

        /// A box's hover text after its name: its value and share.
        func hover(_ value: Int, percent: String) -> String {
            switch self {
            case .instructions: "\(HTMLText.count(value)) instructions (" + percent + ")"
            case .samples: "\(amount(value)) (" + percent + ")"
            case .bytes, .retained, .peak:
                "\(HTMLText.count(value)) B (" + (value < 1_024 ? "" : RunSummary.bytes(Double(value)) + ", ") + percent + ")"
            }
        }
    }

    /// The code a frame belongs to, by its name: the box's colour (a CSS class).
    enum Family: String, CaseIterable {
        case step, screens, services, database, sqlite, swift, allocator, other, merged, truncated

        var color: String {
            switch self {
            case .step: "#cfcfcf"
            case .screens: "#9ecae9"
            case .services: "#a1d99b"
            case .database: "#fdc68c"
            case .sqlite: "#f0e08a"
            case .swift: "#cdc6e8"
            case .allocator: "#f9b4a0"
            case .other: "#e3d6bd"
            case .merged: "#ececec"
            case .truncated: "#f08f8f"
            }
        }

        /// What the legend says the colour means.
        var legend: String {
            switch self {
            case .step: "the step"
            case .screens: "Screens"
            case .services: "SocialStack"
            case .database: "GRDB"
            case .sqlite: "SQLite and C libraries"
            case .swift: "Swift runtime, standard library, Foundation, Dispatch"
            case .allocator: "allocator"
            case .other: "other"
            case .merged: "frames too narrow to draw, merged"
            case .truncated: "stack cut short"
            }
        }

        static func of(_ name: String) -> Family {
            if name == VariantAllocationProfile.truncatedFrame { return .truncated }
            // The first module a demangled name mentions that is not the standard library's
            // (`closure #1 in Screens.X`, `generic specialization <Swift.Int> of GRDB.Y`).
            var sawSwift = false
            for word in name.split(whereSeparator: { " <>(,:[".contains($0) }) {
                let module = word.prefix { $0 != "." }
                guard module.count < word.count else { continue }
                switch module {
                case "Screens": return .screens
                case "SocialStack": return .services
                case "GRDB": return .database
                case "Swift", "Foundation", "FoundationEssentials", "_StringProcessing", "Dispatch": sawSwift = true
                default: break
                }
            }
            if sawSwift { return .swift }
            // The runtime, libdispatch and compiler-made thunks (`reabstraction thunk`, `thunk for ...`).
            if ["swift_", "libswift", "$s", "_dispatch", "dispatch_", "reabstraction thunk", "thunk for", "partial apply"]
                .contains(where: name.hasPrefix) { return .swift }
            if ["malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "mallocx", "rallocx", "je_", "roost_"]
                .contains(where: name.hasPrefix) { return .allocator }
            if name.hasPrefix("sqlite3") || name.hasPrefix("lib") || name.contains(".so") { return .sqlite }
            return .other
        }
    }

    static let width = 1120.0
    static let rowHeight = 17.0
    static let fontSize = 11.0
    /// The advance of one character of the label font (DejaVu Sans Mono and Menlo: 0.602 em),
    /// rounded up so a cut label always fits.
    static let characterWidth = 6.8
    static let labelPadding = 3.0
    /// Frames narrower than this many pixels are merged with their narrow siblings.
    static let minimumPixels = 2.0
    /// Rows beyond this are not drawn (their frames' values stay in the last row's box).
    static let maximumDepth = 72
    /// Boxes all of a page's flame graphs may draw together (about 200 bytes of markup each),
    /// shared out by `FlameGraphSection`; the narrowest frames are merged to stay within it.
    static let pageBoxBudget = 1_600
    /// No graph gets fewer than this many boxes.
    static let minimumBoxes = 16

    var variant: String
    var step: String
    var measure: Measure
    var tree: FlameTree
    /// Executions of the step, for the title.
    var executions: Int
    var isSampled: Bool

    /// `maximumBoxes`: the drawing's share of the page's box budget.
    init(variant: String, step: String, measure: Measure, stacks: [FlameGraphStacks.Line], executions: Int, isSampled: Bool,
         maximumBoxes: Int = .max) {
        self.variant = variant
        self.step = step
        self.measure = measure
        self.executions = executions
        self.isSampled = isSampled
        tree = FlameTree.build(stacks.map { ($0.frames, $0.value) }, rootName: step,
                               minimumFraction: Self.minimumPixels / Self.width, maximumDepth: Self.maximumDepth,
                               maximumBoxes: maximumBoxes)
    }

    var total: Int { tree.root.value }

    /// `strong-delegate / open_profile — bytes, 17.2MB total over 10 executions`.
    var title: String {
        // At the peak: one execution's blocks, not a total over the executions.
        if measure == .peak {
            return "\(variant) / \(step) — \(measure.title), \(isSampled ? "about " : "")\(measure.amount(total)) live then"
        }
        return "\(variant) / \(step) — \(measure.title), \(isSampled ? "about " : "")\(measure.amount(total)) total over "
            + "\(HTMLText.count(executions)) execution\(executions == 1 ? "" : "s")"
    }

    var height: Double { Double(tree.depth) * Self.rowHeight }

    /// The label that fits in a box `width` pixels wide: the whole name, its start and `…`,
    /// or nothing when not even three characters fit.
    static func label(_ name: String, width: Double) -> String? {
        let fits = Int(((width - 2 * labelPadding) / characterWidth).rounded(.down))
        guard fits >= 3 else { return nil }
        return name.count <= fits ? name : String(name.prefix(fits - 1)) + "…"
    }

    func render() -> String {
        let height = self.height
        var svg = "<svg class=\"flame\" data-variant=\"\(HTMLText.escape(variant))\" data-step=\"\(HTMLText.escape(step))\" "
            + "data-measure=\"\(measure.rawValue)\" viewBox=\"0 0 \(Int(Self.width)) \(c(height))\" width=\"\(Int(Self.width))\" "
            + "height=\"\(c(height))\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\">\n"
            + "<rect class=\"plot\" x=\"0\" y=\"0\" width=\"\(Int(Self.width))\" height=\"\(c(height))\"/>\n"
        let scale = total > 0 ? Self.width / Double(total) : 0
        // One group per row (its offset once, not per box), each box a group of its tooltip,
        // rectangle and label.
        var rows: [[String]] = Array(repeating: [], count: tree.depth)
        for box in tree.boxes() {
            let x = Double(box.start) * scale, width = Double(box.value) * scale
            let family = box.depth == 0 ? Family.step : box.mergedFrames > 0 ? .merged : Family.of(box.name)
            let share = total > 0 ? Double(box.value) / Double(total) * 100 : 0
            let percent = HTMLText.trimmed(share, decimals: share < 1 ? 2 : 1) + "%"
            var hover = "\(box.name)\n" + measure.hover(box.value, percent: percent)
            if box.cutBelow { hover += "; deeper frames not drawn" }
            // Rounded edges (one decimal) must not leave the plot.
            let left = (x * 10).rounded(.up) / 10, right = min(((x + width) * 10).rounded(.down) / 10, Self.width)
            var markup = "<g class=\"\(family.rawValue)\"><title>\(HTMLText.escape(hover))</title><rect x=\"\(c(left))\" "
                + "width=\"\(c(max(right - left, 0.1)))\" height=\"\(c(Self.rowHeight - 1))\"/>"
            if let label = Self.label(box.name, width: right - left) {
                markup += "<text x=\"\(c(left + Self.labelPadding))\" y=\"12\">\(HTMLText.escape(label))</text>"
            }
            rows[box.depth].append(markup + "</g>")
        }
        for (depth, boxes) in rows.enumerated() {
            svg += "<g transform=\"translate(0 \(c(Double(depth) * Self.rowHeight)))\">" + boxes.joined() + "</g>\n"
        }
        return svg + "</svg>"
    }

    private func c(_ value: Double) -> String { HTMLText.coordinate(value) }

    /// The graphs' part of the page's style sheet: one fill per family.
    static let style = """
        svg.flame{display:block;width:100%;height:auto;margin:2px 0 10px}svg.flame .plot{fill:#fbfbfb;stroke:#ccc}
        svg.flame g rect{stroke:#fff;stroke-width:.5}svg.flame text{font:11px ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;\
        fill:#1a1a1a;pointer-events:none}
        """ + Family.allCases.map { "svg.flame .\($0.rawValue) rect{fill:\($0.color)}" }.joined()
        + Family.allCases.map { ".flame-key .\($0.rawValue){background:\($0.color)}" }.joined()
}
