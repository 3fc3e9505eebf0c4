import Testing
import MemoryProbes
import Screens
import SocialStack

/// With `.allWeak`, a closed screen leaves nothing alive and nothing reachable from the window.
@Suite struct WeakVariantLeakTests {
    @Test(arguments: ScreenScenario.allCases)
    func tenOpenCloseCyclesLeaveNoScreenPartAlive(_ scenario: ScreenScenario) throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let tracker = LifetimeTracker()
        for _ in 0..<10 { try scenario.run(in: app, world: world, tracker: tracker) }
        #expect(tracker.trackedCount > 0)
        #expect(tracker.survivors().isEmpty, "\(scenario): \(tracker.survivors())")
        #expect(app.navigator.stack.isEmpty && app.navigator.presented.isEmpty)
        #expect(app.window.subviews.isEmpty, "views left in the window: \(app.window.subviews.map(\.name))")
        #expect(app.eventBus.listenerCount == 0)
        #expect(try world.stack.feed.observationCount(for: world.adaSession) == 0)
        #expect(try world.stack.notifications.observationCount(for: world.adaSession) == 0)
    }

    @Test func everyScreenTogetherLeavesNothingAlive() throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        let tracker = LifetimeTracker()
        for _ in 0..<10 {
            for scenario in ScreenScenario.allCases { try scenario.run(in: app, world: world, tracker: tracker) }
        }
        // Parts per round: profile 7, profile with sheet 13, feed 16, post detail 3, two
        // composers, notifications, comments, login 1 each, explore 21.
        #expect(tracker.trackedCount == 10 * (7 + 13 + 16 + 3 + 1 + 1 + 1 + 21 + 1 + 1))
        #expect(tracker.survivors().isEmpty, "\(tracker.survivors())")
    }

    @Test(arguments: ScreenScenario.allCases)
    func nothingOfAClosedScreenIsReachableFromTheWindow(_ scenario: ScreenScenario) throws {
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        for _ in 0..<3 { try scenario.run(in: app, world: world) }
        for root in [app.window as AnyObject, app.navigator as AnyObject] {
            let report = RetainCycleDetector().report(from: root)
            #expect(report.isComplete, "\(report)")
            #expect(report.cycles.isEmpty, "\(report)")
            let reached = report.objects.map(\.typeName).filter(ScreenScenario.screenTypeNames.contains)
            #expect(reached.isEmpty, "\(scenario): reached from \(type(of: root)): \(reached)")
        }
    }

    @Test func theWindowReportDoesSeeLeftoverSheetViews() throws {
        // The check above can fail: with the strong action-sheet edge the faded views stay in
        // the window, and the window's report reaches them.
        let world = try ScreenWorld()
        let app = try world.app(.allWeak.with(.actionSheet, .strong))
        for _ in 0..<3 { try ScreenScenario.profileWithActionSheet.run(in: app, world: world) }
        let report = RetainCycleDetector().report(from: app.window)
        let views = report.objects.filter { $0.typeName == "View" }
        #expect(views.count == 3 * 5)
    }

    @Test func theWindowReportSeesTheScreensTheNavigatorHolds() throws {
        // A pushed screen is held by the navigator, which the window holds: a report from the
        // window must reach it, or the "nothing reachable after close" check above proves
        // nothing about the navigator's screens. Known issue: the detector does not look
        // inside a Synchronization.Mutex (Navigator.state holds the screens) and still says
        // isComplete; the same blindness hides EventBus listeners, LinkPreviewCache entries and
        // the stack's ObservationHub callbacks.
        let world = try ScreenWorld()
        let app = try world.app(.allWeak)
        try app.navigator.push(ProfileController(app: app, user: world.bob))
        try app.navigator.present(ComposeController(app: app, configuration: .post))
        for root in [app.window as AnyObject, app.navigator as AnyObject] {
            let report = RetainCycleDetector().report(from: root)
            #expect(report.isComplete)
            let reached = Set(report.objects.map(\.typeName))
            #expect(reached.isSuperset(of: ["ProfileController", "ProfileHeader", "PixelBuffer", "TweetCell",
                                            "ComposeController"]),
                    "reached from \(type(of: root)): \(reached.sorted())")
        }
        app.navigator.closeAll()
    }
}
