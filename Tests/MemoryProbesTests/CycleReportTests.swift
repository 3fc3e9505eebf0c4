import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// The walk's limits and the report's objects and external holders.
@Suite struct CycleReportTests {
    // MARK: Limits

    @Test func maxObjectsTruncatesTheWalk() {
        let first = F.ring(length: 20)
        defer { F.breakRing(first) }
        let report = RetainCycleDetector(maxObjects: 10).report(from: first)
        #expect(report.isTruncated)
        #expect(!report.isComplete)
        #expect(report.objects.count == 10)
        #expect(report.cycles.isEmpty)

        let graph = F.tangledAcyclicFeed(layers: 20, width: 50)
        let partial = RetainCycleDetector(maxObjects: 500).report(from: graph)
        #expect(partial.isTruncated)
        #expect(partial.objects.count == 500)
        #expect(partial.cycles.isEmpty)
    }

    @Test func aGraphOfExactlyMaxObjectsIsNotTruncated() {
        let first = F.ring(length: 8)
        defer { F.breakRing(first) }
        let report = RetainCycleDetector(maxObjects: 8).report(from: first)
        #expect(!report.isTruncated)
        #expect(report.cycles.map { String(describing: $0) } == [ring("ChainLink", "next", count: 8)])
    }

    @Test func maxCyclesTruncatesTheSearch() {
        let controller = F.profileWithCells(count: 5, strongDelegates: Set(0..<5))
        defer { controller.tearDown() }
        let report = RetainCycleDetector(maxCycles: 3).report(from: controller)
        #expect(report.isTruncated)
        #expect(report.cycles.map { String(describing: $0) } == (0..<3).map {
            "ProfileController.cells[\($0)] -> TweetCell.delegate -> ProfileController"
        })
    }

    @Test func exactlyMaxCyclesIsNotTruncated() {
        let controller = F.profileWithCells(count: 5, strongDelegates: Set(0..<5))
        defer { controller.tearDown() }
        let report = RetainCycleDetector(maxCycles: 5).report(from: controller)
        #expect(report.cycles.count == 5)
        #expect(!report.isTruncated, "all 5 cycles were found, nothing was cut")
    }

    // MARK: The report's objects and holders

    @Test func reportListsEveryObjectRootFirstBreadthFirst() {
        let controller = F.profileWithCells(count: 5, strongDelegates: [1, 3])
        defer { controller.tearDown() }
        let report = RetainCycleDetector().report(from: controller)
        #expect(report.objects.count == 7)
        #expect(report.objects.map(\.typeName) == ["ProfileController", "ProfileHeader"] + Array(repeating: "TweetCell", count: 5))
        #expect(report.objects.map(\.address)
            == [address(controller), address(controller.header!)] + controller.cells.map { address($0) })
        #expect(report.objects.allSatisfy { $0.bytes >= 16 })
        #expect(report.objects.map(\.externalHolders) == Array(repeating: 0, count: 7))
        #expect(report.cycles.count == 2)
    }

    @Test func garbageCycleHasNoExternalHoldersAndIsUnreachable() {
        weak let w: F.ProfileController? = F.garbageProfileCycle()
        guard let root = w else {
            Issue.record("the cycle should keep itself alive")
            return
        }
        let report = RetainCycleDetector().report(from: root)
        #expect(report.objects.map(\.typeName) == ["ProfileController", "ProfileHeader", "TweetCell"])
        #expect(report.objects.map(\.externalHolders) == [0, 0, 0])
        #expect(report.cycles.map { String(describing: $0) } == ["ProfileController.header -> ProfileHeader.delegate -> ProfileController"])
        #expect(report.cycles.map(\.isUnreachable) == [true])
        root.tearDown()
    }

    @Test func aMemberHeldFromOutsideHasOneExternalHolderAndTheCycleIsReachable() {
        weak let w: F.ProfileController? = F.garbageProfileCycle()
        guard let root = w, let header = root.header else {
            Issue.record("the cycle should keep itself alive")
            return
        }
        let report = RetainCycleDetector().report(from: root)
        withExtendedLifetime(header) {}
        #expect(report.objects.map(\.typeName) == ["ProfileController", "ProfileHeader", "TweetCell"])
        #expect(report.objects.map(\.externalHolders) == [0, 1, 0])
        #expect(report.cycles.map(\.isUnreachable) == [false])
        root.tearDown()
    }

    @Test func theRootHeldTwiceHasOneExternalHolder() {
        let controller = F.strongHeaderDelegate()
        defer { controller.tearDown() }
        let again: F.ProfileController? = controller
        let report = RetainCycleDetector().report(from: controller)
        withExtendedLifetime(again) {}
        #expect(report.objects.map(\.externalHolders) == [1, 0])
        #expect(report.cycles.map(\.isUnreachable) == [false])
    }

    @Test func brokenCycleIsFreed() {
        weak let w: F.ProfileController? = F.garbageProfileCycle()
        if let root = w {
            #expect(paths(root).count == 1)
            root.tearDown()
        } else {
            Issue.record("the cycle should keep itself alive")
        }
        #expect(w == nil)
    }

    /// Two copies of one `any Renderer` share one out-of-line box: the viewer is retained
    /// once by it, not twice.
    @Test func sharedExistentialBoxCountsItsReferencesOnce() {
        let viewer = F.sharedExistentialBox()
        defer { viewer.tearDown() }
        // Both copies link the same two objects: one cycle, one other path.
        #expect(paths(viewer) == ["MediaViewer.pipeline -> RenderPipeline.renderer.owner -> MediaViewer"])
        let again: F.MediaViewer? = viewer
        let report = RetainCycleDetector().report(from: viewer)
        withExtendedLifetime(again) {}
        #expect(report.cycles.map(\.otherPaths) == [1])
        #expect(report.objects.map(\.externalHolders) == [1, 0])
        #expect(report.cycles.map(\.isUnreachable) == [false])
    }

    /// Two copies of one indirect enum value share its box: the controller is retained
    /// once by it.
    @Test func sharedIndirectEnumBoxCountsItsReferencesOnce() {
        let thread = F.sharedIndirectBox()
        defer { thread.tearDown() }
        #expect(paths(thread) == [
            "ThreadController.navigator -> Navigator.route.thread -> ThreadController",
            "ThreadController.secondNavigator -> Navigator.route.thread -> ThreadController",
        ])
        let again: F.ThreadController? = thread
        let report = RetainCycleDetector().report(from: thread)
        withExtendedLifetime(again) {}
        #expect(report.objects.map(\.externalHolders) == [1, 0, 0])
    }
}
