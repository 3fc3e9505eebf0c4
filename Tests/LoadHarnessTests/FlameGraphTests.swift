import Foundation
@testable import LoadHarness
import MemoryProbes
import Testing

/// The flame graphs' call tree (folded stacks to boxes), their SVG, the folded files read
/// back, and the leak table's retained bytes.
@Suite struct FlameGraphTests {
    private func tree(_ folded: [(String, Int)], minimumFraction: Double = 0, maximumDepth: Int = 100) -> FlameTree {
        FlameTree.build(folded.map { ($0.0.split(separator: ";").map(String.init), $0.1) }, rootName: "step",
                        minimumFraction: minimumFraction, maximumDepth: maximumDepth)
    }

    /// Every node's children sum to its value less what ends at it, and sit inside its span.
    private func checkNesting(_ node: FlameTree.Node, selfValue: (FlameTree.Node) -> Int,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard !node.children.isEmpty else { return }  // a leaf's value is all its own
        #expect(node.children.reduce(0) { $0 + $1.value } == node.value - selfValue(node), "\(node.name)",
                sourceLocation: sourceLocation)
        for child in node.children { checkNesting(child, selfValue: selfValue, sourceLocation: sourceLocation) }
    }

    @Test func childrenSumToTheirParentAndAreOrderedByValueThenName() {
        let flame = tree([("a;b", 10), ("a;c", 30), ("a", 5), ("d", 55), ("e;x", 20), ("f", 20)])
        #expect(flame.root.value == 140)
        #expect(flame.root.children.map(\.name) == ["d", "a", "e", "f"], "largest first, ties by name")
        #expect(flame.root.children.map(\.value) == [55, 45, 20, 20])
        // a's own 5 bytes (a stack that ends at a) are the only value not in a child.
        checkNesting(flame.root) { $0.name == "a" ? 5 : 0 }
        let boxes = flame.boxes()
        #expect(boxes.map(\.name) == ["step", "d", "a", "c", "b", "e", "x", "f"], "depth first, left to right")
        #expect(boxes.map(\.start) == [0, 0, 55, 55, 85, 100, 100, 120])
        #expect(boxes.map(\.depth) == [0, 1, 1, 2, 2, 1, 2, 1])
        #expect(flame.depth == 3)
    }

    @Test func framesThatShareAPrefixMergeAndDifferentPathsStayApart() {
        // The same function under two callers is two boxes; the same path twice is one.
        let flame = tree([("a;m", 4), ("b;m", 6), ("a;m", 1)])
        #expect(flame.root.children.map(\.name) == ["a", "b"] || flame.root.children.map(\.name) == ["b", "a"])
        let values = Dictionary(uniqueKeysWithValues: flame.root.children.map { ($0.name, $0.children.map(\.value)) })
        #expect(values == ["a": [5], "b": [6]])
    }

    @Test func tinyFramesAreMergedIntoOneBoxOrLeftOutWhenStillTooNarrow() {
        // 200 one-byte siblings beside a 9,800-byte one, 1% minimum (100 bytes): one merged box of 200.
        let stacks = [("big;leaf", 9_800)] + (0..<200).map { ("t\($0);deeper", 1) }
        let flame = tree(stacks, minimumFraction: 0.01)
        #expect(flame.root.children.map(\.name) == ["big", "200 smaller frames"])
        #expect(flame.root.children.map(\.value) == [9_800, 200])
        #expect(flame.root.children[1].mergedFrames == 200 && flame.root.children[1].children.isEmpty)
        checkNesting(flame.root) { _ in 0 }
        // 50 one-byte siblings: 50 bytes together, still under 100: left out, a gap.
        let sparse = tree([("big", 9_950)] + (0..<50).map { ("t\($0)", 1) }, minimumFraction: 0.01)
        #expect(sparse.root.children.map(\.name) == ["big"])
        #expect(sparse.root.value == 10_000, "the root keeps the whole total")
        // The merged box holds no frame of its own: no name of a merged frame survives.
        #expect(!flame.boxes().contains { $0.name.hasPrefix("t") })
    }

    @Test func theDepthIsBoundedAndTheLastRowSaysItWasCut() {
        let deep = (0..<200).map { "f\($0)" }.joined(separator: ";")
        let flame = tree([(deep, 64), ("short", 64)], maximumDepth: 20)
        #expect(flame.depth == 20)
        let boxes = flame.boxes()
        #expect(boxes.map(\.depth).max() == 19)
        let last = boxes.first { $0.depth == 19 }
        #expect(last?.name == "f18" && last?.cutBelow == true && last?.value == 64)
        #expect(boxes.first { $0.name == "short" }?.cutBelow == false)
    }

    @Test func aProfileWithThousandsOfStacksDrawsABoundedNumberOfBoxesInsideThePlot() throws {
        // 2,000 distinct stacks of random-ish weights, 20 frames deep.
        var lines: [FlameGraphStacks.Line] = []
        var state: UInt64 = 12_345
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for index in 0..<2_000 {
            let frames = (0..<20).map { depth in "Module.function\(next() % (depth < 3 ? 4 : 40))(\(depth))" }
            lines.append(.init(step: "s", frames: frames, value: 1 + next() % (index % 10 == 0 ? 100_000 : 500)))
        }
        let graph = FlameGraph(variant: "v", step: "s", measure: .bytes, stacks: lines, executions: 3, isSampled: false)
        let svg = graph.render()
        let rects = svg.matches(of: /<rect x="([0-9.]+)" width="([0-9.]+)" height="16"\/>/).map {
            (x: Double($0.output.1)!, width: Double($0.output.2)!)
        }
        #expect(rects.count == graph.tree.boxes().count)
        #expect(svg.matches(of: /<g transform="translate\(0 [0-9.]+\)">/).count == graph.tree.depth, "one group per row")
        // At most one box per minimum width in each row, plus a merged box per parent.
        let perRow = Int(FlameGraph.width / FlameGraph.minimumPixels)
        #expect(rects.count <= graph.tree.depth * perRow, "\(rects.count) boxes")
        #expect(rects.allSatisfy { $0.x >= 0 && $0.x + $0.width <= FlameGraph.width + 0.05 })
        // Within a budget of 100 boxes, the same stacks draw at most 100, the widest frames.
        let budgeted = FlameGraph(variant: "v", step: "s", measure: .bytes, stacks: lines, executions: 3, isSampled: false,
                                  maximumBoxes: 100)
        let kept = budgeted.tree.boxes()
        #expect(kept.count <= 100 && kept.count >= 50, "\(kept.count) boxes")
        #expect(budgeted.total == graph.total)
        let narrowestKept = kept.filter { $0.mergedFrames == 0 }.map(\.value).min() ?? 0
        let widestDropped = graph.tree.boxes().filter { box in box.mergedFrames == 0 && !kept.contains { $0.name == box.name && $0.depth == box.depth && $0.start == box.start } }
            .map(\.value).max() ?? 0
        #expect(widestDropped <= narrowestKept, "a frame of \(widestDropped) dropped while one of \(narrowestKept) kept")
        #expect(svg.utf8.count < 1_500_000, "\(svg.utf8.count) bytes")
        #expect(graph.total == lines.reduce(0) { $0 + $1.value })
    }

    @Test func labelsAreCutToTheirBoxAndTheTooltipKeepsTheWholeNameAndValue() throws {
        let long = "closure #1 in SocialStack.MediaService.bytes(_:)"
        #expect(FlameGraph.label(long, width: 1_000) == long)
        let cut = try #require(FlameGraph.label(long, width: 120))
        #expect(cut.hasSuffix("…") && long.hasPrefix(String(cut.dropLast())))
        #expect(Double(cut.count) * FlameGraph.characterWidth + 2 * FlameGraph.labelPadding <= 120)
        #expect(FlameGraph.label(long, width: 20) == nil, "two characters are no label")
        let lines = [FlameGraphStacks.Line(step: "open<profile>", frames: ["Screens.A.load()", long], value: 3_932_160),
                     .init(step: "open<profile>", frames: ["Screens.A.load()", "Screens.Small"], value: 10)]
        let graph = FlameGraph(variant: "strong-delegate", step: "open<profile>", measure: .retained, stacks: lines,
                               executions: 10, isSampled: false)
        #expect(graph.title == "strong-delegate / open<profile> — retained bytes, 3.8MB total over 10 executions")
        let svg = graph.render()
        #expect(svg.contains("<title>\(long)\n3,932,160 B (3.8MB, 100%)</title>"))
        let small = FlameGraph(variant: "v", step: "s", measure: .bytes, stacks: [.init(step: "s", frames: ["A.a()"], value: 600),
                                                                                  .init(step: "s", frames: ["B.b()"], value: 400)],
                               executions: 1, isSampled: true)
        #expect(small.render().contains("<title>A.a()\n600 B (60%)</title>"), "bytes under 1 KB said once")
        #expect(small.title == "v / s — bytes, about 1000B total over 1 execution")
        #expect(svg.contains("data-step=\"open&lt;profile&gt;\""))
        #expect(!svg.contains("open<profile>"))
        #expect(svg.contains("<g class=\"services\">") && svg.contains("<g class=\"screens\">") && svg.contains("<g class=\"step\">"))
    }

    @Test func framesAreColouredByTheCodeTheyBelongTo() {
        let families: [(String, FlameGraph.Family)] = [
            ("Screens.ProfileHeader.init(user:avatarBytes:)", .screens),
            ("closure #1 in SocialStack.MediaService.bytes(_:)", .services),
            ("generic specialization <Swift.Int> of GRDB.DatabaseCursor.next()", .database),
            ("sqlite3VdbeExec", .sqlite), ("libsqlite3.so.0+0xa70f1", .sqlite),
            ("swift_allocObject", .swift), ("reabstraction thunk", .swift), ("_dispatch_lane_barrier_sync_invoke_and_complete", .swift),
            ("Swift.Array.append(_:)", .swift), ("malloc", .allocator),
            ("[truncated]", .truncated), ("main", .other)]
        for (name, family) in families { #expect(FlameGraph.Family.of(name) == family, "\(name)") }
    }

    @Test func theGraphsAreDrawnFromTheSameStacksAsTheFoldedFilesAndReadBackFromThem() throws {
        let profile = Self.profile()
        let stacks = FlameGraphStacks(profile)
        for (kind, lines) in [(AllocationProfileFiles.Folded.bytes, stacks.bytes), (.retained, stacks.retained)] {
            let text = AllocationProfileFiles.folded(profile, kind)
            #expect(try FlameGraphStacks.parse(text, file: "x.folded") == lines, "\(kind)")
        }
        #expect(stacks.retained.count == 1, "stacks with nothing retained are left out, as in the file")
        #expect(throws: FlameGraphStacks.ParseError.badLine(file: "p.folded", line: 2, text: "a;b twelve")) {
            try FlameGraphStacks.parse("a;b 1\na;b twelve\n", file: "p.folded")
        }
    }

    @Test func roostReportDrawsTheFlameGraphsFromTheFoldedFilesOfACompleteRun() async throws {
        let written = try await WrittenRun.get()
        let source = written.result
        let run = RunResult(scenario: source.scenario,
                            variants: source.variants.map { var variant = $0; variant.allocationProfile = Self.profile(); return variant },
                            thresholds: source.thresholds, unjudged: source.unjudged, metrics: source.metrics,
                            started: source.started, ended: source.ended, wasInterrupted: false)
        let folder = try TemporaryFolder.make("flame-rebuild")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ReportWriter(root: folder, commandLine: ["roost", "run", "x.yaml", "--allocation-profile", "exact"], buildConfiguration: "test").write(
            run, to: folder, linkLatest: false)
        let rebuilt = try StreamedRun.read(folder: folder, allowComplete: true)
        #expect(rebuilt.result.variants.map { $0.readBackFlameGraphStacks } == run.variants.map { _ in Optional(FlameGraphStacks(Self.profile())) })
        let flames = { (html: String) in html.matches(of: /<svg class="flame".*?<\/svg>/.dotMatchesNewlines()).map { String($0.output) } }
        let original = flames(HTMLReport.page(run)), again = flames(HTMLReport.page(rebuilt.result))
        // Per variant: login's bytes (nothing retained), open_profile's bytes and retained; close_profile has none.
        #expect(original.count == 2 * 3)
        #expect(again == original)
        let page = HTMLReport.page(run)
        #expect(ReportMarkup.problems(page) == [] && ReportMarkup.externalReferences(page) == [])
        // The steps with most bytes and most retained bytes start open; the rest are folded.
        #expect(page.matches(of: /<details class="flames" data-variant="[^"]*" data-step="open_profile" open>/).count == 2)
        #expect(page.matches(of: /<details class="flames" data-variant="[^"]*" data-step="login">/).count == 2)
        // Without the folded files there are no graphs, and no note of an error.
        try FileManager.default.removeItem(atPath: folder + "/profiles")
        let bare = try StreamedRun.read(folder: folder, allowComplete: true)
        #expect(bare.result.variants.allSatisfy { $0.readBackFlameGraphStacks == nil })
        #expect(!bare.notes.contains { $0.contains("folded") })
        #expect(HTMLReport.page(bare.result).contains("No data: the run recorded no allocation profile"))
    }

    @Test func theLeakTableShowsRetainedBytesBesideTheShallowLeakedBytes() {
        var controller = LeakRecord(type: "ProfileController", created: 10, leaked: 10, leakedBytes: 960, cycle: "")
        controller.retainedBytes = 7_290_288
        let unmeasured = LeakRecord(type: "TweetCell", created: 100, leaked: 100, leakedBytes: 38_400, cycle: "")
        let html = HTMLReport.page(CraftedRun.run(variants: [CraftedRun.variant("strong", leaks: [controller, unmeasured])]))
        #expect(html.contains("<th>leaked bytes</th><th>retained bytes</th>"))
        #expect(html.contains("<td>960B</td><td>7.0MB</td>"))
        #expect(html.contains("<td>37.5KB</td><td>-</td>"), "not measured is a dash, not zero")
        #expect(ReportMarkup.problems(html) == [])
    }

    @Test func atThePeakIsOneExecutionsGraphBesideTheOthersAndSaysWhenAFolderHasNone() throws {
        let profile = Self.profileAtThePeak()
        let stacks = FlameGraphStacks(profile)
        let peak = try #require(stacks.peak)
        #expect(peak.map(\.value) == [393_216, 327_680], "login had nothing live at its peak; its stack is left out")
        #expect(try FlameGraphStacks.parse(AllocationProfileFiles.folded(profile, .peak), file: "x.peak.folded") == peak)
        var variant = CraftedRun.variant("weak")
        variant.allocationProfile = profile
        let html = HTMLReport.page(CraftedRun.run(variants: [variant]))
        let caption = "weak / open_profile — bytes live at the median execution's peak, \(RunSummary.bytes(720_896)) live then"
        #expect(html.contains("<figure class=\"flame\" data-measure=\"peak\"><figcaption>\(caption)</figcaption>"), "one execution's, not a total")
        #expect(html.contains(", \(RunSummary.bytes(720_896)) live at the peak</summary>"))
        #expect(html.contains("No data: nothing recorded of this step was live at its median execution&#39;s peak")
            || html.contains("No data: nothing recorded of this step was live at its median execution's peak"), "login")
        #expect(ReportMarkup.problems(html) == [])
        // A profile without sites at the peak (a folder of a build before them) says so, and has no .peak.folded lines.
        #expect(FlameGraphStacks(Self.profile()).peak == nil && !Self.profile().hasPeaks)
        var older = CraftedRun.variant("weak")
        older.allocationProfile = Self.profile()
        #expect(HTMLReport.page(CraftedRun.run(variants: [older])).contains("No data: the run recorded no sites at the peak (a run folder written before them)."))
    }

    /// `profile()` with what was live at each step's median execution's peak: the avatar's
    /// pixels and bytes in `open_profile`, nothing in `login`.
    static func profileAtThePeak() -> VariantAllocationProfile {
        let base = profile()
        var stacks = base.stacks
        stacks[0].peakAllocations = 0
        (stacks[1].peakAllocations, stacks[1].peakBytes) = (1, 393_216)
        (stacks[2].peakAllocations, stacks[2].peakBytes) = (1, 327_680)
        typealias Site = VariantAllocationProfile.Site
        let sites = [
            Site(step: "login", site: "Screens.LoginController.signIn()", executions: 10, allocations: 3, bytes: 480, retainedAllocations: 0,
                 retainedBytes: 0, peakAllocations: 0, peakBytes: 0),
            Site(step: "open_profile", site: "Screens.PixelBuffer.init(decoding:points:)", executions: 10, allocations: 10, bytes: 3_932_160,
                 retainedAllocations: 10, retainedBytes: 3_932_160, peakAllocations: 1, peakBytes: 393_216),
            Site(step: "open_profile", site: "closure #1 in SocialStack.MediaService.bytes(_:)", executions: 10, allocations: 10,
                 bytes: 3_276_800, retainedAllocations: 0, retainedBytes: 0, peakAllocations: 1, peakBytes: 327_680),
        ]
        return VariantAllocationProfile(mode: .exact, stacks: stacks, sites: sites, truncatedAllocations: [:], droppedAllocations: 0)
    }

    /// A profile of two steps: `open_profile` (two stacks, one retained) and `login`.
    static func profile() -> VariantAllocationProfile {
        typealias Stack = VariantAllocationProfile.Stack
        let stacks = [
            Stack(step: "login", frames: ["Screens.LoginController.signIn()", "swift_allocObject"], site: "Screens.LoginController.signIn()",
                  allocations: 3, bytes: 480, retainedAllocations: 0, retainedBytes: 0),
            Stack(step: "open_profile", frames: ["Screens.ProfileController.load()", "Screens.PixelBuffer.init(decoding:points:)", "malloc"],
                  site: "Screens.PixelBuffer.init(decoding:points:)", allocations: 10, bytes: 3_932_160, retainedAllocations: 10,
                  retainedBytes: 3_932_160),
            Stack(step: "open_profile", frames: ["Screens.ProfileController.load()", "closure #1 in SocialStack.MediaService.bytes(_:)",
                                                  "swift_slowAlloc"],
                  site: "closure #1 in SocialStack.MediaService.bytes(_:)", allocations: 10, bytes: 3_276_800,
                  retainedAllocations: 0, retainedBytes: 0),
        ]
        return VariantAllocationProfile(mode: .exact, stacks: stacks, sites: [], truncatedAllocations: [:], droppedAllocations: 0)
    }
}
