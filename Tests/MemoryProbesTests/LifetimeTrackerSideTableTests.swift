import Testing
import MemoryProbes

/// A weak reference keeps its object's side table after the object dies. The tracker lets go
/// of its own weak reference at the first count that finds the object dead, and reports the
/// side tables that were the app's, so a harness can give them back to the step that closed
/// the screen (a long run's retention line is then the app's, not the tracker's).
@Suite struct LifetimeTrackerSideTableTests {
    private final class Controller {}
    private final class Cell { weak var delegate: Controller? }

    /// What forming the first weak reference to an object allocates: its side table.
    private func sideTableBytes() -> Int {
        let controller = Controller(), cell = Cell()
        let formed = AllocationCounters.measure { cell.delegate = controller }
        withExtendedLifetime((controller, cell)) {}
        return formed.bytesAllocated
    }

    @Test func theAppsSideTableIsReportedOnceWhenItsObjectDies() {
        AllocationCounters.requireJemalloc()
        let sideTable = sideTableBytes()
        #expect(sideTable > 0)
        let tracker = LifetimeTracker()
        do {
            let controller = Controller()
            let cells = [Cell(), Cell(), Cell()]
            for cell in cells { cell.delegate = controller }  // the app's weak references: its side table
            tracker.track(controller)
            #expect(tracker.countLive() == .init(live: 1, releasedBytes: 0))
        }  // the controller and its cells die together, as a closed screen's parts do
        let count = AllocationCounters.measure {
            #expect(tracker.countLive() == .init(live: 0, releasedBytes: sideTable))
        }
        #expect(count.bytesFreed >= sideTable)
        #expect(tracker.countLive() == .init(live: 0, releasedBytes: 0))
    }

    @Test func aSideTableTheTrackerMadeIsFreedButNotReported() {
        AllocationCounters.requireJemalloc()
        let tracker = LifetimeTracker()
        do {
            let controller = Controller()  // nothing else references it weakly
            tracker.track(controller)
        }
        let count = AllocationCounters.measure {
            #expect(tracker.countLive() == .init(live: 0, releasedBytes: 0))
        }
        #expect(count.bytesFreed >= sideTableBytes())
    }

    @Test func aSideTableTheAppStillHoldsIsNotReported() {
        AllocationCounters.requireJemalloc()
        let tracker = LifetimeTracker()
        let longLived = Cell()  // outlives the controller, so the side table stays for it
        do {
            let controller = Controller()
            longLived.delegate = controller
            tracker.track(controller)
        }
        #expect(tracker.countLive() == .init(live: 0, releasedBytes: 0))
        #expect(longLived.delegate == nil)
    }

    @Test func onlyTheDeadAreLetGoAndALiveObjectStaysTracked() {
        AllocationCounters.requireJemalloc()
        let sideTable = sideTableBytes()
        let tracker = LifetimeTracker()
        let survivor = Controller(), holder = Cell()
        holder.delegate = survivor
        tracker.track(survivor)
        do {
            let dead = Controller(), cell = Cell()
            cell.delegate = dead
            tracker.track(dead)
        }
        #expect(tracker.countLive() == .init(live: 1, releasedBytes: sideTable))
        #expect(tracker.survivors().map(\.label) == ["Controller"])
        #expect(tracker.trackedCounts() == ["Controller": 2])
        withExtendedLifetime((survivor, holder)) {}
    }
}
