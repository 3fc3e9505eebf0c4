import Synchronization
import Testing
import MemoryProbes

/// A screen that keeps its listeners in a Mutex.
private final class ListenerScreen: @unchecked Sendable {
    let listeners = Mutex<[AnyObject]>([])
    var nothing: Void = ()
}

/// `Mutex` storage is noncopyable: the runtime hides its type from reflection (even the field
/// record's accessor answers `()`). The walk cannot see into it, and must say so.
@Suite struct MutexCycleTests {
    @Test func aReferenceInsideAMutexMakesTheWalkIncompleteNotCycleFree() {
        let screen = ListenerScreen()
        screen.listeners.withLock { $0.append(screen) }
        defer { screen.listeners.withLock { $0.removeAll() } }
        let report = RetainCycleDetector().report(from: screen)
        #expect(!report.isComplete)
        #expect(report.typesWithoutReflectionMetadata == ["ListenerScreen.listeners (noncopyable, e.g. a Mutex)"])
        #expect(throws: RetainCycleDetector.Failure.self) { try RetainCycleDetector().cycles(from: screen) }
    }
}
