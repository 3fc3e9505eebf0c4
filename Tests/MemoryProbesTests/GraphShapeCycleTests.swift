import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Graph shapes: depth, self references, parallel edges, ordering, weak/unowned references, large graphs.
@Suite struct GraphShapeCycleTests {
    // MARK: Depth, shape, ordering

    @Test func longCycleAtDepthEight() throws {
        let first = F.ring(length: 8)
        defer { F.breakRing(first) }
        let expected = ring("ChainLink", "next", count: 8)
        #expect(paths(first) == [expected])
        #expect(paths(first, maxDepth: 8) == [expected])
        #expect(paths(first, maxDepth: 7) == [])
        let cycle = try RetainCycleDetector().cycles(from: first)[0]
        #expect(cycle.length == 8)
        #expect(Set(cycle.steps.map(\.address)).count == 8)
    }

    @Test func cycleBelowTheRootStartsAtItsFirstObject() throws {
        let app = F.cycleBelowRoot()
        defer { app.tearDown() }
        let cycles = try RetainCycleDetector().cycles(from: app)
        #expect(cycles.map { String(describing: $0) } == ["Session.cache -> UserCache.session -> Session"])
        #expect(cycles.first?.steps.first?.address == address(app.session!))
    }

    @Test func twoFieldsHoldingOneObjectAreOneCycleWithAnotherPath() throws {
        let inbox = F.twoFieldsOneObject()
        defer { inbox.tearDown() }
        let cycles = try RetainCycleDetector().cycles(from: inbox)
        #expect(cycles.map { String(describing: $0) } == ["InboxController.primary -> InboxCell.owner -> InboxController"])
        #expect(cycles.map(\.otherPaths) == [1])
        #expect(cycles.map { $0.steps.map(\.address) } == [[address(inbox), address(inbox.primary!)]])
    }

    @Test func selfReferenceIsACycleOfLengthOne() throws {
        let node = F.selfReference()
        defer { node.me = nil }
        let cycles = try RetainCycleDetector().cycles(from: node)
        #expect(cycles.map { String(describing: $0) } == ["GraphNode.me -> GraphNode"])
        #expect(cycles.first?.length == 1)
    }

    @Test func cyclesAreReportedShortestFirst() {
        let root = F.conversationWithThreeCycles()
        defer { F.breakConversation(root) }
        #expect(paths(root) == [
            "ConversationNode.pinned -> ConversationNode",
            "ConversationNode.quote -> ConversationNode.quote -> ConversationNode",
            "ConversationNode.reply -> ConversationNode.reply -> ConversationNode.reply -> ConversationNode",
        ])
    }

    // MARK: unowned, weak wrappers

    @Test func unownedAndUnownedUnsafeBackReferencesAreNoCycle() {
        let author = F.unownedBackReferences()
        #expect(paths(author) == [])
        let report = RetainCycleDetector().report(from: author)
        #expect(report.isComplete)
        #expect(report.objects.map(\.typeName) == ["Author", "Tweet", "Tweet", "Tweet"])
    }

    @Test func unownedReferencesToADeallocatedObjectAreNotRead() {
        let (timeline, probe) = F.timelineWithDeadAuthor()
        #expect(probe.object == nil)
        #expect(paths(timeline) == [])
        let report = RetainCycleDetector().report(from: timeline)
        #expect(report.isComplete)
        #expect(report.objects.map(\.typeName) == ["Timeline", "Tweet", "Tweet", "closure context"])
    }

    @Test func weakWrappersInArraysAreNoCycle() {
        let followers = F.weakWrapperArrays()
        #expect(followers.registry?.entries.allSatisfy { $0.object === followers } == true)
        #expect(paths(followers) == [])
        let report = RetainCycleDetector().report(from: followers)
        #expect(report.isComplete)
        #expect(report.objects.count == 2)
    }

    // MARK: Large graphs

    @Test func largeTangledAcyclicGraphHasNoCycle() {
        let graph = F.tangledAcyclicFeed()
        let report = RetainCycleDetector().report(from: graph)
        #expect(report.cycles.map { String(describing: $0) } == [])
        #expect(report.isComplete)
        #expect(report.objects.count == 1 + 10_000 + 1_000)
        #expect(report.objects.filter { $0.typeName == "FeedNode" }.count == 10_000)
        #expect(report.objects.filter { $0.typeName == "closure context" }.count == 1_000)
        #expect(Set(report.objects.map(\.address)).count == report.objects.count)
        #expect(paths(graph) == [])
    }

    @Test func largeTreeWithOneStrongBackReferenceHasExactlyThatCycle() {
        let (root, count) = F.treeWithOneBackReference(fanOut: 10, depth: 4, cycleDepth: 3)
        defer { F.breakTree(root) }
        #expect(count == 11_111)
        let report = RetainCycleDetector().report(from: root)
        #expect(report.cycles.map { String(describing: $0) } == ["FeedNode.children[9] -> FeedNode.strongParent -> FeedNode"])
        #expect(report.cycles.first?.steps.map(\.address) == [
            address(root.children[9].children[9]), address(root.children[9].children[9].children[9]),
        ])
        #expect(report.objects.count == count)
        #expect(report.isComplete)
    }
}
