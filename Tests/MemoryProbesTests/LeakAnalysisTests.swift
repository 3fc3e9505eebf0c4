import Testing
import MemoryProbes

private final class ProfileController {
    var header: ProfileHeader?
    var posts: [String] = []
}

private final class ProfileHeader {
    var delegate: ProfileController?
}

/// Tracker and detector together: what the harness does after a screen closes.
@Suite struct LeakAnalysisTests {
    private func openAndCloseProfile(strongDelegate: Bool, tracker: LifetimeTracker) {
        let controller = ProfileController(), header = ProfileHeader()
        controller.header = header
        if strongDelegate { header.delegate = controller }
        tracker.track(controller)
        tracker.track(header)
    }

    @Test func aStrongDelegateLeavesAnUnreachableCycleAndAWeakOneNothing() throws {
        let tracker = LifetimeTracker()
        openAndCloseProfile(strongDelegate: true, tracker: tracker)
        #expect(tracker.survivors().map(\.label).sorted() == ["ProfileController", "ProfileHeader"])

        var found: [String: [String]] = [:]
        var unreachable: [String: Bool] = [:]
        try tracker.forEachSurvivor { label, object in
            let report = RetainCycleDetector().report(from: object)
            #expect(report.isComplete)
            found[label] = report.cycles.map(String.init(describing:))
            unreachable[label] = report.cycles.allSatisfy(\.isUnreachable)
            #expect(report.objects.allSatisfy { $0.externalHolders == 0 }, "\(label): \(report.objects)")
            _ = try RetainCycleDetector().cycles(from: object)
        }
        #expect(found == [
            "ProfileController": ["ProfileController.header -> ProfileHeader.delegate -> ProfileController"],
            "ProfileHeader": ["ProfileHeader.delegate -> ProfileController.header -> ProfileHeader"],
        ])
        #expect(unreachable == ["ProfileController": true, "ProfileHeader": true])

        // Break the cycle: both die.
        tracker.forEachSurvivor { _, object in (object as? ProfileHeader)?.delegate = nil }
        #expect(tracker.liveCount == 0)

        let weakTracker = LifetimeTracker()
        openAndCloseProfile(strongDelegate: false, tracker: weakTracker)
        #expect(weakTracker.survivors().isEmpty)
    }

    @Test func anObjectStillHeldElsewhereIsNotCalledGarbage() {
        let tracker = LifetimeTracker()
        let controller = ProfileController(), header = ProfileHeader()
        controller.header = header
        header.delegate = controller
        tracker.track(controller)
        defer { header.delegate = nil }
        // This test still holds `controller` and `header`: one outside holder each.
        tracker.forEachSurvivor { _, object in
            let report = RetainCycleDetector().report(from: object)
            #expect(report.cycles.count == 1)
            #expect(report.cycles.allSatisfy { !$0.isUnreachable })
            #expect(report.objects.map(\.externalHolders) == [1, 1])
        }
    }
}
