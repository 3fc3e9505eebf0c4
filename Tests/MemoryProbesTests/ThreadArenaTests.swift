import Foundation
import MemoryProbes
import Testing

/// A thread bound to a new jemalloc arena of its own (`roost run --instructions` does this for
/// each virtual user's thread), whatever arena jemalloc had given it.
@Suite struct ThreadArenaTests {
    @Test func aThreadMovesToANewArenaOfItsOwn() throws {
        let arenas = try #require(Thread.runAndWait { () -> (UInt32?, Bool, UInt32?) in
            let before = ThreadArena.current
            let moved = ThreadArena.useNewArena()
            return (before, moved, ThreadArena.current)
        })
        let (before, moved, after) = arenas
        #expect(moved)
        let old = try #require(before), new = try #require(after)
        #expect(new != old)
        // Another thread's new arena is another arena again.
        let other = Thread.runAndWait { () -> UInt32? in
            ThreadArena.useNewArena()
            return ThreadArena.current
        }
        #expect(other != nil && other != new)
    }
}

private extension Thread {
    /// Runs `body` on a new thread and returns its result.
    static func runAndWait<T>(_ body: @escaping @Sendable () -> T) -> T? {
        nonisolated(unsafe) var result: T?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return result
    }
}
