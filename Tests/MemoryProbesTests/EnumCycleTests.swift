import Testing
import MemoryProbes

private typealias F = RetainCycleFixtures

/// Cycles through enum payloads, indirect cases, closures and unowned references in payloads, custom mirrors.
@Suite struct EnumCycleTests {
    // MARK: Enums

    @Test func cycleThroughAnEnumPayload() {
        let timeline = F.enumPayloadCycle { .loaded($0) }
        defer { timeline.tearDown() }
        #expect(paths(timeline) == ["TimelineController.loader -> TimelineLoader.state.loaded -> TimelineController"])
        timeline.loader?.state = .loading(progress: 0.5)
        #expect(paths(timeline) == [])
    }

    @Test func cycleThroughAnEnumTuplePayload() {
        let timeline = F.enumPayloadCycle { .failed(404, $0) }
        defer { timeline.tearDown() }
        // Mirror names an unlabeled tuple payload's elements ".0", ".1".
        let payload = Mirror(reflecting: timeline.loader!.state).children.first!
        #expect(payload.label == "failed")
        #expect(Mirror(reflecting: payload.value).children.map(\.label) == [".0", ".1"])
        #expect(paths(timeline) == ["TimelineController.loader -> TimelineLoader.state.failed.1 -> TimelineController"])
    }

    @Test func cycleThroughAnEnumLabeledTuplePayload() {
        let timeline = F.enumPayloadCycle { .paged(page: 2, owner: $0) }
        defer { timeline.tearDown() }
        #expect(paths(timeline) == ["TimelineController.loader -> TimelineLoader.state.paged.owner -> TimelineController"])
    }

    @Test func cycleThroughAnEnumSingleLabeledPayload() {
        let timeline = F.enumPayloadCycle { .attached(owner: $0) }
        defer { timeline.tearDown() }
        // Mirror shows a one-element labeled tuple `(owner: TimelineController)`.
        let payload = Mirror(reflecting: timeline.loader!.state).children.first!
        #expect(payload.label == "attached")
        #expect(Mirror(reflecting: payload.value).children.map(\.label) == ["owner"])
        #expect(paths(timeline) == ["TimelineController.loader -> TimelineLoader.state.attached.owner -> TimelineController"])
    }

    @Test func cycleThroughAnIndirectEnumCase() {
        let thread = F.indirectEnumCycle(nested: false)
        defer { thread.tearDown() }
        #expect(paths(thread) == ["ThreadController.navigator -> Navigator.route.thread -> ThreadController"])
    }

    @Test func cycleThroughNestedIndirectEnumCases() {
        let thread = F.indirectEnumCycle(nested: true)
        defer { thread.tearDown() }
        #expect(paths(thread) == ["ThreadController.navigator -> Navigator.route.modal.modal.thread -> ThreadController"])
    }

    // MARK: More enums

    @Test func cycleThroughAClosureInAnEnumPayload() {
        let controller = F.closureInEnumPayloadCycle()
        defer { controller.tearDown() }
        #expect(paths(controller) == ["ButtonController.button -> ActionButton.action.run() -> ButtonController"])
    }

    @Test func deadUnownedReferencesInAnEnumPayloadAreNotRead() {
        let (controller, probe) = F.deadUnownedInEnumPayload()
        defer { controller.tearDown() }
        #expect(probe.object == nil)
        #expect(paths(controller) == [])
        #expect(RetainCycleDetector().report(from: controller).objects.map(\.typeName) == ["ButtonController", "ActionButton"])
    }

    /// The payload is stored whatever the enum's Mirror shows.
    @Test func enumWithAnEmptyCustomMirrorStillHoldsItsPayload() {
        let mentions = F.customMirrorHidesPayload()
        defer { mentions.tearDown() }
        #expect(Mirror(reflecting: mentions.loader!.state).children.isEmpty)
        #expect(paths(mentions) == ["MentionsController.loader -> MentionsLoader.state.loaded -> MentionsController"])
    }

    /// A custom Mirror's children are not stored references: a weakly held target shown
    /// as a child is no cycle.
    @Test func enumWithACustomMirrorShowingAWeakTargetIsNoCycle() {
        let mentions = F.customMirrorShowsWeakTarget()
        defer { mentions.tearDown() }
        #expect(paths(mentions) == [])
    }
}
