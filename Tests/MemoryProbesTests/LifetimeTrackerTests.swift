import Foundation
import Synchronization
import Testing
import MemoryProbes

private final class Screen {}
private final class Header {}
private final class Cell {}
private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
private enum Outer {
    final class Inner {}
}

/// 16 bytes of object header plus 6 x 8 bytes of fields = 64 bytes, one of jemalloc's size
/// classes, so each instance's usable size is exactly 64.
private final class SixIntFields {
    var a = 0, b = 0, c = 0, d = 0, e = 0, f = 0
}

/// Sendable so that worker threads can hand the objects they keep to the test.
private final class Token: Sendable {}

@Suite struct LifetimeTrackerTests {

    /// A user closing a screen while another thread reads the tracker does not wait for it:
    /// no count, and the objects no count has yet found dead stand in for the live ones.
    @Test func aCountWhileAnotherThreadReadsIsSkippedNotAwaited() {
        let tracker = LifetimeTracker()
        let kept = [Token(), Token()]
        for token in kept { tracker.track(token) }
        do {
            let gone = Token()
            tracker.track(gone)
        }
        #expect(tracker.notFoundDeadCount == 3, "nothing counted yet")
        let reading = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            var first = true
            tracker.forEachSurvivor { _, _ in
                if first { reading.signal(); release.wait(); first = false }
            }
            done.signal()
        }.start()
        reading.wait()
        #expect(tracker.countLiveUnlessCounting() == LifetimeTracker.LiveCount(live: 3, releasedBytes: 0), "not counted: none found dead")
        release.signal()
        done.wait()
        #expect(tracker.countLiveUnlessCounting().live == 2)
        #expect(tracker.notFoundDeadCount == 2, "the count found one dead")
        let more = Token()
        tracker.track(more)
        #expect(tracker.notFoundDeadCount == 3, "tracked since the count: not yet checked")
        tracker.removeAll()
        #expect(tracker.notFoundDeadCount == 0, "forgotten")
        withExtendedLifetime((kept, more)) {}
    }

    private func countsByLabel(_ tracker: LifetimeTracker) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: tracker.survivors().map { ($0.label, $0.count) })
    }

    @Test func releasedObjectsAreNotSurvivorsAndHeldOnesAreCountedByTypeName() {
        let tracker = LifetimeTracker()
        let screens = [Screen(), Screen(), Screen()]
        let boxes = [Box(1), Box(2)]
        let inner = Outer.Inner()
        for screen in screens { tracker.track(screen) }
        do {
            let gone: [AnyObject] = [Screen(), Screen(), Box("text")]
            for object in gone { tracker.track(object) }
        }
        for box in boxes { tracker.track(box) }
        tracker.track(inner)

        // String(describing:) names a nested type without its parent, a generic with its arguments.
        #expect(String(describing: Outer.Inner.self) == "Inner")
        #expect(String(describing: Box<Int>.self) == "Box<Int>")
        #expect(tracker.survivors().map(\.label) == ["Screen", "Box<Int>", "Inner"])
        #expect(countsByLabel(tracker) == ["Screen": 3, "Box<Int>": 2, "Inner": 1])
        #expect(tracker.trackedCounts() == ["Screen": 5, "Box<Int>": 2, "Box<String>": 1, "Inner": 1])
        withExtendedLifetime((screens, boxes, inner)) {}
    }

    @Test func bytesAreTheInstancesOwnSizeClass() {
        #expect(AllocationCounters.isJemallocActive, "\(AllocationCounters.unavailableReason ?? "")")
        let tracker = LifetimeTracker()
        let kept = (0..<3).map { _ in SixIntFields() }
        for object in kept { tracker.track(object) }
        do {
            let gone = SixIntFields()
            tracker.track(gone)
        }
        let survivors = tracker.survivors()
        #expect(survivors == [LifetimeTracker.Survivor(label: "SixIntFields", count: 3, bytes: 192)])
        #expect(survivors.map(\.description) == ["3 x SixIntFields (192 B)"])
        withExtendedLifetime(kept) {}
    }

    @Test func explicitLabelsGroupTypesAndEveryRegistrationIsCounted() {
        let tracker = LifetimeTracker()
        let screen = Screen(), header = Header(), cells = [Cell(), Cell()]
        tracker.track(screen, label: "Profile")
        tracker.track(header, label: "Profile")
        for cell in cells { tracker.track(cell) }
        tracker.track(Header(), label: "Cell")  // dies at once, but counts as created
        tracker.track(Screen(), label: "Profile")

        #expect(countsByLabel(tracker) == ["Profile": 2, "Cell": 2])
        #expect(tracker.survivors().map(\.label) == ["Cell", "Profile"])  // a tie goes by label
        #expect(tracker.trackedCounts() == ["Profile": 3, "Cell": 3])
        #expect(tracker.trackedCount == 6)
        #expect(tracker.liveCount == 4)
        withExtendedLifetime((screen, header, cells)) {}
    }

    @Test func liveCountFallsAsObjectsDieAndRemoveAllEmptiesTheTracker() {
        let tracker = LifetimeTracker()
        var objects = (0..<5).map { _ in Screen() }
        for object in objects { tracker.track(object) }
        for expected in stride(from: 5, through: 1, by: -1) {
            #expect(tracker.liveCount == expected)
            objects.removeLast()
        }
        #expect(tracker.liveCount == 0)
        #expect(tracker.survivors().isEmpty)
        #expect(tracker.trackedCount == 5)

        let held = Header()
        tracker.track(held)
        tracker.removeAll()
        #expect(tracker.trackedCount == 0)
        #expect(tracker.liveCount == 0)
        #expect(tracker.survivors().isEmpty)
        #expect(tracker.trackedCounts().isEmpty)
        #expect(tracker.survivingObjects().isEmpty)

        tracker.track(held)
        #expect(tracker.trackedCount == 1)
        #expect(countsByLabel(tracker) == ["Header": 1])
        withExtendedLifetime(held) {}
    }

    /// A long run tracks every screen it closes: blocks whose objects all died are retired,
    /// so the tracker's memory stays bounded, and what they held is still counted.
    @Test func aLongRunsDeadRegistrationsAreRetiredAndStillCounted() {
        AllocationCounters.requireJemalloc()
        let tracker = LifetimeTracker()
        let survivor = Header()
        tracker.track(survivor)
        let measurement = AllocationCounters.measure {
            for _ in 0..<40 {
                for index in 0..<1_024 {
                    if index % 2 == 0 { tracker.track(Screen()) } else { tracker.track(Cell(), label: "cell") }
                }
                #expect(tracker.liveCount == 1)
            }
        }
        // 40,961 registrations: kept, they would hold 40,960 entries and side tables (2.6 MB and more).
        #expect(measurement.netBytes < 256 * 1_024, "the tracker kept \(measurement.netBytes) bytes")
        #expect(tracker.trackedCount == 40_961)
        #expect(tracker.trackedCounts() == ["Header": 1, "Screen": 20_480, "cell": 20_480])
        #expect(countsByLabel(tracker) == ["Header": 1])
        #expect(tracker.survivingObjects().map(\.label) == ["Header"])
        withExtendedLifetime(survivor) {}
    }

    @Test func trackingDoesNotKeepAnObjectAlive() {
        let tracker = LifetimeTracker()
        weak var weakScreen: Screen?
        weak var weakCell: Cell?
        do {
            let screen = Screen(), cell = Cell()
            weakScreen = screen
            weakCell = cell
            tracker.track(screen)
            tracker.track(cell, label: "Row")
            #expect(tracker.liveCount == 2)
        }
        #expect(weakScreen == nil)
        #expect(weakCell == nil)
        #expect(tracker.liveCount == 0)
        #expect(tracker.survivingObjects().isEmpty)
    }

    @Test func eightThreadsTrackTenThousandObjectsEach() {
        let tracker = LifetimeTracker()
        let threads = 8, perThread = 10_000
        let kept = Mutex<[Token]>([])
        // Iterations 0..<8 track; iteration 8 reads snapshots while they do.
        DispatchQueue.concurrentPerform(iterations: threads + 1) { worker in
            guard worker < threads else {
                for _ in 0..<20 {
                    let seen = tracker.survivors().reduce(0) { $0 + $1.count }
                    #expect(seen <= tracker.trackedCount)
                }
                return
            }
            var mine: [Token] = []
            let label: String? = worker.isMultiple(of: 2) ? nil : "worker \(worker)"
            for index in 0..<perThread {
                let token = Token()
                tracker.track(token, label: label)
                if index.isMultiple(of: 10) { mine.append(token) }
            }
            kept.withLock { $0.append(contentsOf: mine) }
        }
        let keptObjects = kept.withLock { $0 }
        #expect(keptObjects.count == 8_000)
        #expect(tracker.trackedCount == 80_000)
        #expect(tracker.liveCount == 8_000)
        #expect(countsByLabel(tracker) == [
            "Token": 4_000, "worker 1": 1_000, "worker 3": 1_000, "worker 5": 1_000, "worker 7": 1_000,
        ])
        #expect(tracker.trackedCounts() == [
            "Token": 40_000, "worker 1": 10_000, "worker 3": 10_000, "worker 5": 10_000, "worker 7": 10_000,
        ])
        let surviving = tracker.survivingObjects().map { ObjectIdentifier($0.object) }
        let keptIDs = Set(keptObjects.map { ObjectIdentifier($0) })
        #expect(surviving.count == 8_000)
        #expect(Set(surviving).symmetricDifference(keptIDs).count == 0)
    }

    @Test func survivingObjectsAreTheLiveOnesWithLabelsInRegistrationOrder() {
        let tracker = LifetimeTracker()
        let first = Cell(), third = Box(3), fourth = Screen()
        tracker.track(first, label: "row")
        tracker.track(Header())  // dies at once
        tracker.track(third)
        tracker.track(fourth)
        // More than one chunk of entries, all dead, then one more live one.
        for _ in 0..<3_000 { tracker.track(Cell()) }
        let last = Header()
        tracker.track(last, label: "last")

        let surviving = tracker.survivingObjects()
        #expect(surviving.map(\.label) == ["row", "Box<Int>", "Screen", "last"])
        let expected: [AnyObject] = [first, third, fourth, last]
        #expect(surviving.map { ObjectIdentifier($0.object) } == expected.map { ObjectIdentifier($0) })
    }
}
