import Testing
import MemoryProbes
import Screens
import SocialStack

/// With one edge strong, exactly the objects that edge holds survive their screen's close.
@Suite struct StrongEdgeSurvivorTests {
    static let opens = 3

    @Test(arguments: ReferenceEdge.allCases)
    func exactlyTheEdgesObjectsSurvive(_ edge: ReferenceEdge) throws {
        let world = try ScreenWorld()
        for scenario in ScreenScenario.allCases {
            let app = try world.app(.allWeak.with(edge, .strong))
            let tracker = LifetimeTracker()
            let observationsBefore = try world.stack.feed.observationCount(for: world.adaSession)
            for _ in 0..<Self.opens { try scenario.run(in: app, world: world, tracker: tracker) }
            let expected = times(Self.opens, Self.kept(by: edge, in: scenario))
            #expect(tracker.survivorCounts == expected, "\(edge), \(scenario)")

            // What holds them: the bus has a live listener per surviving profile; the stack
            // a feed observation per load and refresh; the window the faded sheet views.
            #expect(app.eventBus.listenerCount == expected["ProfileController", default: 0], "\(edge), \(scenario)")
            let observations = edge == .feedObserver && scenario == .feed ? 2 * Self.opens : 0
            #expect(try world.stack.feed.observationCount(for: world.adaSession) - observationsBefore == observations,
                    "\(edge), \(scenario)")
            let sheetViews = edge == .actionSheet && scenario == .profileWithActionSheet ? 2 * Self.opens : 0
            #expect(app.window.subviews.count == sheetViews, "\(edge), \(scenario)")
            #expect(app.navigator.stack.isEmpty && app.navigator.presented.isEmpty)
            let previews = edge == .linkPreviewCache ? Self.opens * scenario.linkFetches : scenario.distinctLinks
            #expect(app.linkPreviews.heldCount == previews, "\(edge), \(scenario)")
        }
    }

    @Test func allStrongKeepsTheUnionOfEveryEdgesSurvivors() throws {
        let world = try ScreenWorld()
        for scenario in ScreenScenario.allCases {
            let app = try world.app(.allStrong)
            let tracker = LifetimeTracker()
            for _ in 0..<Self.opens { try scenario.run(in: app, world: world, tracker: tracker) }
            var union: [String: Int] = [:]
            for edge in ReferenceEdge.allCases { union.merge(Self.kept(by: edge, in: scenario)) { max($0, $1) } }
            #expect(tracker.survivorCounts == times(Self.opens, union), "\(scenario)")
        }
    }

    @Test func theLinkPreviewCacheGrowsWithEveryOpenOnlyWhenStrong() throws {
        let world = try ScreenWorld()
        let weak = try world.app(.allWeak)
        let strong = try world.app(.allWeak.with(.linkPreviewCache, .strong))
        for round in 1...4 {
            for app in [weak, strong] { try ScreenScenario.feed.run(in: app, world: world) }
            // A feed open shows 3 link cells on load, 3 again on refresh, 3 more on the next page.
            #expect(strong.linkPreviews.heldCount == 9 * round)
            #expect(strong.linkPreviews.fetchCount == 9 * round)
            #expect(weak.linkPreviews.heldCount == 6)
            #expect(weak.linkPreviews.fetchCount == 6)
        }
        let feed = FeedController(app: strong, pageSize: 5)
        try strong.navigator.push(feed)
        #expect(strong.linkPreviews.heldCount == 36 + 3)
        try feed.refresh()
        #expect(strong.linkPreviews.heldCount == 36 + 6)
        strong.navigator.pop()
    }

    /// The tracked parts one open leaves alive when `edge` is strong (labels as `ScreenScenario.label(of:)`).
    static func kept(by edge: ReferenceEdge, in scenario: ScreenScenario) -> [String: Int] {
        let profile = ["ProfileController": 1, "ProfileHeader": 1, "PixelBuffer": 1, "TweetCell": 4]
        let profileWithSheet = profile.merging(["ActionSheetLauncher": 1]) { $1 }
        let feed = ["FeedController": 1, "TweetCell": 10]  // the last cells only: refreshed ones die
        let detail = ["PostDetailController": 1, "TweetCell": 2]
        let explore = ["ExploreController": 1, "TweetCell": 10]  // the last search's cells only
        let sheetViews = ["View: action sheet dimming": 1, "View: action sheet table": 1, "View: option Share profile": 1,
                          "View: option Copy link": 1, "View: option Cancel": 1]
        switch (edge, scenario) {
        case (.profileHeaderDelegate, .profile), (.eventBus, .profile): return profile
        case (.profileHeaderDelegate, .profileWithActionSheet), (.eventBus, .profileWithActionSheet): return profileWithSheet
        case (.cellDelegate, _), (.mentionHandler, _):
            switch scenario {
            case .profile: return profile
            case .profileWithActionSheet: return profileWithSheet
            case .feed: return feed
            case .postDetail: return detail
            case .explore: return explore
            default: return [:]
            }
        case (.feedObserver, .feed): return feed
        case (.feedObserver, .notifications): return ["NotificationsController": 1]
        case (.actionSheet, .profileWithActionSheet): return sheetViews
        default: return [:]
        }
    }
}

extension ScreenScenario {
    /// Link-preview fetches one open makes (every link cell built, refreshes included).
    var linkFetches: Int {
        switch self {
        case .profile, .profileWithActionSheet: 2
        case .feed: 9  // 3 on load, 3 on refresh, 3 on the next page
        case .explore: 10  // "read" finds the 10 link posts; "roost" none
        default: 0
        }
    }
}
