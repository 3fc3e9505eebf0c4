import Testing
import MemoryProbes

private final class ProfileController {
    var header: ProfileHeader?
    var posts: [String] = []
}

private final class ProfileHeader {
    var delegate: ProfileController?
}

/// The README's MemoryProbes tour, kept compiling and true.
@Suite struct MemoryProbesReadmeTourTests {
    @Test func theTourRunsAsWritten() throws {
        var cycleText: [String] = []
        // --- as in the README ---
        let measured = AllocationCounters.measure {
            let controller = ProfileController()
            controller.posts = (0..<20).map { "post number \($0) of the feed" }
        }
        print(measured)   // allocations, frees and bytes of this thread only

        let tracker = LifetimeTracker()
        do {
            let controller = ProfileController(), header = ProfileHeader()
            controller.header = header
            header.delegate = controller          // the bug: a strong delegate
            tracker.track(controller)
        }                                         // the screen "closes"
        print(tracker.survivors())                // [1 x ProfileController (32 B)]
        try tracker.forEachSurvivor { _, object in
            for cycle in try RetainCycleDetector().cycles(from: object) {
                print(cycle, cycle.isUnreachable ? "(garbage)" : "")
                cycleText.append("\(cycle)")
            }
        }
        // --- end ---
        #expect(measured.allocations >= 21 && measured.bytesAllocated > 0 && measured.frees > 0)
        #expect(tracker.survivors() == [.init(label: "ProfileController", count: 1, bytes: 32)])
        #expect(cycleText == ["ProfileController.header -> ProfileHeader.delegate -> ProfileController"])
        tracker.forEachSurvivor { _, object in (object as? ProfileController)?.header = nil }
    }
}
