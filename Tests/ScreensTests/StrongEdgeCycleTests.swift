import Testing
import MemoryProbes
import Screens
import SocialStack

/// The retain cycles (or outside holders) each strong edge leaves, as the detector prints them.
@Suite struct StrongEdgeCycleTests {
    /// What the detector finds from one surviving controller after one open and close.
    struct Finding: Equatable, CustomStringConvertible {
        var cycles: Set<String>
        var allUnreachable: Bool
        var noneUnreachable: Bool
        var externalHolders: Int
        var isComplete: Bool
        var description: String {
            "cycles \(cycles.sorted()), allUnreachable \(allUnreachable), noneUnreachable \(noneUnreachable), "
                + "externalHolders \(externalHolders), complete \(isComplete)"
        }
    }

    /// Opens `scenario` once with `edge` strong and reports from each surviving controller.
    func findings(_ edge: ReferenceEdge, _ scenario: ScreenScenario) throws -> [String: Finding] {
        try findings(.allWeak.with(edge, .strong), scenario)
    }

    /// Opens `scenario` once under `policy` and reports from each surviving controller.
    func findings(_ policy: ReferencePolicy, _ scenario: ScreenScenario) throws -> [String: Finding] {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let tracker = LifetimeTracker()
        try scenario.run(in: app, world: world, tracker: tracker)
        var result: [String: Finding] = [:]
        tracker.forEachSurvivor { label, object in
            guard label.hasSuffix("Controller") else { return }
            let report = RetainCycleDetector().report(from: object)
            result[label] = Finding(
                cycles: Set(report.cycles.map(\.description)), allUnreachable: report.cycles.allSatisfy(\.isUnreachable),
                noneUnreachable: !report.cycles.contains(where: \.isUnreachable),
                externalHolders: report.objects[0].externalHolders, isComplete: report.isComplete)
        }
        return result
    }

    func unreachableCycles(_ paths: [String]) -> Finding {
        Finding(cycles: Set(paths), allUnreachable: true, noneUnreachable: paths.isEmpty, externalHolders: 0, isComplete: true)
    }

    func heldFromOutside(by holders: Int) -> Finding {
        Finding(cycles: [], allUnreachable: true, noneUnreachable: true, externalHolders: holders, isComplete: true)
    }

    @Test func profileHeaderDelegate() throws {
        let cycle = unreachableCycles(["ProfileController.header -> ProfileHeader.delegate.strong -> ProfileController"])
        for scenario in [ScreenScenario.profile, .profileWithActionSheet] {
            #expect(try findings(.profileHeaderDelegate, scenario) == ["ProfileController": cycle])
        }
    }

