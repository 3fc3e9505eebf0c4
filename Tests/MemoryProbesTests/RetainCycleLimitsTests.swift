import Testing
import MemoryProbes

/// A node that holds any number of others strongly.
private final class Mesh {
    var links: [Mesh] = []
}

/// The walk's bounds: objects, cycles, depth; and a big graph's exact counts.
@Suite struct RetainCycleLimitsTests {
    /// Ten nodes each holding all the others: over a million elementary cycles.
    private func completeGraph(_ size: Int) -> [Mesh] {
        let nodes = (0..<size).map { _ in Mesh() }
        for node in nodes { node.links = nodes.filter { $0 !== node } }
        return nodes
    }

    private func breakLinks(_ nodes: [Mesh]) { for node in nodes { node.links = [] } }

    @Test func aDenseGraphStopsAtMaxCyclesAndSaysSo() {
        let nodes = completeGraph(10)
        defer { breakLinks(nodes) }
        let report = RetainCycleDetector(maxCycles: 500).report(from: nodes[0])
        #expect(report.isTruncated)
        #expect(!report.isComplete)
        #expect(report.cycles.count == 500)
        #expect(report.objects.count == 10)
        // Shortest first among those found: the 2-cycles through the root come first.
        #expect(report.cycles.first?.length == 2)
        #expect(zip(report.cycles, report.cycles.dropFirst()).allSatisfy { $0.length <= $1.length })
    }

    @Test func maxDepthBoundsTheLengthOfEveryCycleFound() {
        let nodes = completeGraph(6)
        defer { breakLinks(nodes) }
        let report = RetainCycleDetector(maxDepth: 3).report(from: nodes[0])
        #expect(!report.isTruncated)
        // Cycles of 2 and 3 objects among 6: C(6,2) + 2 x C(6,3) = 15 + 40.
        #expect(report.cycles.filter { $0.length == 2 }.count == 15)
        #expect(report.cycles.filter { $0.length == 3 }.count == 40)
        #expect(report.cycles.count == 55)
    }

    @Test func maxObjectsStopsTheWalk() {
        let chain = (0..<100).map { _ in Mesh() }
        for (node, next) in zip(chain, chain.dropFirst()) { node.links = [next] }
        defer { breakLinks(chain) }
        let report = RetainCycleDetector(maxObjects: 10).report(from: chain[0])
        #expect(report.objects.count == 10)
        #expect(report.isTruncated)
        #expect(RetainCycleDetector().report(from: chain[0]).objects.count == 100)
    }

    @Test func aLongChainWithOneCycleAtTheEnd() throws {
        let chain = (0..<50_000).map { _ in Mesh() }
        for (node, next) in zip(chain, chain.dropFirst()) { node.links = [next] }
        chain[49_999].links = [chain[49_997]]
        defer { breakLinks(chain) }
        let cycles = try RetainCycleDetector().cycles(from: chain[0])
        #expect(cycles.map(String.init(describing:)) == ["Mesh.links[0] -> Mesh.links[0] -> Mesh.links[0] -> Mesh"])
        #expect(cycles.first?.steps.map(\.address) == chain[49_997...].map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) })
    }
}

/// A generic screen whose method stores a closure capturing `self`.
private final class GenericScreen<Model> {
    var model: Model
    var onTap: (() -> Void)?
    init(model: Model) { self.model = model }
    func bindStrongly() { onTap = { _ = self.model } }
}

@Suite struct GenericCaptureTests {
    @Test func aClosureCapturingAGenericSelfIsEitherFollowedOrCountedAsUnresolved() {
        let screen = GenericScreen(model: 42)
        screen.bindStrongly()
        defer { screen.onTap = nil }
        let report = RetainCycleDetector().report(from: screen)
        if report.unresolvedClosureContexts == 0 {
            #expect(report.cycles.map(String.init(describing:)) == ["GenericScreen<Int>.onTap() -> GenericScreen<Int>"])
        } else {
            #expect(report.cycles.isEmpty)
            #expect(!report.isComplete)
        }
    }
}


/// Touched by its task only after the test stops reading it.
private final class UploadController: @unchecked Sendable {
    var upload: Task<Void, Never>?
    var finished = false
}

@Suite struct OpaqueObjectTests {
    /// A stored Task holds its closure inside the runtime's task object, which the walk
    /// cannot read: the report must say so rather than claim a complete "no cycle".
    @Test func aRunningTaskIsReportedAsAnObjectTheWalkCannotSee() async {
        let controller = UploadController()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        controller.upload = Task { [controller] in
            for await _ in stream {}
            controller.finished = true
        }
        let report = RetainCycleDetector().report(from: controller)
        continuation.finish()
        await controller.upload?.value
        controller.upload = nil
        #expect(report.opaqueObjects == 1)
        #expect(!report.isComplete)
        #expect(report.objects.map(\.typeName) == ["UploadController", "opaque object"])
        #expect(String(describing: report).contains("cannot look into"))
    }
}
