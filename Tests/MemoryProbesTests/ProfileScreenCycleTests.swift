import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// The examples: a profile screen's header delegate, closures and cells; three objects.
@Suite struct ProfileScreenCycleTests {
    // MARK: The examples

    @Test func strongHeaderDelegateIsACycle() throws {
        let controller = F.strongHeaderDelegate()
        defer { controller.tearDown() }
        let cycles = try RetainCycleDetector().cycles(from: controller)
        #expect(cycles.map { String(describing: $0) } == ["ProfileController.header -> ProfileHeader.delegate -> ProfileController"])
        #expect(cycles.first?.length == 2)
        #expect(cycles.first?.steps.map(\.typeName) == ["ProfileController", "ProfileHeader"])
        #expect(cycles.first?.steps.map(\.reference) == ["header", "delegate"])
        #expect(cycles.first?.steps.map(\.address) == [address(controller), address(controller.header!)])
        controller.tearDown()
        #expect(paths(controller) == [])
    }

    @Test func weakHeaderDelegateAndWeakCellDelegatesAreNoCycle() {
        let controller = F.WeakDelegate.profile(cells: 3)
        #expect(controller.header?.delegate === controller)
        #expect(paths(controller) == [])
        let report = RetainCycleDetector().report(from: controller)
        #expect(report.isComplete)
        #expect(report.objects.count == 5)
        // Weak references (the objects have side tables now) are not holders.
        #expect(report.objects.map(\.externalHolders) == [0, 0, 0, 0, 0])
    }

    @Test func strongClosureCaptureIsACycle() {
        let controller = F.headerClosure(.strong)
        defer { controller.tearDown() }
        #expect(paths(controller) == ["ProfileController.header -> ProfileHeader.onFollow() -> ProfileController"])
        // The closure's context is the controller itself: no extra object.
        #expect(RetainCycleDetector().report(from: controller).objects.count == 2)
    }

    @Test func methodReferenceIsACycle() {
        let controller = F.headerClosure(.method)
        defer { controller.tearDown() }
        #expect(paths(controller) == ["ProfileController.header -> ProfileHeader.onFollow() -> ProfileController"])
    }

    @Test func weakSelfClosureIsNoCycle() {
        let controller = F.headerClosure(.weak)
        defer { controller.tearDown() }
        #expect(paths(controller) == [])
        let report = RetainCycleDetector().report(from: controller)
        #expect(report.isComplete)
        #expect(report.objects.map(\.typeName) == ["ProfileController", "ProfileHeader", "closure context"])
    }

    @Test func unownedSelfClosureIsNoCycle() {
        let controller = F.headerClosure(.unowned)
        defer { controller.tearDown() }
        #expect(paths(controller) == [])
        let report = RetainCycleDetector().report(from: controller)
        #expect(report.isComplete)
        #expect(report.objects.map(\.typeName) == ["ProfileController", "ProfileHeader", "closure context"])
    }

    @Test func cellsWithStrongDelegatesMakeOneCycleEach() throws {
        let controller = F.profileWithCells(count: 5, strongDelegates: [1, 3])
        defer { controller.tearDown() }
        let cycles = try RetainCycleDetector().cycles(from: controller)
        #expect(cycles.map { String(describing: $0) } == [
            "ProfileController.cells[1] -> TweetCell.delegate -> ProfileController",
            "ProfileController.cells[3] -> TweetCell.delegate -> ProfileController",
        ])
        #expect(cycles.map { $0.steps[1].address } == [address(controller.cells[1]), address(controller.cells[3])])
        #expect(Set(cycles).count == 2)
    }

    @Test func everyCellAndTheHeaderInFieldOrder() {
        let controller = F.profileWithCells(count: 5, strongDelegates: Set(0..<5))
        controller.header?.delegate = controller
        defer { controller.tearDown() }
        #expect(paths(controller) == ["ProfileController.header -> ProfileHeader.delegate -> ProfileController"]
            + (0..<5).map { "ProfileController.cells[\($0)] -> TweetCell.delegate -> ProfileController" })
    }

    @Test func threeObjectCycle() throws {
        let feed = F.threeObjectCycle()
        defer { feed.tearDown() }
        let cycles = try RetainCycleDetector().cycles(from: feed)
        #expect(cycles.map { String(describing: $0) } == [
            "FeedController.timeline -> TimelineView.dataSource -> FeedDataSource.owner -> FeedController",
        ])
        #expect(cycles.first?.length == 3)
    }
}