    @Test(arguments: [(ReferenceEdge.cellDelegate, "TweetCell.delegate.strong"), (.mentionHandler, "TweetCell.onMentionTap()")])
    func cellEdges(_ edge: ReferenceEdge, _ hop: String) throws {
        func paths(_ controller: String, _ references: [String]) -> Finding {
            unreachableCycles(references.map { "\(controller).\($0) -> \(hop) -> \(controller)" })
        }
        let profile = paths("ProfileController", (0..<4).map { "cells[\($0)]" })
        #expect(try findings(edge, .profile) == ["ProfileController": profile])
        #expect(try findings(edge, .profileWithActionSheet) == ["ProfileController": profile])
        #expect(try findings(edge, .feed) == ["FeedController": paths("FeedController", (0..<10).map { "cells[\($0)]" })])
        #expect(try findings(edge, .postDetail)
            == ["PostDetailController": paths("PostDetailController", ["postCell", "replyCells[0]"])])
        #expect(try findings(edge, .explore)
            == ["ExploreController": paths("ExploreController", (0..<10).map { "postCells[\($0)]" })])
        for scenario in [ScreenScenario.composePost, .composeReply, .notifications, .comments, .login] {
            #expect(try findings(edge, scenario).isEmpty, "\(scenario)")
        }
    }

    /// A cycle through the app that stays alive with it: reachable, never garbage.
    func reachableCycles(_ paths: [String]) -> Finding {
        Finding(cycles: Set(paths), allUnreachable: false, noneUnreachable: true, externalHolders: 0, isComplete: true)
    }

    @Test func feedObserverHoldsTheFeedFromTheStack() throws {
        // The stack's two observations (load, refresh) hold the closed feed: cycles through the
        // app's stack, alive as long as the app.
        let hub = "FeedController.app -> App.stack -> SocialStack.auth.store -> Store.feedHub -> ObservationHub<Post>.observations"
            + " -> Locked<Dictionary<Identifier<User>, Array<Observation<Post>>>>.value[1]"
        #expect(try findings(.feedObserver, .feed) == ["FeedController": reachableCycles(
            (0..<2).map { "\(hub)[\($0)] -> Observation<Post>.callback() -> FeedController" })])
    }

    static let busCycle = "ProfileController.app -> App.eventBus -> EventBus.listeners"
        + " -> Locked<Array<Listener>>.value[0].callback() -> ProfileController"

    @Test func eventBusHoldsTheProfileFromTheBus() throws {
        // The bus's listener callback holds the closed profile: a cycle through the app.
        for scenario in [ScreenScenario.profile, .profileWithActionSheet] {
            #expect(try findings(.eventBus, scenario) == ["ProfileController": reachableCycles([Self.busCycle])])
        }
    }

    @Test func allStrongCyclesAreHeldFromTheBus() throws {
        // Every profile cycle at once; the bus also holds the controller, so none is garbage.
        let found = try findings(ReferencePolicy.allStrong, .profile)
        // A cell's delegate and its mention closure link the same two objects: one cycle, reported by the
        // first reference found, with the other counted in `otherPaths`.
        let cells = (0..<4).map { "ProfileController.cells[\($0)] -> TweetCell.delegate.strong -> ProfileController" }
        let expected = Finding(
            cycles: Set(cells + ["ProfileController.header -> ProfileHeader.delegate.strong -> ProfileController", Self.busCycle]),
            allUnreachable: false, noneUnreachable: true, externalHolders: 0, isComplete: true)
        #expect(found == ["ProfileController": expected])
    }

    @Test func actionSheetViewsHangOffTheWindowWithoutACycle() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak.with(.actionSheet, .strong))
        try ScreenScenario.profileWithActionSheet.run(in: app, world: world)
        let report = RetainCycleDetector().report(from: app.window)
        #expect(report.isComplete)
        #expect(report.cycles.isEmpty)
        #expect(report.objects.filter { $0.typeName == "View" }.count == 5)
        #expect(app.window.subviews.map(\.name) == ["action sheet dimming", "action sheet table"])
        #expect(app.window.subviews.allSatisfy { $0.alpha == 0 })
        #expect(app.window.subviews[1].subviews.map(\.name) == ["option Share profile", "option Copy link", "option Cancel"])
    }

    @Test(arguments: [ReferencePolicy.allWeak, .allStrong])
    func theDetectorSeesThroughEveryOpenScreen(_ policy: ReferencePolicy) throws {
        let world = try ScreenWorld()
        let app = try world.app(policy)
        let profile = ProfileController(app: app, user: world.bob)
        try app.navigator.push(profile)
        try profile.header!.tapMore()
        let feed = FeedController(app: app, pageSize: 5)
        try app.navigator.push(feed)
        try feed.loadNextPage()
        try app.navigator.push(PostDetailController(app: app, post: world.posts[0]))
        let explore = ExploreController(app: app)
        try app.navigator.push(explore)
        try explore.searchPosts("read")
        try app.navigator.push(NotificationsController(app: app))
        try app.navigator.push(CommentsController(app: app, post: world.posts[0]))
        try app.navigator.present(ComposeController(app: app, configuration: .post))
        try app.navigator.present(ComposeController(app: app, configuration: .reply(try world.stack.posts.post(world.posts[0]))))
        try app.navigator.present(LoginController(app: app))
        let screens = app.navigator.stack + app.navigator.presented
        #expect(screens.count == 9)
        for part in screens.flatMap(\.parts) {
            let report = RetainCycleDetector().report(from: part)
            #expect(report.isComplete, "\(type(of: part)) under \(policy): \(report)")
        }
        app.navigator.closeAll()
    }
}
