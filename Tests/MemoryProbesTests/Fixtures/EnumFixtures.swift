// Retain-cycle fixtures: enum payloads, indirect cases, closures and unowned references in payloads, custom mirrors.

// MARK: - Enums

extension RetainCycleFixtures {
    enum LoadState {
        case idle
        case loading(progress: Double)
        case loaded(TimelineController)
        case failed(Int, TimelineController)
        case paged(page: Int, owner: TimelineController)
        case attached(owner: TimelineController)
    }

    final class TimelineController {
        var loader: TimelineLoader?
        func tearDown() { loader?.state = .idle }
    }

    final class TimelineLoader {
        var state: LoadState = .idle
    }

    /// TimelineController.loader -> TimelineLoader.state.<case...> -> TimelineController
    static func enumPayloadCycle(_ make: (TimelineController) -> LoadState) -> TimelineController {
        let timeline = TimelineController(), loader = TimelineLoader()
        timeline.loader = loader
        loader.state = make(timeline)
        return timeline
    }

    indirect enum Route {
        case home
        case thread(ThreadController)
        case modal(Route)
    }

    final class ThreadController {
        var navigator: Navigator?
        var secondNavigator: Navigator?
        func tearDown() { navigator?.route = .home; secondNavigator?.route = .home }
    }

    final class Navigator {
        var route: Route = .home
    }

    /// ThreadController.navigator -> Navigator.route.thread -> ThreadController (an indirect case's box)
    static func indirectEnumCycle(nested: Bool) -> ThreadController {
        let thread = ThreadController(), navigator = Navigator()
        thread.navigator = navigator
        navigator.route = nested ? .modal(.modal(.thread(thread))) : .thread(thread)
        return thread
    }
}

// MARK: - Enums: closures and dead unowned references in payloads, custom mirrors

extension RetainCycleFixtures {
    enum Action {
        case none
        case run(() -> Void)
        case open(AuthorLink)
    }

    struct AuthorLink {
        unowned let author: Author
        unowned(unsafe) let editor: Author
        var title = "link"
    }

    final class ButtonController {
        var button: ActionButton?
        func tearDown() { button?.action = .none }
    }

    final class ActionButton {
        var action: Action = .none
    }

    /// ButtonController.button -> ActionButton.action.run() -> ButtonController
    static func closureInEnumPayloadCycle() -> ButtonController {
        let controller = ButtonController(), button = ActionButton()
        controller.button = button
        let taps = Int.random(in: 1...3)
        button.action = .run { print(controller, taps) }
        return controller
    }

    /// An enum payload holding a dead author unowned and unowned(unsafe): no cycle, no crash.
    static func deadUnownedInEnumPayload() -> (ButtonController, WeakProbe) {
        let controller = ButtonController(), button = ActionButton(), probe = WeakProbe()
        controller.button = button
        do {
            let author = Author()
            probe.object = author
            button.action = .open(AuthorLink(author: author, editor: author))
        }
        return (controller, probe)
    }

    /// A load state whose Mirror shows no children (a type may customize its Mirror for
    /// logging): the payload is still stored, and still holds the controller.
    enum QuietState: CustomReflectable {
        case idle
        case loaded(MentionsController)
        var customMirror: Mirror { Mirror(self, children: [:]) }
    }

    /// A link whose Mirror shows the (weakly held) target as a child.
    enum LinkState: CustomReflectable {
        case none
        case linked(WeakRef<MentionsController>)
        var customMirror: Mirror {
            switch self {
            case .none: return Mirror(self, children: [:])
            case .linked(let link): return Mirror(self, children: ["target": link.object as Any])
            }
        }
    }

    final class MentionsController {
        var loader: MentionsLoader?
        func tearDown() { loader?.state = .idle; loader?.link = .none }
    }

    final class MentionsLoader {
        var state: QuietState = .idle
        var link: LinkState = .none
    }

    /// MentionsController.loader -> MentionsLoader.state.loaded -> MentionsController
    static func customMirrorHidesPayload() -> MentionsController {
        let mentions = MentionsController(), loader = MentionsLoader()
        mentions.loader = loader
        loader.state = .loaded(mentions)
        return mentions
    }

    /// The loader holds the controller only weakly: no cycle.
    static func customMirrorShowsWeakTarget() -> MentionsController {
        let mentions = MentionsController(), loader = MentionsLoader()
        mentions.loader = loader
        loader.link = .linked(WeakRef(object: mentions))
        return mentions
    }
}

// MARK: - A shared indirect enum box

extension RetainCycleFixtures {
    /// Copies of one indirect enum value share its box.
    static func sharedIndirectBox() -> ThreadController {
        let thread = ThreadController(), navigator = Navigator(), other = Navigator()
        thread.navigator = navigator
        let route = Route.thread(thread)
        navigator.route = route
        thread.secondNavigator = other
        other.route = route
        return thread
    }
}
